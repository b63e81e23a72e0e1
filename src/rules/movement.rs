//! How a piece moves, as a list of motions by direction. This is the one structure that both the
//! move generator (attack tables) and the renderers (movement marks on a piece) read.

/// One direction a piece can move in, seen from the piece's owner: `dx` > 0 is to the owner's
/// right, `dy` > 0 is forward (towards the opponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Motion {
    pub dx: i8,
    pub dy: i8,
    pub kind: MotionKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MotionKind {
    /// One square to an adjacent square.
    Step,
    /// One leap to a non-adjacent square, over anything in between (the knight).
    Jump,
    /// Repeated steps or leaps in one direction until blocked, at most `max` of them if given.
    Slide { max: Option<u8> },
}

impl Motion {
    /// The largest number of repetitions of (dx, dy) this motion allows.
    pub fn reach(self) -> u8 {
        match self.kind {
            MotionKind::Step | MotionKind::Jump => 1,
            MotionKind::Slide { max } => max.unwrap_or(u8::MAX),
        }
    }
}

/// Everything a piece can do, parsed from its Betza string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    pub betza: String,
    pub motions: Vec<Motion>,
    /// Lion power (chu shogi): the right to take two steps in one turn. `None` for most pieces.
    pub lion: Option<LionPower>,
}

/// Lion power, from the `lion` field of the pieces YAML: the piece may take a first step in one
/// of `steps`, then a second step in the same turn, capturing on either or both, coming back to
/// its square after a capture (igui) or without one (jitto, a pass).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LionPower {
    /// As written in the data: `K` (the Lion), `fW` (Horned Falcon), `fF` (Soaring Eagle).
    pub betza: String,
    /// The first steps, `(dx, dy)` from the owner's side as in [`Motion`].
    pub steps: Vec<(i8, i8)>,
    /// The second step may go any king way from the middle square (the Lion, whose `steps` are
    /// all eight). Otherwise it goes on along the first step's line or straight back.
    pub any_direction: bool,
}

impl LionPower {
    /// Lion power over the one-square steps of `movement` (parsed from the `lion` field); `None`
    /// if it has other than single steps.
    pub fn from_steps(movement: &Movement) -> Option<LionPower> {
        if movement.motions.iter().any(|m| m.kind != MotionKind::Step) {
            return None;
        }
        let steps: Vec<(i8, i8)> = movement.motions.iter().map(|m| (m.dx, m.dy)).collect();
        Some(LionPower {
            betza: movement.betza.clone(),
            any_direction: steps.len() == 8,
            steps,
        })
    }
}

impl Movement {
    pub fn steps(&self) -> impl Iterator<Item = &Motion> {
        self.motions.iter().filter(|m| m.kind == MotionKind::Step)
    }

    pub fn jumps(&self) -> impl Iterator<Item = &Motion> {
        self.motions.iter().filter(|m| m.kind == MotionKind::Jump)
    }

    pub fn slides(&self) -> impl Iterator<Item = &Motion> {
        self.motions
            .iter()
            .filter(|m| matches!(m.kind, MotionKind::Slide { .. }))
    }

    /// The motions clockwise from straight ahead, as a reader scans a movement diagram.
    pub fn clockwise(&self) -> Vec<Motion> {
        let mut motions = self.motions.clone();
        motions.sort_by(|a, b| bearing(a).total_cmp(&bearing(b)).then(a.cmp(b)));
        motions
    }

    /// A compact summary for tables, directions clockwise from forward, e.g.
    /// "steps FR BR BL FL; slides F R B L" for the dragon.
    pub fn describe(&self) -> String {
        let motions = self.clockwise();
        let mut parts = Vec::new();
        for (kind, verb) in [(MotionKind::Step, "steps"), (MotionKind::Jump, "jumps")] {
            let dirs: Vec<String> = motions
                .iter()
                .filter(|m| m.kind == kind)
                .map(|m| {
                    // A jump along a line lands some squares out: "F2" (the kirin's), not
                    // "F", which reads as the square next to it.
                    let name = direction_name(m.dx, m.dy);
                    let on_line = m.dx == 0 || m.dy == 0 || m.dx.abs() == m.dy.abs();
                    let far = m.dx.abs().max(m.dy.abs());
                    if on_line && far > 1 {
                        format!("{name}{far}")
                    } else {
                        name.to_string()
                    }
                })
                .collect();
            if !dirs.is_empty() {
                parts.push(format!("{verb} {}", dirs.join(" ")));
            }
        }
        let slides: Vec<String> = motions
            .iter()
            .filter(|m| matches!(m.kind, MotionKind::Slide { .. }))
            .map(|m| match m.kind {
                MotionKind::Slide { max: Some(n) } => format!("{}≤{n}", direction_name(m.dx, m.dy)),
                _ => direction_name(m.dx, m.dy).to_string(),
            })
            .collect();
        if !slides.is_empty() {
            parts.push(format!("slides {}", slides.join(" ")));
        }
        if let Some(lion) = &self.lion {
            // Clockwise too: the data lists the steps in the generator's order (BL L FL …).
            let mut steps = lion.steps.clone();
            steps.sort_by(|&(ax, ay), &(bx, by)| {
                let at = |dx, dy| {
                    bearing(&Motion {
                        dx,
                        dy,
                        kind: MotionKind::Step,
                    })
                };
                at(ax, ay).total_cmp(&at(bx, by))
            });
            let dirs: Vec<&str> = steps
                .iter()
                .map(|&(dx, dy)| direction_name(dx, dy))
                .collect();
            parts.push(format!("lion power {}", dirs.join(" ")));
        }
        parts.join("; ")
    }
}

/// Angle of a motion clockwise from straight ahead, in radians from 0 up to 2π.
fn bearing(m: &Motion) -> f64 {
    let a = (m.dx as f64).atan2(m.dy as f64);
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// Short compass-like names for directions, from the mover's point of view.
pub fn direction_name(dx: i8, dy: i8) -> &'static str {
    match (
        dx.signum(),
        dy.signum(),
        dx.abs() == dy.abs() || dx == 0 || dy == 0,
    ) {
        (0, 1, _) => "F",
        (0, -1, _) => "B",
        (-1, 0, _) => "L",
        (1, 0, _) => "R",
        (-1, 1, true) => "FL",
        (1, 1, true) => "FR",
        (-1, -1, true) => "BL",
        (1, -1, true) => "BR",
        (-1, 1, false) if dy.abs() > dx.abs() => "FFL",
        (1, 1, false) if dy.abs() > dx.abs() => "FFR",
        (-1, -1, false) if dy.abs() > dx.abs() => "BBL",
        (1, -1, false) if dy.abs() > dx.abs() => "BBR",
        (-1, 1, false) => "LLF",
        (1, 1, false) => "RRF",
        (-1, -1, false) => "LLB",
        (1, -1, false) => "RRB",
        _ => "?",
    }
}
