//! Legal move generation.
//!
//! With exactly one royal piece the mover must not leave it attacked: we find the checkers and the
//! pinned pieces once, then mask every piece's targets. With two royals (sho shogi's king and
//! crown prince) neither is in check, and with none (a tsume attacker) nothing is, so every
//! pseudo-legal move is legal. Moves are handed to a [`Sink`] as target sets, so that perft can
//! count them with popcounts instead of listing them.

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::flights::Flights;
use super::moves::Move;
use super::piece::KindId;
use super::square::Square;
use super::tables::{Shift, Tables};
use super::threats::{checkers, Pins, Threats};

/// Receives generated moves as sets of target squares.
pub(crate) trait Sink {
    /// Moves of the piece on `from` to `to`; of those, the ones in `promote` may promote, and the
    /// ones in `forced` must (so they have no unpromoted form).
    fn board_moves(&mut self, from: Square, to: Bitboard, promote: Bitboard, forced: Bitboard);
    /// Moves of several pieces at once, each from `to - delta` (square indices) to its square in
    /// `to`; `promote` and `forced` as for [`Sink::board_moves`].
    fn shifted_moves(&mut self, delta: i32, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        for sq in to {
            let from = Square::new((sq.index() as i32 - delta) as u8);
            let one = Bitboard::from_square(sq);
            self.board_moves(from, one, promote & one, forced & one);
        }
    }
    /// Drops of `kind` onto `to`.
    fn drops(&mut self, kind: KindId, to: Bitboard);
    /// The sink has all it needs: generation may stop (asked between the king's moves, the
    /// other pieces' and the drops).
    #[inline]
    fn enough(&self) -> bool {
        false
    }
    /// Told before any move when the mover's single royal piece is in check by one piece:
    /// the squares strictly between them (empty for a step or a jump).
    #[inline]
    fn in_check(&mut self, _between: Bitboard) {}
    /// The only squares the sink wants moves and drops onto, if it wants not all: the
    /// generator then leaves the others out before it works anything out for them.
    #[inline]
    fn onto(&self) -> Option<Bitboard> {
        None
    }
    /// Of the squares `to` where a drop of `kind` would be legal but for the rule against a
    /// pawn-drop mate, those the sink may want (all by default): the generator asks before it
    /// plays out that rule, and hands over only these.
    #[inline]
    fn drop_targets(&self, _kind: KindId, to: Bitboard) -> Bitboard {
        to
    }
    /// Whether the sink takes the moves in any order (it counts them, say): the generator may
    /// then hand over the drops before the pieces' moves.
    #[inline]
    fn any_order(&self) -> bool {
        false
    }
    /// The pieces of `kind` whose moves the sink may want (all by default): the generator
    /// works nothing out for the others.
    #[inline]
    fn pieces_wanted(&self, _kind: KindId) -> Bitboard {
        Bitboard(!0)
    }
}

/// Counts moves without listing them.
#[derive(Default)]
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn board_moves(&mut self, _: Square, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        // Promotions and forced promotions are rare: skip their popcounts when empty.
        let mut n = to.count();
        if promote.any() {
            n += promote.count();
            n -= forced.count();
        }
        self.0 += n as u64;
    }
    #[inline]
    fn shifted_moves(&mut self, _: i32, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        self.board_moves(Square::new(0), to, promote, forced);
    }
    #[inline]
    fn drops(&mut self, _: KindId, to: Bitboard) {
        self.0 += to.count() as u64;
    }
}

/// Counts moves up to a cap, stopping the generation there (more or less: a sink is asked
/// between groups of moves): the count is exact below the cap, at least the cap otherwise.
pub(crate) struct CappedCounter {
    counter: Counter,
    /// When counting answers (see [`count_answers_up_to`]): the squares dropped on so far, and
    /// those where a second kind could be dropped too.
    drops: Option<(Bitboard, Bitboard)>,
    cap: u64,
}

impl CappedCounter {
    fn count(&self) -> u64 {
        let drops = self
            .drops
            .map_or(0, |(once, twice)| once.count() + twice.count());
        self.counter.0 + drops as u64
    }
}

impl Sink for CappedCounter {
    #[inline]
    fn board_moves(&mut self, from: Square, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        self.counter.board_moves(from, to, promote, forced);
    }
    #[inline]
    fn shifted_moves(&mut self, delta: i32, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        self.counter.shifted_moves(delta, to, promote, forced);
    }
    #[inline]
    fn drops(&mut self, kind: KindId, to: Bitboard) {
        match &mut self.drops {
            Some((once, twice)) => {
                *twice |= *once & to;
                *once |= to;
            }
            None => self.counter.drops(kind, to),
        }
    }
    #[inline]
    fn enough(&self) -> bool {
        self.count() >= self.cap
    }
    #[inline]
    fn any_order(&self) -> bool {
        true
    }
}

