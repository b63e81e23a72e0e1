//! What the exact length search has found out per position (by full key): the exact value of
//! its mate, or bounds on it (no mate within so many plies, a mate within so many), kept within
//! a share of the hash budget; past it the bounds go first, being the cheaper to find again.

use super::Val;
use crate::tsume::table::KeyMap;

/// Bytes per entry, counting the map's own overhead and its growth by doubling.
const ENTRY_BYTES: usize = 96;

#[derive(Clone, Copy, Default)]
struct Known {
    /// No mate within this many plies (`None`: not known even for 0, which a checkmate, the
    /// defender to move, is mated within).
    none_within: Option<u32>,
    /// A mate within this many plies, its exact length unknown.
    mate_within: Option<u32>,
    exact: Option<Val>,
}

pub struct Memo {
    map: KeyMap<Known>,
    cap: usize,
}

impl Memo {
    /// A memo of about `bytes` bytes at most.
    pub fn new(bytes: usize) -> Memo {
        Memo {
            map: KeyMap::default(),
            cap: (bytes / ENTRY_BYTES).max(1024),
        }
    }

    /// The exact value of `key`'s mate, or (`None`) that it has none within `depth` plies.
    pub fn remember(&mut self, key: u64, depth: u32, val: Option<Val>) {
        if self.map.len() >= self.cap {
            // Bounds ("no mate within n") are redone cheaply; exact lengths go last.
            self.map.retain(|_, m| m.exact.is_some());
            if self.map.len() >= self.cap / 2 {
                self.map.clear();
            }
            self.map.shrink_to_fit();
        }
        let m = self.map.entry(key).or_default();
        match val {
            Some(v) => m.exact = Some(v),
            None => m.none_within = Some(m.none_within.map_or(depth, |d| d.max(depth))),
        }
    }

    /// The plies within which `key` is known to have no mate (0 if none are known).
    pub fn none_within(&self, key: u64) -> u32 {
        self.map.get(&key).and_then(|m| m.none_within).unwrap_or(0)
    }

    /// Whether `key` is mated within `depth` plies.
    pub fn remember_within(&mut self, key: u64, depth: u32, mated: bool) {
        if mated {
            let m = self.map.entry(key).or_default();
            m.mate_within = Some(m.mate_within.map_or(depth, |w| w.min(depth)));
        } else {
            self.remember(key, depth, None);
        }
    }

    /// Is `key` mated within `depth` plies, if known?
    pub fn recall_within(&self, key: u64, depth: u32) -> Option<bool> {
        let m = self.map.get(&key)?;
        if let Some(v) = m.exact {
            return Some(v.len <= depth);
        }
        if m.none_within.is_some_and(|d| d >= depth) {
            return Some(false);
        }
        m.mate_within.filter(|w| *w <= depth).map(|_| true)
    }

    /// The value of `key`'s mate within `depth` plies (`Some(None)`: none), if known.
    pub fn recall(&self, key: u64, depth: u32) -> Option<Option<Val>> {
        let m = self.map.get(&key)?;
        match m.exact {
            Some(v) if v.len <= depth => Some(Some(v)),
            Some(_) => Some(None),
            None if m.none_within.is_some_and(|d| d >= depth) => Some(None),
            None => None,
        }
    }
}
