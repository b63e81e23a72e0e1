//! `shogiprint diagram`: one position (or a YAML diagram file) to SVG, PNG or PDF. The position
//! is validated before anything is written.

use super::image::ImageArgs;
use super::input;
use super::output::{self, Format};
use super::Failure;
use shogiprint::diagram::{self, spec, verify, Diagram, Kings, Style};
use shogiprint::draw::Fonts;
use shogiprint::formats::{limits, notation, DataError};
use shogiprint::render;
use shogiprint::rules::{Color, Variant};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A position (SFEN, startpos, handicap, USI string, a file holding one, or '-'), or a YAML
    /// diagram file (*.yaml, *.yml).
    #[arg(value_name = "INPUT")]
    input: String,

    /// Output file; its extension picks the format. Without it the SVG goes to stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,

    #[arg(long, value_enum, help = output::FORMAT_HELP)]
    format: Option<Format>,

    /// traditional (kanji, as in books), arrows (pentagons with movement marks) or western
    /// (pentagons with letters and movement marks).
    #[arg(long, value_parser = ["traditional", "arrows", "western"])]
    style: Option<String>,

    /// Draw the board as White sees it.
    #[arg(long)]
    flip: bool,

    /// A tsume: the attacker may have no king; the defender's hand is shown as 残り全部.
    #[arg(long)]
    tsume: bool,

    /// Draw a tsume without proving it first (a draft, or a position that is not a problem).
    #[arg(long)]
    no_verify: bool,

    #[command(flatten)]
    verify: super::verify::ProverArgs,

    /// In a tsume, leave the defender's hand out instead of writing 残り全部.
    #[arg(long)]
    hide_defender_hand: bool,

    /// Label the sides 下手/上手 (automatic when INPUT is a handicap).
    #[arg(long)]
    handicap: bool,

    /// A line above the board, e.g. '第1図'.
    #[arg(long)]
    title: Option<String>,

    /// A line under the board, e.g. '第1図 ▲7六歩まで'.
    #[arg(long)]
    caption: Option<String>,

    /// Square width in millimetres (default 7).
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    size: Option<f64>,

    /// Square proportions: 11:12 (a real board, default) or 1:1.
    #[arg(long, value_parser = ["11:12", "1:1"])]
    squares: Option<String>,

    /// How kings are written: traditional (玉 for Black, 王 for White), ou or gyoku.
    #[arg(long, value_parser = ["traditional", "ou", "gyoku"])]
    kings: Option<String>,

    /// Write promoted lance, knight and silver as 成香, 成桂, 成銀 instead of 杏, 圭, 全.
    #[arg(long)]
    two_char_promoted: bool,

    /// Arrows and western styles: pieces graded by rank as in a real set (king largest, pawn
    /// smallest).
    #[arg(long)]
    graded: bool,

    /// Squares to highlight (7g, 76 or 7六), repeatable.
    #[arg(long, value_name = "SQUARE")]
    highlight: Vec<String>,

    /// Arrows as moves (7g7f) or drops (P*5e), repeatable.
    #[arg(long, value_name = "MOVE")]
    arrow: Vec<String>,

    /// The move to mark as just played (7g7f, P*5e); 'none' for none. By default the last move of
    /// a USI string.
    #[arg(long, value_name = "MOVE")]
    last_move: Option<String>,

    /// Shade the last move's squares (traditional diagrams do not by default: books write the
    /// move in the caption; beginner styles do).
    #[arg(long)]
    shade_last_move: bool,

    /// Draw even if the position breaks the rules.
    #[arg(long)]
    allow_invalid: bool,

    /// A TrueType/OpenType font to use instead of the bundled Noto Serif JP.
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,

    /// For a game record (KIF, KI2, CSA…): the position after this many moves (default: the
    /// last position; with --tsume the start, the problem).
    #[arg(
        long,
        visible_alias = "move",
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = super::numbers::zero_or_more::<usize>
    )]
    ply: Option<usize>,

    #[command(flatten)]
    image: ImageArgs,

    #[command(flatten)]
    ink: super::ink::InkArgs,
}