/// Lists moves.
pub(crate) struct Lister<'a>(pub &'a mut Vec<Move>);

impl Sink for Lister<'_> {
    fn board_moves(&mut self, from: Square, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        for sq in to {
            if !forced.has(sq) {
                self.0.push(Move::Normal {
                    from,
                    to: sq,
                    promote: false,
                });
            }
            if promote.has(sq) {
                self.0.push(Move::Normal {
                    from,
                    to: sq,
                    promote: true,
                });
            }
        }
    }
    fn drops(&mut self, kind: KindId, to: Bitboard) {
        for sq in to {
            self.0.push(Move::Drop { kind, to: sq });
        }
    }
}

/// Generates every legal move of the side to move into `sink`.
pub(crate) fn generate<S: Sink>(t: &Tables, b: &Board, sink: &mut S) {
    let us = b.turn;
    let them = !us;
    let own = b.by_color[us.index()];
    let occupied = b.occupied();
    let royals = b.royals(t, us);

    let mut check_mask = sink.onto().map_or(t.board, |onto| t.board & onto);
    let mut drop_mask = check_mask & !occupied;
    let mut pins = Pins::default();
    let mut single_check = false;
    let king = (royals.count() == 1).then(|| royals.first()).flatten();
    // Only a side with a single royal piece needs the enemy's attacks (a tsume attacker, with
    // none, never does).
    let threats = king.map(|_| Threats::new(t, b, them));
    if let (Some(ksq), Some(threats)) = (king, &threats) {
        let (checkers, between) = threats.checks(t, ksq, occupied);
        if checkers.several() {
            check_mask = Bitboard::EMPTY;
            drop_mask = Bitboard::EMPTY;
        } else if checkers.any() {
            // Capture the checker or block it; `between` is empty for a step or a jump.
            check_mask &= between | checkers;
            drop_mask &= between;
            sink.in_check(between);
            single_check = true;
        }
    }

    // A sink that cares not for the order takes the drops first: they need neither the
    // royal's safe squares nor the pins, and a check that drops can block is most often
    // blocked by enough of them.
    let drops_first = sink.any_order();
    if drops_first {
        drop_moves(t, b, drop_mask, sink);
        if sink.enough() {
            return;
        }
    }
    let zone = t.zone[us.index()];
    if let (Some(ksq), Some(threats)) = (king, &threats) {
        // The royal piece may go anywhere not attacked once it has left its square.
        let k = b.squares[ksq.index()].map_or(t.kinds[0], |p| p.kind);
        if sink.pieces_wanted(k).has(ksq) {
            let to =
                threats.safe_squares(t, k, ksq, own, occupied) & sink.onto().unwrap_or(t.board);
            piece_moves(t, k, us, ksq, zone.has(ksq), to, zone, sink);
        }
        if sink.enough() {
            return;
        }
    }
    if let (Some(ksq), Some(threats)) = (king, &threats) {
        // Only the other pieces' moves need the pins: a sink content with a king's move (a
        // check answered by stepping away, most often) never pays for them.
        threats.find_pins(t, ksq, own, occupied, &mut pins);
    }
    let mut promoters = Bitboard::EMPTY;
    for k in &t.royal_promoters {
        promoters |= b.by_kind[k.index()] & own;
    }
    let movers = own & !royals_if_single(royals, king) & !promoters;
    let targets = !own & check_mask;
    if single_check && sink.any_order() {
        if evasions_onto(t, b, movers, targets, &pins, zone, sink) {
            return;
        }
    } else if targets.any() {
        // Kinds with many pieces and one direction (pawns) move all at once, by a shift of the
        // board.
        let mut batched = Bitboard::EMPTY;
        for &k in &t.batched[us.index()] {
            let free = b.by_kind[k.index()] & movers & !pins.pinned;
            let wanted = free & sink.pieces_wanted(k);
            if wanted.any() {
                for shift in &t.shifts[k.index()][us.index()] {
                    shifted_moves(t, k, us, *shift, wanted, targets, zone, sink);
                }
            }
            batched |= free;
        }
        // The rest piece by piece, walked as bits: testing pins and zones on an isolated bit
        // avoids 128-bit shifts, and the kind comes from the mailbox rather than a loop over all
        // kinds.
        let mut rest = (movers & !batched).0;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            let from = Square::new(rest.trailing_zeros() as u8);
            rest ^= bit;
            let Some(piece) = b.squares[from.index()] else {
                continue;
            };
            if sink.pieces_wanted(piece.kind).0 & bit == 0 {
                continue;
            }
            let mut to = t.attacks(piece.kind, us, from, occupied) & targets;
            if pins.pinned.0 & bit != 0 {
                to &= pins.line(from);
            }
            if to.any() {
                let in_zone = zone.0 & bit != 0;
                piece_moves(t, piece.kind, us, from, in_zone, to, zone, sink);
            }
        }
    }

    for from in promoters {
        if let Some(piece) = b.squares[from.index()] {
            royal_promoter_moves(t, b, from, piece.kind, zone, sink);
        }
    }

    if !drops_first && !sink.enough() {
        drop_moves(t, b, drop_mask, sink);
    }
}

