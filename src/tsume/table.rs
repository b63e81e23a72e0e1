//! The transposition table: proof and disproof numbers per position, with proof hands and
//! disproof hands looked up by hand superiority. Its size is bounded by the hash budget: when
//! full, entries that took little work to compute are dropped first (they are cheap to redo).

use super::hand::Hand;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Table keys are Zobrist keys, already uniformly spread: they are their own hash.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | *b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map keyed by Zobrist keys.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// Proof and disproof numbers at or above this are infinite.
pub const INF: u32 = 1 << 28;

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// For a proof the proof hand, for a disproof the disproof hand, otherwise the exact hand.
    pub hand: Hand,
    pub pn: u32,
    pub dn: u32,
    /// A disproof that leaned on a repetition of the path it was found on (see `dfpn`).
    pub repetition: bool,
    /// Nodes searched below this entry, the measure of what it would cost to recompute.
    pub work: u32,
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub pn: u32,
    pub dn: u32,
    pub repetition: bool,
    /// For a proof: the proof hand; for a disproof: the disproof hand.
    pub hand: Hand,
    pub work: u32,
}

pub struct Table {
    map: KeyMap<Vec<Entry>>,
    entries: usize,
    capacity: usize,
    /// Entries below this much work are dropped at the next collection.
    threshold: u32,
}

/// Approximate bytes per entry, counting the map's own overhead.
const ENTRY_BYTES: usize = 96;

impl Table {
    pub fn new(hash_mb: usize) -> Table {
        let capacity = (hash_mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1024);
        Table {
            map: KeyMap::default(),
            entries: 0,
            capacity,
            threshold: 2,
        }
    }

    /// The entry for `key` with attacker hand `hand`: a proof with a hand this one covers, a
    /// disproof with a hand covering this one, or the exact entry.
    pub fn get(&self, key: u64, hand: &Hand) -> Option<Found> {
        let list = self.map.get(&key)?;
        let mut exact = None;
        for e in list {
            if e.pn == 0 && hand.covers(&e.hand) {
                return Some(found(e));
            }
            if e.dn == 0 && e.hand.covers(hand) {
                return Some(found(e));
            }
            if e.hand == *hand {
                exact = Some(found(e));
            }
        }
        exact
    }

    /// Stores a result. `hand` is the proof or disproof hand for a solved position, the exact
    /// hand otherwise.
    pub fn put(&mut self, key: u64, entry: Entry) {
        if self.entries >= self.capacity {
            self.collect();
        }
        let list = self.map.entry(key).or_default();
        let solved = entry.pn == 0 || entry.dn == 0;
        if let Some(e) = list.iter_mut().find(|e| e.hand == entry.hand) {
            *e = entry;
            return;
        }
        if solved {
            // A new proof makes entries it covers useless; likewise a new disproof.
            let before = list.len();
            if entry.pn == 0 {
                list.retain(|e| !(e.hand.covers(&entry.hand) && e.dn != 0));
            } else {
                list.retain(|e| !(entry.hand.covers(&e.hand) && e.pn != 0));
            }
            self.entries -= before - list.len();
        }
        list.push(entry);
        self.entries += 1;
    }

    /// Forgets every disproof that leaned on a repetition.
    pub fn forget_repetitions(&mut self) {
        let mut removed = 0;
        for list in self.map.values_mut() {
            let before = list.len();
            list.retain(|e| !(e.dn == 0 && e.repetition));
            removed += before - list.len();
        }
        self.entries -= removed;
    }

    pub fn len(&self) -> usize {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Drops cheap entries until at most three quarters of the budget is used.
    fn collect(&mut self) {
        while self.entries > self.capacity * 3 / 4 {
            let threshold = self.threshold;
            let mut removed = 0;
            self.map.retain(|_, list| {
                let before = list.len();
                list.retain(|e| e.work >= threshold);
                removed += before - list.len();
                !list.is_empty()
            });
            self.entries -= removed;
            if self.entries > self.capacity * 3 / 4 {
                self.threshold = self.threshold.saturating_mul(2);
            }
        }
        self.map.shrink_to_fit();
    }
}

fn found(e: &Entry) -> Found {
    Found {
        pn: e.pn,
        dn: e.dn,
        repetition: e.repetition,
        hand: e.hand,
        work: e.work,
    }
}