pub fn run(
    args: &Args,
    variant: &Arc<Variant>,
    pieces: Option<&std::path::Path>,
    out: &mut impl Write,
) -> Result<i32, Failure> {
    let fonts = match &args.font {
        Some(path) => Fonts::from_file(path).map_err(|e| Failure::bad("--font", e))?,
        None => Fonts::bundled(),
    };
    let format = match (&args.format, &args.output) {
        (Some(f), Some(o)) => output::check_format_agrees(o, *f)?,
        (Some(f), None) => *f,
        (None, Some(o)) if o != "-" => {
            Format::from_path(std::path::Path::new(o)).ok_or_else(|| {
                Failure::bad(
                    o,
                    "cannot tell the format from the extension: use .svg, .png, .pdf or --format",
                )
            })?
        }
        _ => Format::Svg,
    };
    args.image.check_used_by(format)?;
    output::not_to_terminal(args.output.as_deref().unwrap_or("-"), format)?;

    let (mut diagram, mut notes, game) = read(args, variant, pieces)?;
    // Where the position was given, for its problems: a diagram file's `position:` field,
    // else the argument.
    let place = || yaml_field_place(args, "position").unwrap_or_else(|| where_(args));
    apply_flags(args, &mut diagram)?;
    if !args.allow_invalid {
        diagram.check().map_err(|e| {
            if let Some(message) = input::wrong_shape(&e, &diagram.variant) {
                return Failure::bad(place(), message);
            }
            let kingless = e
                .problems
                .iter()
                .any(|p| p.code == shogiprint::rules::ProblemCode::MissingKing);
            let mut failure = Failure::from_error(place(), &shogiprint::Error::Invalid(e));
            // A tsume file drawn as a game shows its end: the mate, the attacker kingless.
            let record = super::record_input::names_game_record(std::path::Path::new(&args.input));
            if kingless && record && !args.tsume {
                failure.lines.push(format!(
                    "{}: hint: a tsume record? --tsume draws the problem it starts from",
                    where_(args)
                ));
            }
            failure
        })?;
    }
    // A tsume is proven before it is drawn (an invalid one drawn on purpose cannot be).
    let mut settings = verify::Settings {
        enabled: !args.no_verify && !args.allow_invalid,
        ..verify::Settings::default()
    };
    args.verify.apply(&mut settings)?;
    // One problem: all of the memory budget is its own.
    settings.jobs = 1;
    verify::verify(&mut diagram, &mut notes.answer, &settings).map_err(|r| {
        // A caption that needs the proof is at fault where it was given: the flag, or the
        // file's `caption:`.
        let at = match &r {
            verify::Refusal::CaptionNeedsProof(c) if args.caption.is_some() => {
                return Failure::bad(
                    "--caption",
                    format!(
                        "'{c}' needs a proven tsume (--tsume or tsume: true, and verification on)"
                    ),
                );
            }
            verify::Refusal::CaptionNeedsProof(_) => yaml_field_place(args, "caption"),
            _ => None,
        };
        let mut lines = vec![format!("{}: {r}", at.unwrap_or_else(place))];
        // A game drawn as a tsume: its start is no problem, as `tsume` says of it.
        if game && r.exit_code() == 1 {
            lines.push(format!(
                "{}: hint: {}",
                where_(args),
                super::record_input::GAME_RECORD_HINT
            ));
        }
        Failure {
            lines,
            code: r.exit_code(),
        }
    })?;
    let mut drawing = match diagram::draw(&diagram, &fonts) {
        // Names from a game record may use characters the bundled font subset lacks: draw
        // the sides' usual labels instead, and say so.
        Err(e) if diagram.players.iter().any(Option::is_some) => {
            super::report_warning(&format!(
                "{}: {e}; the players' names are left out",
                where_(args)
            ));
            diagram.players = [None, None];
            diagram::draw(&diagram, &fonts)
        }
        other => other,
    }
    .map_err(|e| Failure::bad(where_(args), e))?;
    args.ink.options().apply_in_place(&mut drawing);
    let bytes = match format {
        Format::Svg => render::to_svg_with(&drawing, &fonts, &args.image.svg()?).into_bytes(),
        Format::Png => render::to_png_with(&drawing, &fonts, &args.image.png(800)?)
            .map_err(|e| args.image.png_failure(e))?,
        Format::Pdf => render::pdf::to_pdf(
            std::slice::from_ref(&drawing),
            &fonts,
            diagram.title.as_deref().unwrap_or("Shogi diagram"),
        ),
    };
    output::write(args.output.as_deref().unwrap_or("-"), &bytes, out)?;
    Ok(0)
}

