//! Lookup tables built from the piece movement data when a variant loads: step and jump targets
//! per kind, colour and square; sliding rays; dead squares; promotion zones. Move generation reads only these, so a new piece needs no code.

use super::bitboard::Bitboard;
use super::catalog::PieceCatalog;
use super::color::Color;
use super::movement::{Motion, MotionKind};
use super::piece::{KindId, BITBOARD_KINDS, MAX_KINDS};
use super::square::{BoardSize, Square};

/// The most groups of kinds that slide alike a variant may have (standard shogi has three:
/// rook-like, bishop-like, lance).
pub(crate) const MAX_SLIDE_GROUPS: usize = 8;

/// A sliding ray in one absolute board direction, possibly limited in range.
#[derive(Debug)]
pub(crate) struct Ray {
    /// Square indices grow along the ray, so the nearest blocker is the lowest bit.
    pub increasing: bool,
    /// The unlimited ray in the same direction, used to cut a ray off behind its first blocker.
    pub full: usize,
    /// The unlimited ray in the opposite direction.
    pub opposite: usize,
    pub dir: (i32, i32),
    pub max: Option<u8>,
}

/// One step or jump applied to many pieces at once: `to = (from & sources) shifted by delta`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift {
    /// Square index difference from the start to the end of the move.
    pub delta: i32,
    /// Squares from which the move stays on the board.
    pub sources: Bitboard,
}

impl Shift {
    #[inline(always)]
    pub fn apply(self, from: Bitboard) -> Bitboard {
        let bb = (from & self.sources).0;
        Bitboard(if self.delta >= 0 {
            bb << self.delta
        } else {
            bb >> -self.delta
        })
    }
}

/// Pieces of several kinds that slide alike (rook and dragon, bishop and horse).
#[derive(Debug)]
pub(crate) struct SlideGroup {
    pub kinds: Vec<KindId>,
    /// The rays a piece of each colour slides along.
    pub rays: [Vec<usize>; 2],
    /// Union of the rays' masks, by `color * squares + square`: if none of the group's pieces is
    /// there, none of its rays needs looking at.
    pub reach: Vec<Bitboard>,
}

#[derive(Debug)]
pub(crate) struct Tables {
    /// `size.len()`, kept for index arithmetic on hot paths.
    squares: usize,
    pub board: Bitboard,
    pub kinds: Vec<KindId>,
    pub in_variant: [bool; MAX_KINDS],
    pub royal: [bool; MAX_KINDS],
    pub royal_kinds: Vec<KindId>,
    /// Kinds that promote into a royal kind (sho shogi's drunk elephant): the move generator
    /// judges their moves one by one (`movegen::royal_promoter_moves`).
    pub royal_promoters: Vec<KindId>,
    pub hand_kinds: Vec<KindId>,
    /// Kinds that go to the captor's hand (`hand_kinds` as a lookup).
    pub droppable: [bool; MAX_KINDS],
    pub promote: [Option<KindId>; MAX_KINDS],
    /// The unpromoted form of each kind (itself when unpromoted).
    pub base: [KindId; MAX_KINDS],
    pub one_per_file: [bool; MAX_KINDS],
    pub no_drop_mate: [bool; MAX_KINDS],
    /// Step and jump targets, indexed by `(kind * 2 + color) * squares + square`.
    step: Vec<Bitboard>,
    /// Union of all kinds' step and jump targets, by `color * squares + square`: the only squares
    /// from which anything could step or jump onto a square.
    step_any: Vec<Bitboard>,
    /// Kinds that only step or jump, in one direction (pawns), by colour: move generation moves
    /// all their pieces at once with a shift.
    pub batched: [Vec<KindId>; 2],
    /// Each kind's steps and jumps as shifts of the whole board, by kind and colour.
    pub shifts: Vec<[Vec<Shift>; 2]>,
    /// Rays each kind slides along: `slide_ids[start..end]` for `(start, mid, end) =
    /// slide_range[kind * 2 + color]`, rays of growing square index first (up to `mid`), so
    /// that finding the nearest blocker needs no branch on the direction.
    slide_range: Vec<(u16, u16, u16)>,
    slide_ids: Vec<u16>,
    pub rays: Vec<Ray>,
    /// Ray masks flattened, by `ray * squares + square`, so a lookup is one index.
    ray_masks: Vec<Bitboard>,
    /// Squares where a piece of this kind and colour could never move again.
    pub dead: [[Bitboard; 2]; MAX_KINDS],
    pub zone: [Bitboard; 2],
    /// Board width, for shifting whole ranks.
    files: u32,
    pub slide_groups: Vec<SlideGroup>,
    /// Per kind, colour and square of the opponent's royal: the squares from which a piece of
    /// that kind could check it in one move (promoting or not) on an empty board. A piece
    /// elsewhere gives no direct check on any board (a blocker only takes squares away), so
    /// the check generator skips it unless it can discover one.
    check_from: Vec<Bitboard>,
    /// Per square, every square along any ray from it on an empty board: where a slider's line
    /// through that square may go on to.
    lines: Vec<Bitboard>,
}