/// The moves of `movers` (the side to move's pieces but its royal) that answer a check by one
/// piece: onto `targets`, the checker's square and the squares between. Found from those few
/// squares, by which pieces reach each (the reverse look-ups of check detection), instead of
/// from every piece's attacks: most pieces reach none of them. The moves come square by square,
/// so only for a sink that takes them in any order. Returns whether the sink has enough.
fn evasions_onto<S: Sink>(
    t: &Tables,
    b: &Board,
    movers: Bitboard,
    targets: Bitboard,
    pins: &Pins,
    zone: Bitboard,
    sink: &mut S,
) -> bool {
    let us = b.turn;
    let ours = Threats::new(t, b, us);
    let occupied = b.occupied();
    for to in targets {
        let (reaching, _) = ours.checks(t, to, occupied);
        for from in reaching & movers {
            let Some(piece) = b.squares[from.index()] else {
                continue;
            };
            if !sink.pieces_wanted(piece.kind).has(from) {
                continue;
            }
            let mut onto = Bitboard::from_square(to);
            if pins.pinned.has(from) {
                onto &= pins.line(from);
            }
            piece_moves(t, piece.kind, us, from, zone.has(from), onto, zone, sink);
        }
        if sink.enough() {
            return true;
        }
    }
    false
}

/// The legal drops onto `drop_mask` (the empty squares, or those that block a check).
fn drop_moves<S: Sink>(t: &Tables, b: &Board, drop_mask: Bitboard, sink: &mut S) {
    if drop_mask.is_empty() {
        return;
    }
    let us = b.turn;
    for &k in &t.hand_kinds {
        if b.hands[us.index()][k.index()] == 0 {
            continue;
        }
        let mut to = drop_mask & !t.dead[k.index()][us.index()];
        if t.one_per_file[k.index()] {
            to &= !t.fill_columns(b.pieces(k, us));
        }
        to = sink.drop_targets(k, to);
        if t.no_drop_mate[k.index()] {
            to = without_drop_mates(t, b, k, to);
        }
        if to.any() {
            sink.drops(k, to);
            if sink.enough() {
                return;
            }
        }
    }
}

fn royals_if_single(royals: Bitboard, king: Option<Square>) -> Bitboard {
    match king {
        Some(_) => royals,
        None => Bitboard::EMPTY,
    }
}

/// Hands the moves of all `pieces` of kind `k` in one direction to the sink.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn shifted_moves<S: Sink>(
    t: &Tables,
    k: KindId,
    us: Color,
    shift: Shift,
    pieces: Bitboard,
    targets: Bitboard,
    zone: Bitboard,
    sink: &mut S,
) {
    let mut to = shift.apply(pieces) & targets;
    if to.is_empty() {
        return;
    }
    let promote = if t.promote[k.index()].is_none() {
        Bitboard::EMPTY
    } else {
        to & (zone | shift.apply(pieces & zone))
    };
    let dead = t.dead[k.index()][us.index()];
    to &= !(dead & !promote);
    let forced = to & dead;
    sink.shifted_moves(shift.delta, to, promote, forced);
}

/// Hands the moves of one piece to the sink, with its promotion options.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn piece_moves<S: Sink>(
    t: &Tables,
    k: KindId,
    us: Color,
    from: Square,
    from_in_zone: bool,
    mut to: Bitboard,
    zone: Bitboard,
    sink: &mut S,
) {
    if to.is_empty() {
        return;
    }
    let promote = if t.promote[k.index()].is_none() {
        Bitboard::EMPTY
    } else if from_in_zone {
        to
    } else {
        to & zone
    };
    // A piece may not stop where it could never move again unless it promotes there.
    let dead = t.dead[k.index()][us.index()];
    to &= !(dead & !promote);
    let forced = to & dead;
    sink.board_moves(from, to, promote, forced);
}

