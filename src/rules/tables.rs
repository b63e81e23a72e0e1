//! Lookup tables built from the piece movement data when a variant loads: step and jump targets
//! per kind, colour and square; sliding rays; dead squares; promotion zones; squares between two
//! squares. Move generation reads only these, so a new piece needs no code.

use super::bitboard::Bitboard;
use super::catalog::PieceCatalog;
use super::color::Color;
use super::movement::{Motion, MotionKind};
use super::piece::{KindId, MAX_KINDS};
use super::square::{BoardSize, Square};

/// A sliding ray in one absolute board direction, possibly limited in range.
#[derive(Debug)]
pub(crate) struct Ray {
    /// Square indices grow along the ray, so the nearest blocker is the lowest bit.
    pub increasing: bool,
    /// Squares reached from each square on an empty board.
    pub mask: Vec<Bitboard>,
    /// The unlimited ray in the same direction, used to cut a ray off behind its first blocker.
    pub full: usize,
    pub dir: (i32, i32),
    pub max: Option<u8>,
}

/// Pieces of several kinds that attack alike: one table lookup covers them all.
#[derive(Debug)]
pub(crate) struct StepGroup {
    pub kinds: Vec<KindId>,
    /// The kind whose step table the group uses.
    pub table: KindId,
}

#[derive(Debug)]
pub(crate) struct SlideGroup {
    pub kinds: Vec<KindId>,
    /// The ray a piece of each colour slides along.
    pub ray: [usize; 2],
}