/// A motion seen on the board: Black's forward is up (row - 1), White's is down.
fn absolute(m: &Motion, color: Color) -> (i32, i32) {
    match color {
        Color::Black => (m.dx as i32, -(m.dy as i32)),
        Color::White => (-(m.dx as i32), m.dy as i32),
    }
}

impl Tables {
    pub fn build(
        catalog: &PieceCatalog,
        size: BoardSize,
        zone_depth: u8,
        drops: bool,
        set: &[(KindId, u32)],
        royal_kinds: &[KindId],
    ) -> Result<Tables, String> {
        let n = size.len();
        let mut in_variant = [false; MAX_KINDS];
        for &(k, _) in set {
            in_variant[k.index()] = true;
            if let Some(p) = catalog.get(k).promotes_to {
                in_variant[p.index()] = true;
            }
        }
        let kinds: Vec<KindId> = catalog.ids().filter(|k| in_variant[k.index()]).collect();
        let mut royal = [false; MAX_KINDS];
        for k in royal_kinds {
            royal[k.index()] = true;
        }
        let mut promote = [None; MAX_KINDS];
        let mut base = [KindId(0); MAX_KINDS];
        let mut one_per_file = [false; MAX_KINDS];
        let mut no_drop_mate = [false; MAX_KINDS];
        for (k, kind) in catalog.iter() {
            promote[k.index()] = kind.promotes_to;
            base[k.index()] = kind.demotes_to.unwrap_or(k);
            one_per_file[k.index()] = kind.rules.one_per_file;
            no_drop_mate[k.index()] = kind.rules.no_drop_mate;
        }
        let royal_promoters: Vec<KindId> = kinds
            .iter()
            .copied()
            .filter(|k| promote[k.index()].is_some_and(|p| royal[p.index()]))
            .collect();
        let hand_kinds = if drops {
            kinds
                .iter()
                .copied()
                .filter(|k| !catalog.get(*k).promoted && !royal[k.index()])
                .collect()
        } else {
            Vec::new()
        };

        let mut droppable = [false; MAX_KINDS];
        for k in &hand_kinds {
            droppable[k.index()] = true;
        }
        if size.is_large() {
            // Played by `rules::large`: only the per-kind facts above are read.
            return Ok(Tables {
                squares: n,
                board: Bitboard::EMPTY,
                kinds,
                in_variant,
                royal,
                royal_kinds: royal_kinds.to_vec(),
                royal_promoters,
                hand_kinds,
                droppable,
                promote,
                base,
                one_per_file,
                no_drop_mate,
                step: Vec::new(),
                batched: [Vec::new(), Vec::new()],
                shifts: Vec::new(),
                step_any: Vec::new(),
                slide_range: Vec::new(),
                slide_ids: Vec::new(),
                rays: Vec::new(),
                ray_masks: Vec::new(),
                dead: [[Bitboard::EMPTY; 2]; MAX_KINDS],
                zone: [Bitboard::EMPTY; 2],
                files: size.files as u32,
                slide_groups: Vec::new(),
                check_from: Vec::new(),
                lines: Vec::new(),
            });
        }
        if let Some(k) = kinds.iter().find(|k| k.index() >= BITBOARD_KINDS) {
            return Err(format!(
                "'{}' is kind number {} of its piece list; boards up to 9×9 play at most {BITBOARD_KINDS} kinds",
                catalog.get(*k).id,
                k.index() + 1
            ));
        }
        let board: Bitboard = size.squares().collect();
        let mut step = vec![Bitboard::EMPTY; catalog.len() * 2 * n];
        let mut slides: Vec<[Vec<usize>; 2]> = vec![[Vec::new(), Vec::new()]; catalog.len()];
        let mut shifts: Vec<[Vec<Shift>; 2]> = vec![[Vec::new(), Vec::new()]; catalog.len()];
        let mut rays: Vec<Ray> = Vec::new();
        let ray_id = |rays: &mut Vec<Ray>, dir: (i32, i32), max: Option<u8>| -> usize {
            let find =
                |rays: &Vec<Ray>, max| rays.iter().position(|r| r.dir == dir && r.max == max);
            let full = match find(rays, None) {
                Some(i) => i,
                None => {
                    rays.push(make_ray(dir, None, rays.len()));
                    rays.len() - 1
                }
            };
            match find(rays, max) {
                Some(i) => i,
                None => {
                    rays.push(make_ray(dir, max, full));
                    rays.len() - 1
                }
            }
        };
        for &k in &kinds {
            let movement = &catalog.get(k).movement;
            for color in Color::ALL {
                for m in &movement.motions {
                    let (dc, dr) = absolute(m, color);
                    match m.kind {
                        MotionKind::Step | MotionKind::Jump => {
                            let mut sources = Bitboard::EMPTY;
                            for sq in size.squares() {
                                let (c, r) = size.col_row(sq);
                                if let Some(to) = size.from_col_row(c as i32 + dc, r as i32 + dr) {
                                    step[(k.index() * 2 + color.index()) * n + sq.index()].set(to);
                                    sources.set(sq);
                                }
                            }
                            shifts[k.index()][color.index()].push(Shift {
                                delta: dr * size.files as i32 + dc,
                                sources,
                            });
                        }
                        MotionKind::Slide { max } => {
                            let id = ray_id(&mut rays, (dc, dr), max);
                            slides[k.index()][color.index()].push(id);
                        }
                    }
                }
            }
        }
        if rays.len() > 64 {
            return Err(format!(
                "{} sliding directions; at most 64 are supported",
                rays.len()
            ));
        }

        let mut zone = [Bitboard::EMPTY; 2];
        for sq in size.squares() {
            for color in Color::ALL {
                if size.distance_to_far_rank(sq, color) < zone_depth {
                    zone[color.index()].set(sq);
                }
            }
        }

        let mut slide_range = Vec::with_capacity(catalog.len() * 2);
        let mut slide_ids = Vec::new();
        for per_color in &slides {
            for ids in per_color {
                let start = slide_ids.len() as u16;
                slide_ids.extend(
                    ids.iter()
                        .filter(|&&i| rays[i].increasing)
                        .map(|&i| i as u16),
                );
                let mid = slide_ids.len() as u16;
                slide_ids.extend(
                    ids.iter()
                        .filter(|&&i| !rays[i].increasing)
                        .map(|&i| i as u16),
                );
                slide_range.push((start, mid, slide_ids.len() as u16));
            }
        }
        let step_any = Color::ALL
            .iter()
            .flat_map(|&c| {
                let (kinds, step) = (&kinds, &step);
                size.squares().map(move |sq| {
                    kinds.iter().fold(Bitboard::EMPTY, |acc, k| {
                        acc | step[(k.index() * 2 + c.index()) * n + sq.index()]
                    })
                })
            })
            .collect();
        let ray_masks = rays
            .iter()
            .flat_map(|r| ray_squares(size, r.dir, r.max))
            .collect();
        let batched = Color::ALL.map(|c| {
            kinds
                .iter()
                .copied()
                .filter(|k| {
                    let (start, _, end) = slide_range[k.index() * 2 + c.index()];
                    start == end && shifts[k.index()][c.index()].len() == 1
                })
                .collect()
        });
        let mut tables = Tables {
            squares: n,
            board,
            kinds,
            in_variant,
            royal,
            royal_kinds: royal_kinds.to_vec(),
            royal_promoters,
            hand_kinds,
            droppable,
            promote,
            base,
            one_per_file,
            no_drop_mate,
            step,
            batched,
            shifts,
            step_any,
            slide_range,
            slide_ids,
            rays,
            ray_masks,
            dead: [[Bitboard::EMPTY; 2]; MAX_KINDS],
            zone,
            files: size.files as u32,
            slide_groups: Vec::new(),
            check_from: Vec::new(),
            lines: Vec::new(),
        };

        for &k in &tables.kinds.clone() {
            for color in Color::ALL {
                let dead: Bitboard = size
                    .squares()
                    .filter(|&sq| tables.attacks(k, color, sq, Bitboard::EMPTY).is_empty())
                    .collect();
                tables.dead[k.index()][color.index()] = dead;
            }
        }

        tables.check_from = vec![Bitboard::EMPTY; MAX_KINDS * 2 * n];
        for &k in &tables.kinds.clone() {
            for color in Color::ALL {
                for royal in size.squares() {
                    // Where a piece of `k`, promoted on arrival or not, attacks the royal from
                    // (the reverse look-up: the other colour's attacks from the royal's square).
                    let mut land = tables.attacks(k, !color, royal, Bitboard::EMPTY);
                    if let Some(p) = tables.promote[k.index()] {
                        land |= tables.attacks(p, !color, royal, Bitboard::EMPTY);
                    }
                    let from = land.iter().fold(Bitboard::EMPTY, |acc, to| {
                        acc | tables.attacks(k, !color, to, Bitboard::EMPTY)
                    });
                    tables.check_from[(k.index() * 2 + color.index()) * n + royal.index()] = from;
                }
            }
        }

        tables.lines = size
            .squares()
            .map(|sq| {
                (0..tables.rays.len()).fold(Bitboard::EMPTY, |acc, r| acc | tables.ray_mask(r, sq))
            })
            .collect();

        for ray in 0..tables.rays.len() {
            let (dc, dr) = tables.rays[ray].dir;
            tables.rays[ray].opposite = tables.find_ray((-dc, -dr), None);
        }

        // Group kinds that slide alike, so that attack tests look at each ray once per group.
        for &k in &tables.kinds {
            let movement = &catalog.get(k).movement;
            let rays: [Vec<usize>; 2] = Color::ALL.map(|c| {
                movement
                    .slides()
                    .map(|m| tables.find_ray(absolute(m, c), slide_max(m)))
                    .collect()
            });
            if !rays[0].is_empty() {
                match tables.slide_groups.iter_mut().find(|g| g.rays == rays) {
                    Some(g) => g.kinds.push(k),
                    None => {
                        let reach = Color::ALL
                            .iter()
                            .flat_map(|c| {
                                let rays = &rays[c.index()];
                                let tables = &tables;
                                size.squares().map(move |sq| {
                                    rays.iter().fold(Bitboard::EMPTY, |acc, &r| {
                                        acc | tables.ray_mask(r, sq)
                                    })
                                })
                            })
                            .collect();
                        tables.slide_groups.push(SlideGroup {
                            kinds: vec![k],
                            rays,
                            reach,
                        })
                    }
                }
            }
        }
        if tables.slide_groups.len() > MAX_SLIDE_GROUPS {
            return Err(format!(
                "{} different ways of sliding; at most {MAX_SLIDE_GROUPS} are supported",
                tables.slide_groups.len()
            ));
        }
        Ok(tables)
    }