fn where_(args: &Args) -> String {
    if args.input == "-" {
        "stdin".to_string()
    } else {
        format!("'{}'", args.input)
    }
}

/// `FILE:LINE:COLUMN` of a diagram file's `field` (`position:` for the position's problems),
/// found again in the file that [`read`] has read.
fn yaml_field_place(args: &Args, field: &str) -> Option<String> {
    if !is_yaml_name(&args.input) {
        return None;
    }
    let text = std::fs::read_to_string(&args.input).ok()?;
    let located = DataError::new(&args.input, "").at_field(&text, None, field);
    located.line.is_some().then(|| located.place())
}

pub fn is_yaml_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".yaml") || lower.ends_with(".yml")
}

/// A YAML diagram file (with its notes), or a position in any form the other commands take;
/// and whether it is a game record from the set-up position (a game, no tsume problem).
fn read(
    args: &Args,
    variant: &Arc<Variant>,
    pieces: Option<&std::path::Path>,
) -> Result<(Diagram, spec::Notes, bool), Failure> {
    // A record is drawn at its start with --tsume, and at a move with --ply: not both.
    if let (true, Some(n)) = (args.tsume, args.ply) {
        return Err(Failure::bad(
            "--tsume",
            format!(
                "draws a game record at its start (the problem), --ply {n} at a move of it: give one or the other"
            ),
        ));
    }
    let mut inputs = input::Inputs::default();
    let yaml_text = if is_yaml_name(&args.input) {
        let path = std::path::Path::new(&args.input);
        Some((
            input::read_file(path)?,
            args.input.clone(),
            path.parent().map(|p| p.to_path_buf()),
        ))
    } else if args.input == "-" {
        let text = inputs.stdin_text()?;
        input::looks_like_yaml_diagram(&text).then(|| (text, "stdin".to_string(), None))
    } else {
        None
    };
    // A game record piped in is read as one, as `game -` reads it.
    let stdin_record = match (&yaml_text, args.input.as_str()) {
        (None, "-") => {
            let text = inputs.stdin_text()?;
            super::record_input::looks_like_record(&text).then_some(text)
        }
        _ => None,
    };
    // `--ply` on a record's name that is no file is read as a record all the same, so the
    // error says the file is missing rather than that it is no record.
    let is_record = yaml_text.is_none()
        && (stdin_record.is_some()
            || super::record_input::is_record_path(&args.input)
            || (args.ply.is_some() && super::record_input::names_record(&args.input)));
    if let (Some(n), false) = (args.ply, is_record) {
        return Err(Failure::bad(
            format!("--ply {n}"),
            match yaml_text {
                Some(_) => "takes a game record; in a diagram file write position: {record: FILE, ply: N}".to_string(),
                None => format!(
                    "{} is not a game record (KIF, KI2, CSA, BOD or USI file): --ply picks a position of one",
                    where_(args)
                ),
            },
        ));
    }
    if let Some((text, name, dir)) = yaml_text {
        let (diagram, notes) = read_yaml(&text, &name, dir, variant, pieces)?;
        return Ok((diagram, notes, false));
    }
    if is_record {
        let record = match &stdin_record {
            Some(text) => super::record_input::read_text("stdin", text, variant)?,
            None => super::record_input::read(&args.input, variant)?,
        };
        // A tsume record is drawn at its start, the problem (its moves are the answer).
        let ply = args.ply.or(args.tsume.then_some(0));
        let diagram =
            diagram::from_record(&record, ply, 1).map_err(|e| Failure::bad("--ply", e))?;
        let game = super::record_input::starts_as_a_game(&record);
        return Ok((diagram, spec::Notes::default(), game));
    }
    let entry = inputs.one(&args.input, "diagram")?;
    let read = spec::read_position(&entry.text, variant)
        .map_err(|e| input::entry_failure(&entry, &e, variant))?;
    Ok((
        Diagram::from_read(variant.clone(), read),
        spec::Notes::default(),
        false,
    ))
}