/// The moves of a piece that promotes into a royal kind (sho shogi's drunk elephant, into the
/// crown prince). Promoting changes which royal pieces the mover has, and the check rule binds
/// only a side's single royal piece after the move: a prince made beside a king frees the king
/// from check (both must be captured), and a prince made where the side had none may not stand
/// attacked. Check masks and pins see only the royal pieces before the move, so each of this
/// piece's moves is tested on a copy of the board instead, as `legality::is_legal` does.
fn royal_promoter_moves<S: Sink>(
    t: &Tables,
    b: &Board,
    from: Square,
    k: KindId,
    zone: Bitboard,
    sink: &mut S,
) {
    let us = b.turn;
    let reach = t.attacks(k, us, from, b.occupied()) & !b.by_color[us.index()];
    let may_promote = if zone.has(from) { reach } else { reach & zone };
    let dead = t.dead[k.index()][us.index()];
    let safe = |to: Square, promote: bool| {
        let mut after = b.clone();
        after.play(t, Move::Normal { from, to, promote });
        checkers(t, &after, us).is_empty()
    };
    let mut plain = Bitboard::EMPTY;
    let mut promoted = Bitboard::EMPTY;
    for to in reach {
        if !dead.has(to) && safe(to, false) {
            plain.set(to);
        }
        if may_promote.has(to) && safe(to, true) {
            promoted.set(to);
        }
    }
    // Where only the promotion is legal, it is forced.
    sink.board_moves(from, plain | promoted, promoted, promoted & !plain);
}

/// Removes the drops of `kind` that would checkmate the opponent's only royal piece at once.
fn without_drop_mates(t: &Tables, b: &Board, kind: KindId, to: Bitboard) -> Bitboard {
    let them = !b.turn;
    let royals = b.royals(t, them);
    if royals.count() != 1 {
        return to;
    }
    let Some(ksq) = royals.first() else { return to };
    // Squares from which a piece of ours of this kind would attack their royal.
    let checking = t.attacks(kind, them, ksq, b.occupied()) & to;
    if checking.is_empty() {
        return to;
    }
    // A drop that leaves the royal a flight square is no mate: only the others are played.
    let flights = Flights::new(t, b);
    let mut allowed = to;
    for sq in checking {
        let drop = Move::Drop { kind, to: sq };
        if flights.as_ref().is_some_and(|f| !f.may_cover_all(drop)) {
            continue;
        }
        let mut after = b.clone();
        after.play(t, drop);
        if !has_legal_move(t, &after) {
            allowed.clear(sq);
        }
    }
    allowed
}

pub(crate) fn has_legal_move(t: &Tables, b: &Board) -> bool {
    count_legal_up_to(t, b, 1) > 0
}

pub(crate) fn count_legal(t: &Tables, b: &Board) -> u64 {
    let mut c = Counter::default();
    generate(t, b, &mut c);
    c.0
}

/// The number of legal moves if below `cap`, else a number at least `cap`.
pub(crate) fn count_legal_up_to(t: &Tables, b: &Board, cap: u64) -> u64 {
    count_up_to(t, b, cap, None)
}

/// [`count_legal_up_to`] with the drops onto one square counted once, or twice where more than
/// one kind could be dropped there.
pub(crate) fn count_answers_up_to(t: &Tables, b: &Board, cap: u64) -> u64 {
    count_up_to(t, b, cap, Some((Bitboard::EMPTY, Bitboard::EMPTY)))
}

fn count_up_to(t: &Tables, b: &Board, cap: u64, drops: Option<(Bitboard, Bitboard)>) -> u64 {
    let mut c = CappedCounter {
        counter: Counter::default(),
        drops,
        cap,
    };
    generate(t, b, &mut c);
    c.count()
}

pub(crate) fn legal_moves(t: &Tables, b: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(128);
    generate(t, b, &mut Lister(&mut moves));
    moves
}

/// The legal moves of the side to move's single royal piece (none without one): the first the
/// generator lists, without the rest.
pub(crate) fn royal_moves(t: &Tables, b: &Board) -> Vec<Move> {
    /// Lists what it is handed, and has enough after the royal's moves.
    struct Royal<'a>(Lister<'a>);
    impl Sink for Royal<'_> {
        fn board_moves(&mut self, from: Square, to: Bitboard, promote: Bitboard, forced: Bitboard) {
            self.0.board_moves(from, to, promote, forced);
        }
        fn drops(&mut self, kind: KindId, to: Bitboard) {
            self.0.drops(kind, to);
        }
        fn enough(&self) -> bool {
            true
        }
    }
    let mut moves = Vec::new();
    if b.royals(t, b.turn).count() == 1 {
        generate(t, b, &mut Royal(Lister(&mut moves)));
    }
    moves
}

pub(crate) fn perft(t: &Tables, b: &Board, depth: u32) -> u64 {
    perft_in_place(t, &mut b.clone(), depth)
}

/// Makes and unmakes moves on one board: cheaper than copying the board for every child.
fn perft_in_place(t: &Tables, b: &mut Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(t, b),
        _ => {
            let mut nodes = 0;
            for mv in legal_moves(t, b) {
                let undo = b.play(t, mv);
                nodes += perft_in_place(t, b, depth - 1);
                b.unplay(mv, undo);
            }
            nodes
        }
    }
}