    fn find_ray(&self, dir: (i32, i32), max: Option<u8>) -> usize {
        self.rays
            .iter()
            .position(|r| r.dir == dir && r.max == max)
            .unwrap_or(0)
    }

    #[inline]
    pub fn step(&self, kind: KindId, color: Color, sq: Square) -> Bitboard {
        self.step[(kind.index() * 2 + color.index()) * self.squares + sq.index()]
    }

    /// Every square of each file that holds a square of `bb`: a vertical smear by shifts.
    #[inline]
    pub fn fill_columns(&self, bb: Bitboard) -> Bitboard {
        let w = self.files;
        let mut x = bb.0;
        x |= x >> w;
        x |= x >> (2 * w);
        x |= x >> (4 * w);
        x |= x >> (8 * w);
        x |= x << w;
        x |= x << (2 * w);
        x |= x << (4 * w);
        x |= x << (8 * w);
        Bitboard(x) & self.board
    }

    #[inline]
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// See the field [`Tables::check_from`]'s comment.
    #[inline]
    pub fn check_from(&self, kind: KindId, color: Color, royal: Square) -> Bitboard {
        self.check_from[(kind.index() * 2 + color.index()) * self.squares + royal.index()]
    }

    /// See the field [`Tables::lines`]'s comment.
    #[inline]
    pub fn lines(&self, sq: Square) -> Bitboard {
        self.lines[sq.index()]
    }

