//! Disproofs of the depth-limited df-pn that lean on a repetition of the search path: which
//! path levels they lean on, and what is left of that once a node is solved (see the module
//! comment of `bounded.rs`).

/// The path levels (the query's node is level 0) of the shallowest and the deepest position a
/// disproof found repeated: it holds while both are on the path. (Two bytes each keep an
/// entry at 24 bytes, as before it had them.)
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Cycle {
    pub lo: u16,
    pub hi: u16,
}

impl Cycle {
    pub fn join(a: Option<Cycle>, b: Option<Cycle>) -> Option<Cycle> {
        match (a, b) {
            (Some(a), Some(b)) => Some(Cycle {
                lo: a.lo.min(b.lo),
                hi: a.hi.max(b.hi),
            }),
            (a, None) => a,
            (None, b) => b,
        }
    }

    /// What is left of it once the node at `level` is solved: nothing if it only leaned on
    /// that node itself (a repetition of the node is never its shortest mate); else it holds
    /// while the levels above stay, at most the parent's.
    pub fn solved_at(c: Option<Cycle>, level: u16) -> Option<Cycle> {
        let c = c?;
        if c.lo >= level {
            return None;
        }
        Some(Cycle {
            lo: c.lo,
            hi: c.hi.min(level - 1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Once a node is solved, what it leaned on below itself is settled: a repetition of the
    /// node itself for good, one of a level above while the levels above its parent stay.
    #[test]
    fn a_solved_node_keeps_only_the_repetitions_above_it() {
        let at = |lo, hi| Some(Cycle { lo, hi });
        assert_eq!(Cycle::solved_at(at(2, 2), 2), None);
        assert_eq!(Cycle::solved_at(at(0, 2), 2), at(0, 1));
        assert_eq!(Cycle::solved_at(at(0, 1), 3), at(0, 1));
        assert_eq!(Cycle::join(at(1, 1), at(0, 3)), at(0, 3));
        assert_eq!(Cycle::join(None, at(2, 2)), at(2, 2));
    }
}