#[derive(Debug)]
pub(crate) struct Tables {
    pub size: BoardSize,
    pub board: Bitboard,
    pub kinds: Vec<KindId>,
    pub in_variant: [bool; MAX_KINDS],
    pub royal: [bool; MAX_KINDS],
    pub royal_kinds: Vec<KindId>,
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
    /// Rays each kind slides along: `slide_ids[slide_range[kind * 2 + color]]`.
    slide_range: Vec<(u16, u16)>,
    slide_ids: Vec<u16>,
    pub rays: Vec<Ray>,
    /// Ray masks flattened, by `ray * squares + square`, so a lookup is one index.
    ray_masks: Vec<Bitboard>,
    /// Squares where a piece of this kind and colour could never move again.
    pub dead: [[Bitboard; 2]; MAX_KINDS],
    pub zone: [Bitboard; 2],
    /// Squares strictly between two squares on a common sliding line, by `a * squares + b`.
    between: Vec<Bitboard>,
    /// Each column's squares.
    pub columns: Vec<Bitboard>,
    pub step_groups: Vec<StepGroup>,
    pub slide_groups: Vec<SlideGroup>,
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
        let board: Bitboard = size.squares().collect();
        let mut step = vec![Bitboard::EMPTY; catalog.len() * 2 * n];
        let mut slides: Vec<[Vec<usize>; 2]> = vec![[Vec::new(), Vec::new()]; catalog.len()];
        let mut rays: Vec<Ray> = Vec::new();
        let ray_id = |rays: &mut Vec<Ray>, dir: (i32, i32), max: Option<u8>| -> usize {
            let find =
                |rays: &Vec<Ray>, max| rays.iter().position(|r| r.dir == dir && r.max == max);
            let full = match find(rays, None) {
                Some(i) => i,
                None => {
                    rays.push(make_ray(size, dir, None, rays.len()));
                    rays.len() - 1
                }
            };
            match find(rays, max) {
                Some(i) => i,
                None => {
                    rays.push(make_ray(size, dir, max, full));
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
                            for sq in size.squares() {
                                let (c, r) = size.col_row(sq);
                                if let Some(to) = size.from_col_row(c as i32 + dc, r as i32 + dr) {
                                    step[(k.index() * 2 + color.index()) * n + sq.index()].set(to);
                                }
                            }
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
                slide_ids.extend(ids.iter().map(|&i| i as u16));
                slide_range.push((start, slide_ids.len() as u16));
            }
        }
        let ray_masks = rays.iter().flat_map(|r| r.mask.iter().copied()).collect();
        let mut tables = Tables {
            size,
            board,
            kinds,
            in_variant,
            royal,
            royal_kinds: royal_kinds.to_vec(),
            hand_kinds,
            droppable,
            promote,
            base,
            one_per_file,
            no_drop_mate,
            step,
            slide_range,
            slide_ids,
            rays,
            ray_masks,
            dead: [[Bitboard::EMPTY; 2]; MAX_KINDS],
            zone,
            between: vec![Bitboard::EMPTY; n * n],
            columns: (0..size.files)
                .map(|c| size.squares().filter(|s| size.col_row(*s).0 == c).collect())
                .collect(),
            step_groups: Vec::new(),
            slide_groups: Vec::new(),
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

        for ray in 0..tables.rays.len() {
            if tables.rays[ray].max.is_some() {
                continue;
            }
            let (dc, dr) = tables.rays[ray].dir;
            for a in size.squares() {
                let (c, r) = size.col_row(a);
                let (mut c, mut r) = (c as i32, r as i32);
                let mut between = Bitboard::EMPTY;
                while let Some(b) = size.from_col_row(c + dc, r + dr) {
                    tables.between[a.index() * n + b.index()] = between;
                    between.set(b);
                    c += dc;
                    r += dr;
                }
            }
        }

        // Group kinds that attack alike, so that "is this square attacked" is one lookup per group.
        for &k in &tables.kinds {
            let movement = &catalog.get(k).movement;
            let leaps: Vec<&Motion> = movement
                .motions
                .iter()
                .filter(|m| !matches!(m.kind, MotionKind::Slide { .. }))
                .collect();
            if !leaps.is_empty() {
                let same = tables.step_groups.iter_mut().find(|g| {
                    let other = &catalog.get(g.table).movement;
                    let theirs: Vec<&Motion> = other
                        .motions
                        .iter()
                        .filter(|m| !matches!(m.kind, MotionKind::Slide { .. }))
                        .collect();
                    theirs == leaps
                });
                match same {
                    Some(g) => g.kinds.push(k),
                    None => tables.step_groups.push(StepGroup {
                        kinds: vec![k],
                        table: k,
                    }),
                }
            }
            for m in movement.slides() {
                let ray = [
                    tables.find_ray(absolute(m, Color::Black), slide_max(m)),
                    tables.find_ray(absolute(m, Color::White), slide_max(m)),
                ];
                match tables.slide_groups.iter_mut().find(|g| g.ray == ray) {
                    Some(g) => g.kinds.push(k),
                    None => tables.slide_groups.push(SlideGroup {
                        kinds: vec![k],
                        ray,
                    }),
                }
            }
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
        self.step[(kind.index() * 2 + color.index()) * self.size.len() + sq.index()]
    }

    /// Squares reached along `ray` from `sq` on an empty board.
    #[inline]
    pub fn ray_mask(&self, ray: usize, sq: Square) -> Bitboard {
        self.ray_masks[ray * self.size.len() + sq.index()]
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
    #[inline]
    pub fn ray_attacks(&self, ray: usize, sq: Square, occupied: Bitboard) -> Bitboard {
        let r = &self.rays[ray];
        let mask = self.ray_mask(ray, sq);
        let blockers = mask & occupied;
        if blockers.is_empty() {
            return mask;
        }
        let nearest = if r.increasing {
            blockers.0.trailing_zeros()
        } else {
            127 - blockers.0.leading_zeros()
        };
        mask & !self.ray_masks[r.full * self.size.len() + nearest as usize]
    }

    /// Every square a piece of `kind` and `color` on `sq` attacks, given the occupied squares.
    #[inline]
    pub fn attacks(&self, kind: KindId, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let i = kind.index() * 2 + color.index();
        let mut bb = self.step[i * self.size.len() + sq.index()];
        let (start, end) = self.slide_range[i];
        for &ray in &self.slide_ids[start as usize..end as usize] {
            bb |= self.ray_attacks(ray as usize, sq, occupied);
        }
        bb
    }

    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.index() * self.size.len() + b.index()]
    }
}

fn slide_max(m: &Motion) -> Option<u8> {
    match m.kind {
        MotionKind::Slide { max } => max,
        _ => None,
    }
}

fn make_ray(size: BoardSize, dir: (i32, i32), max: Option<u8>, full: usize) -> Ray {
    let increasing = dir.1 > 0 || (dir.1 == 0 && dir.0 > 0);
    let mask = size
        .squares()
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
        .collect();
    Ray {
        increasing,
        mask,
        full,
        dir,
        max,
    }
}
