//! The prover's options shared by `tsume`, `diagram` and `booklet`: strictness, 駒余り and
//! limits. Given on the command line, they override a booklet's or a diagram file's `strict`,
//! `allow_leftover` and `prover` fields. `diagram` proves one problem, so `--jobs` (problems
//! proved at once) belongs to `tsume` and `booklet` alone.

use super::Failure;
use shogiprint::diagram::verify::Settings;

/// The least memory budget, in MiB, a problem proved beside others gets by default.
const MIN_SHARE_MB: usize = 32;

/// The options for proving one problem: `diagram`'s.
#[derive(Debug, clap::Args)]
pub struct ProverArgs {
    /// Treat every alternative solution (余詰) as a defect, final-move and promotion choices too.
    #[arg(long)]
    strict: bool,

    /// Stop a problem's search after this many nodes (it is then `unknown`) [default: 50000000].
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = super::numbers::at_least_one::<u64>
    )]
    max_nodes: Option<u64>,

    /// Stop a problem's search after this many seconds (it is then `unknown`) [default: none for
    /// tsume, 60 for diagrams and booklets].
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
    time: Option<f64>,

    /// Memory budget of the prover's tables, in MiB: 1 to 65536, as a file's prover: {hash: N}
    /// [default: 256].
    #[arg(
        long,
        value_name = "MB",
        allow_negative_numbers = true,
        value_parser = super::numbers::hash_mb
    )]
    hash: Option<usize>,

    /// Accept a main line that ends with pieces left in the attacker's hand (駒余り), a flaw by
    /// default.
    #[arg(long)]
    allow_leftover: bool,
}

/// The options for proving several problems: those of one, and how many at once (`tsume`,
/// `booklet`).
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    prover: ProverArgs,

    /// Problems proved at once [default: the processor's cores, at most one per problem and
    /// one per 32 MiB of --hash]. They share the memory budget (--hash): each takes its part.
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = super::numbers::at_least_one::<usize>
    )]
    jobs: Option<usize>,
}

impl ProverArgs {
    /// `settings` with the options given on the command line (`jobs` left as it is).
    pub fn apply(&self, settings: &mut Settings) -> Result<(), Failure> {
        settings.strict |= self.strict;
        settings.allow_leftover |= self.allow_leftover;
        let given = &mut settings.command_line;
        given.strict = self.strict.then_some(true);
        given.allow_leftover = self.allow_leftover.then_some(true);
        given.max_nodes = self.max_nodes;
        given.time = self.time;
        given.hash_mb = self.hash;
        if let Some(n) = self.max_nodes {
            settings.max_nodes = n;
        }
        if let Some(s) = self.time {
            if !(s.is_finite() && s > 0.0) {
                return Err(Failure::bad(
                    "--time",
                    "must be a positive number of seconds",
                ));
            }
            settings.time = Some(s);
        }
        if let Some(h) = self.hash {
            settings.hash_mb = h;
        }
        Ok(())
    }

    /// The first of these flags given, if any.
    fn given(&self) -> Option<&'static str> {
        [
            (self.strict, "--strict"),
            (self.max_nodes.is_some(), "--max-nodes"),
            (self.time.is_some(), "--time"),
            (self.hash.is_some(), "--hash"),
            (self.allow_leftover, "--allow-leftover"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

impl VerifyArgs {
    /// `settings` with the options given on the command line, `jobs` too.
    pub fn apply(&self, settings: &mut Settings) -> Result<(), Failure> {
        self.prover.apply(settings)?;
        settings.jobs = match self.jobs {
            Some(n) => n,
            // Every core, but not so many that a problem's share of the budget is too small
            // for a hard one: 256 MiB (the default) goes to 8 at most.
            None => std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(settings.hash_mb / MIN_SHARE_MB)
                .max(1),
        };
        Ok(())
    }

    /// The first of these flags given, if any: for a command that has nothing to prove.
    pub fn given(&self) -> Option<&'static str> {
        self.prover
            .given()
            .or(self.jobs.is_some().then_some("--jobs"))
    }
}