/// A YAML diagram file's text (named `name`, read from `dir`) as a diagram and its notes; a
/// variant it names is a built-in one or a file beside it. Also read by `tsume`.
pub fn read_yaml(
    text: &str,
    name: &str,
    dir: Option<PathBuf>,
    variant: &Arc<Variant>,
    pieces: Option<&std::path::Path>,
) -> Result<(Diagram, spec::Notes), Failure> {
    // A variant file is found beside the diagram file.
    let load = |v: &str| input::variant_in(v, dir.as_deref(), pieces);
    spec::from_yaml_text_with_notes(text, name, variant, &load).map_err(|e| match &e {
        shogiprint::Error::Invalid(_) => Failure::from_error(name, &e),
        _ => Failure {
            lines: vec![e.to_string()],
            code: super::exit_code(&e),
        },
    })
}

/// Command-line options override the file's.
fn apply_flags(args: &Args, d: &mut Diagram) -> Result<(), Failure> {
    let size = d.variant.size;
    let o = &mut d.options;
    if let Some(s) = &args.style {
        let style = Style::parse(s).unwrap_or_default();
        if style != o.style && o.square == o.style.default_square() {
            o.square = style.default_square();
        }
        o.style = style;
    }
    if args.flip {
        o.viewer = Color::White;
    }
    o.tsume |= args.tsume;
    if args.hide_defender_hand {
        o.defender_hand = diagram::DefenderHand::Hidden;
    }
    o.handicap |= args.handicap;
    if let Some(mm) = args.size {
        if !(2.0..=60.0).contains(&mm) {
            return Err(Failure::bad(
                "--size",
                format!("{mm} mm is out of range (2 to 60 mm)"),
            ));
        }
        o.square = mm;
    }
    if let Some(s) = &args.squares {
        o.aspect = diagram::parse_aspect(s).unwrap_or(o.aspect);
    }
    if let Some(k) = &args.kings {
        o.kings = Kings::parse(k).unwrap_or_default();
    }
    o.two_char_promoted |= args.two_char_promoted;
    o.graded |= args.graded;
    if args.shade_last_move {
        o.last_move_shading = Some(true);
    }
    for (option, text) in [("--title", &args.title), ("--caption", &args.caption)] {
        if let Some(Err(e)) = text.as_deref().map(limits::check_text_length) {
            return Err(Failure::bad(option, e));
        }
    }
    if args.title.is_some() {
        d.title = args.title.clone();
    }
    if args.caption.is_some() {
        d.caption = args.caption.clone();
    }
    for h in &args.highlight {
        let sq = notation::parse_square(h, size).ok_or_else(|| {
            Failure::bad(
                "--highlight",
                format!("'{h}' is not a square (write 7g, 76 or 7六)"),
            )
        })?;
        d.annotations.highlights.push((sq, diagram::HIGHLIGHT));
    }
    for a in &args.arrow {
        let arrow =
            spec::diagram_arrow(a, d).map_err(|e| Failure::bad(format!("--arrow '{a}'"), e))?;
        d.annotations.arrows.push(arrow);
    }
    // The file's annotations and the options' together, under the bounds of a file's.
    let a = &d.annotations;
    for (option, count, max) in [
        ("--highlight", a.highlights.len(), limits::MAX_HIGHLIGHTS),
        ("--arrow", a.arrows.len(), limits::MAX_ARROWS),
    ] {
        limits::check_entries(count, max).map_err(|e| Failure::bad(option, e))?;
    }
    if let Some(m) = &args.last_move {
        d.annotations.last_move = spec::last_move_of(m, &d.setup, &d.variant)
            .map_err(|e| Failure::bad(format!("--last-move '{m}'"), e))?;
    }
    Ok(())
}