    #[inline]
    pub fn step_any(&self, color: Color, sq: Square) -> Bitboard {
        self.step_any[color.index() * self.squares + sq.index()]
    }

    /// Squares reached along `ray` from `sq` on an empty board.
    #[inline]
    pub fn ray_mask(&self, ray: usize, sq: Square) -> Bitboard {
        self.ray_masks[ray * self.squares + sq.index()]
    }

    /// The nearest of `bb`'s squares along `ray`.
    #[inline]
    pub fn nearest(&self, ray: usize, bb: Bitboard) -> Option<Square> {
        if self.rays[ray].increasing {
            bb.first()
        } else {
            bb.last()
        }
    }

    /// Squares a slider along `ray` reaches from `sq`, up to and including the first blocker.
    #[inline(always)]
    pub fn ray_attacks(&self, ray: usize, sq: Square, occupied: Bitboard) -> Bitboard {
        if self.rays[ray].increasing {
            self.slide(ray, sq, occupied, |b| b.trailing_zeros())
        } else {
            self.slide(ray, sq, occupied, |b| 127 - b.leading_zeros())
        }
    }

    /// [`Tables::ray_attacks`] with the direction's nearest-blocker rule given, so that callers
    /// that know the direction pay no branch for it.
    #[inline(always)]
    fn slide(
        &self,
        ray: usize,
        sq: Square,
        occupied: Bitboard,
        nearest: impl Fn(u128) -> u32,
    ) -> Bitboard {
        let mask = self.ray_masks[ray * self.squares + sq.index()];
        let blockers = (mask & occupied).0;
        if blockers == 0 {
            return mask;
        }
        let full = self.rays[ray].full;
        mask & !self.ray_masks[full * self.squares + nearest(blockers) as usize]
    }

    /// Every square a piece of `kind` and `color` on `sq` attacks, given the occupied squares.
    #[inline(always)]
    pub fn attacks(&self, kind: KindId, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let i = kind.index() * 2 + color.index();
        let mut bb = self.step[i * self.squares + sq.index()];
        let (start, mid, end) = self.slide_range[i];
        for &ray in &self.slide_ids[start as usize..mid as usize] {
            bb |= self.slide(ray as usize, sq, occupied, |b| b.trailing_zeros());
        }
        for &ray in &self.slide_ids[mid as usize..end as usize] {
            bb |= self.slide(ray as usize, sq, occupied, |b| 127 - b.leading_zeros());
        }
        bb
    }

    /// The squares a slider on `from` passes over along `ray` to reach `to` (where it would land
    /// if the line were empty, so a rider's jumped-over squares are not among them).
    #[inline]
    pub fn between(&self, ray: usize, from: Square, to: Square) -> Bitboard {
        self.ray_mask(ray, from) & self.ray_mask(self.rays[ray].opposite, to)
    }
}

fn slide_max(m: &Motion) -> Option<u8> {
    match m.kind {
        MotionKind::Slide { max } => max,
        _ => None,
    }
}

fn make_ray(dir: (i32, i32), max: Option<u8>, full: usize) -> Ray {
    Ray {
        increasing: dir.1 > 0 || (dir.1 == 0 && dir.0 > 0),
        full,
        opposite: full,
        dir,
        max,
    }
}

/// The squares a ray reaches from each square of an empty board.
fn ray_squares(size: BoardSize, dir: (i32, i32), max: Option<u8>) -> Vec<Bitboard> {
    size.squares()
        .map(|sq| {
            let (c, r) = size.col_row(sq);
            let mut bb = Bitboard::EMPTY;
            let (mut c, mut r) = (c as i32, r as i32);
            let mut steps = 0u32;
            while let Some(to) = size.from_col_row(c + dir.0, r + dir.1) {
                if max.is_some_and(|m| steps >= m as u32) {
                    break;
                }
                bb.set(to);
                c += dir.0;
                r += dir.1;
                steps += 1;
            }
            bb
        })
        .collect()
}
