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
    /// At a node not solved, what it keeps about its children and its first parent.
    pub notes: Notes,
}

/// What an unsolved node's entry keeps beyond its own numbers, in one word: the tag of the
/// node it was first searched from (the top 16 bits, see `double_count.rs`), and below it,
/// at an attacker's node the first proof numbers of its first [`Notes::CHECKS`] checks, three
/// bits each, at a defender's node the children whose proof numbers count once (a bit each
/// for the first [`Notes::LOW`]).
///
/// The first proof numbers are kept in the node's own entry rather than in one entry per
/// check: most checks are never searched (90 % of the table's entries on a classic problem
/// were such checks), and a table that held them all was ten times larger, slower by its
/// cache misses and its fresh pages (the classic set's proofs 51.6 s with them, 41.1 s
/// without, the same nodes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notes(u64);

impl Notes {
    /// Bits per check: a first proof number of 1 to 8.
    const BITS: usize = 3;
    const MASK: u64 = (1 << Self::BITS) - 1;
    /// Bits below the parent's tag.
    pub const LOW: usize = 48;
    const LOW_MASK: u64 = (1 << Self::LOW) - 1;
    /// Checks past this many get an entry of their own.
    pub const CHECKS: usize = Self::LOW / Self::BITS;
    /// The largest first proof number kept.
    pub const MAX_PN: u32 = 1 << Self::BITS;

    /// With check `i`'s first proof number `pn` (1 to [`Notes::MAX_PN`]).
    pub fn with(self, i: usize, pn: u32) -> Notes {
        debug_assert!(i < Self::CHECKS && (1..=Self::MAX_PN).contains(&pn));
        let shift = Self::BITS * i;
        Notes((self.0 & !(Self::MASK << shift)) | (((pn - 1) as u64 & Self::MASK) << shift))
    }

    /// Check `i`'s first proof number; 1 (a position not seen) for one not kept.
    pub fn pn(self, i: usize) -> u32 {
        if i < Self::CHECKS {
            ((self.0 >> (Self::BITS * i)) & Self::MASK) as u32 + 1
        } else {
            1
        }
    }

    /// A defender's node's children that count once, a bit each.
    pub fn counted_once(self) -> u64 {
        self.0 & Self::LOW_MASK
    }

    pub fn with_counted_once(self, children: u64) -> Notes {
        Notes((self.0 & !Self::LOW_MASK) | (children & Self::LOW_MASK))
    }

    /// The tag of the node's first parent; 0 for none recorded.
    pub fn parent(self) -> u16 {
        (self.0 >> Self::LOW) as u16
    }

    pub fn with_parent(self, tag: u16) -> Notes {
        Notes((self.0 & Self::LOW_MASK) | (tag as u64) << Self::LOW)
    }
}

/// One slot of the open-addressed table: a key and its entry, in 40 bytes (the repetition flag
/// rides in the top bit of the work, which is capped below it: the table's reads are mostly
/// cache misses, and smaller slots are fewer of them). Whether a slot is in use is its tag's
/// (see [`Table`]). Several entries may share a key (one position with different hands); they
/// sit in the same run of the probe sequence.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    notes: Notes,
    hand: Hand,
    pn: u32,
    dn: u32,
    meta: u32,
}

const REPETITION: u32 = 1 << 31;
/// Work is kept below the flag: far more nodes than one search spends below an entry.
const WORK_CAP: u32 = REPETITION - 1;

/// A live slot's tag: set high bit, and seven low bits of its key (the home slot comes from the
/// high bits, so neighbours' tags differ). 0 is an empty slot.
#[inline]
fn tag(key: u64) -> u8 {
    0x80 | (key & 0x7f) as u8
}

impl Slot {
    fn new(key: u64, e: &Entry) -> Slot {
        let flags = if e.repetition { REPETITION } else { 0 };
        Slot {
            key,
            notes: e.notes,
            hand: e.hand,
            pn: e.pn,
            dn: e.dn,
            meta: e.work.min(WORK_CAP) | flags,
        }
    }

    #[inline]
    fn entry(&self) -> Entry {
        Entry {
            hand: self.hand,
            pn: self.pn,
            dn: self.dn,
            repetition: self.meta & REPETITION != 0,
            work: self.meta & WORK_CAP,
            notes: self.notes,
        }
    }
}

const EMPTY: Slot = Slot {
    key: 0,
    notes: Notes(0),
    hand: Hand([0; super::hand::MAX_HAND_KINDS]),
    pn: 0,
    dn: 0,
    meta: 0,
};

/// An open-addressed table with linear probing: one array of slots, no allocation per entry, a
/// look-up reads a few neighbouring slots. It starts small and doubles up to the budget, so a
/// short problem does not touch a gigabyte; once full, cheap entries are dropped.
///
/// Beside the slots, a byte per slot: 0 for an empty one, else a tag of its key. A look-up reads
/// the tags of its run and a slot only where the tag matches: most look-ups are for positions
/// not in the table (checks never searched), and those read only a line of tags (a fortieth of
/// the slots' size, mostly in the processor's cache) and a slot for each other key whose tag is
/// the same (one in 128).
pub struct Table {
    slots: Vec<Slot>,
    tags: Vec<u8>,
    live: usize,
    /// The most slots the budget allows: growing copies the table, so the final size is two
    /// thirds of the budget (the last copy holds the old half-size array for a moment).
    max_slots: usize,
    /// Entries below this much work are dropped at the next collection.
    threshold: u32,
}

/// Asks the processor to bring the cache line holding `x` closer (a hint: nothing is read,
/// nothing changes; a no-op where the instruction is not known here).
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch neither reads nor writes memory and cannot fault, and `x` is a live
    // reference in any case. (The intrinsic is `unsafe` only for its target feature, SSE, which
    // every x86-64 processor has.)
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// A slot and its tag.
const SLOT_BYTES: usize = std::mem::size_of::<Slot>() + 1;
const FIRST_SLOTS: usize = 1 << 14;

impl Table {
    pub fn new(hash_mb: usize) -> Table {
        let budget = hash_mb.max(1) * 1024 * 1024;
        let max_slots = (budget * 2 / 3 / SLOT_BYTES).max(FIRST_SLOTS);
        let mut first = max_slots;
        while first / 2 >= FIRST_SLOTS {
            first /= 2;
        }
        Table {
            slots: vec![EMPTY; first],
            tags: vec![0; first],
            live: 0,
            max_slots,
            threshold: 2,
        }
    }

    /// The first slot of `key`'s probe sequence (the key's high bits scaled to the length).
    #[inline]
    fn home(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.slots.len() {
            0
        } else {
            i + 1
        }
    }

    /// The entry for `key` with attacker hand `hand`: a proof with a hand this one covers, a
    /// disproof with a hand covering this one, or the exact entry.
    pub fn get(&self, key: u64, hand: &Hand) -> Option<Entry> {
        let t = tag(key);
        let mut i = self.home(key);
        let mut exact = None;
        loop {
            match self.tags[i] {
                0 => return exact,
                u if u != t => {
                    i = self.next(i);
                    continue;
                }
                _ => {}
            }
            let s = &self.slots[i];
            if s.key == key {
                let e = s.entry();
                if e.pn == 0 && hand.covers(&e.hand) {
                    return Some(e);
                }
                if e.dn == 0 && e.hand.covers(hand) {
                    return Some(e);
                }
                if e.hand == *hand {
                    exact = Some(e);
                }
            }
            i = self.next(i);
        }
    }

    /// Asks the processor for the first tag and slot of each key, so that their cache misses
    /// overlap and the look-ups that follow find them cached. Prefetches, not reads: the
    /// reads this replaced (a slot read only where its tag matched) waited on each tag and
    /// branched on it; the classic set's proofs 3–4 % faster, the same nodes.
    pub fn touch(&self, keys: impl Iterator<Item = u64>) {
        for key in keys {
            let h = self.home(key);
            prefetch(&self.tags[h]);
            prefetch(&self.slots[h]);
        }
    }

    /// Stores a result. `hand` is the proof or disproof hand for a solved position, the exact
    /// hand otherwise.
    pub fn put(&mut self, key: u64, entry: Entry) {
        if (self.live + 1) * 2 > self.slots.len() {
            self.make_room();
        }
        let solved = entry.pn == 0 || entry.dn == 0;
        let t = tag(key);
        let mut i = self.home(key);
        loop {
            if self.tags[i] == 0 {
                self.slots[i] = Slot::new(key, &entry);
                self.tags[i] = t;
                self.live += 1;
                return;
            }
            let s = &mut self.slots[i];
            if self.tags[i] == t && s.key == key {
                if s.hand == entry.hand {
                    *s = Slot::new(key, &entry);
                    return;
                }
                // A new proof makes entries it covers useless; likewise a new disproof.
                let e = &s.entry();
                let useless = solved
                    && if entry.pn == 0 {
                        e.hand.covers(&entry.hand) && e.dn != 0
                    } else {
                        entry.hand.covers(&e.hand) && e.pn != 0
                    };
                if useless {
                    // The slot is refilled from further along the run: look at it again.
                    self.remove(i);
                    continue;
                }
            }
            i = self.next(i);
        }
    }

    /// Empties slot `i`, moving later entries of the run back so that no probe sequence breaks
    /// (deletion without tombstones).
    fn remove(&mut self, mut i: usize) {
        self.tags[i] = 0;
        self.live -= 1;
        let mut j = i;
        loop {
            j = self.next(j);
            if self.tags[j] == 0 {
                return;
            }
            let h = self.home(self.slots[j].key);
            // Entry j may move to i unless its home lies cyclically in (i, j].
            let stays = if i <= j {
                i < h && h <= j
            } else {
                i < h || h <= j
            };
            if !stays {
                self.slots[i] = self.slots[j];
                self.tags[i] = self.tags[j];
                self.tags[j] = 0;
                i = j;
            }
        }
    }

    /// Forgets every disproof that leaned on a repetition.
    pub fn forget_repetitions(&mut self) {
        self.remove_where(|e| e.dn == 0 && e.repetition);
    }

    fn remove_where(&mut self, drop: impl Fn(&Entry) -> bool) {
        let mut i = 0;
        while i < self.slots.len() {
            if self.tags[i] != 0 && drop(&self.slots[i].entry()) {
                // Another entry may have moved into slot i.
                self.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The bytes its slots take now.
    fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// Keeps the table within `bytes` from now on (within its current size if that is more,
    /// within its own budget if that is less); past it, it drops cheap entries instead of
    /// growing. The bytes it may take from now on.
    pub fn limit(&mut self, bytes: usize) -> usize {
        self.max_slots = (bytes * 2 / 3 / SLOT_BYTES)
            .min(self.max_slots)
            .max(self.slots.len());
        if self.slots.len() * 2 > self.max_slots {
            self.bytes()
        } else {
            // The last doubling holds the old half for a moment.
            self.max_slots * SLOT_BYTES * 3 / 2
        }
    }

    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Doubles the table while the budget allows; then drops cheap entries until at most three
    /// eighths of the slots are used. (Half full at most: a look-up for a position not in the
    /// table, the common case, then reads two or three slots.)
    fn make_room(&mut self) {
        if self.slots.len() * 2 <= self.max_slots {
            let size = self.slots.len() * 2;
            let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
            let old_tags = std::mem::replace(&mut self.tags, vec![0; size]);
            self.live = 0;
            for (s, t) in old.into_iter().zip(old_tags).filter(|(_, t)| *t != 0) {
                let mut i = self.home(s.key);
                while self.tags[i] != 0 {
                    i = self.next(i);
                }
                self.slots[i] = s;
                self.tags[i] = t;
                self.live += 1;
            }
            return;
        }
        while self.live * 8 > self.slots.len() * 3 {
            let threshold = self.threshold;
            self.remove_where(|e| e.work < threshold);
            if self.live * 8 > self.slots.len() * 3 {
                self.threshold = self.threshold.saturating_mul(2);
            }
        }
    }
}

// 40 bytes a slot (see `Slot`), and its tag.
const _: () = assert!(SLOT_BYTES == 41);

#[cfg(test)]
mod tests {
    use super::Notes;

    #[test]
    fn notes_keep_each_checks_first_proof_number() {
        let last = Notes::CHECKS - 1;
        let mut o = Notes::default().with_parent(0xbeef);
        for (i, pn) in [(0, 4), (1, 1), (7, 2), (7, 8), (last, 6)] {
            o = o.with(i, pn);
        }
        let got: Vec<u32> = [0, 1, 2, 7, last - 1, last, last + 1, 40]
            .iter()
            .map(|&i| o.pn(i))
            .collect();
        // Set twice (7), the last wins; a check not kept (2, last - 1) or past the last kept
        // is a position not seen: 1.
        assert_eq!(got, [4, 1, 1, 8, 1, 6, 1, 1]);
        // The parent's tag beside them, untouched by them and touching none of them.
        assert_eq!(o.parent(), 0xbeef);
        let o = o.with_parent(7);
        assert_eq!((o.parent(), o.pn(0), o.pn(last)), (7, 4, 6));
    }

    #[test]
    fn notes_keep_the_children_counted_once_beside_the_parent() {
        let o = Notes::default()
            .with_parent(0xffff)
            .with_counted_once(u64::MAX);
        assert_eq!(o.counted_once(), (1 << Notes::LOW) - 1);
        assert_eq!(o.parent(), 0xffff);
        let o = o.with_counted_once(0b101);
        assert_eq!((o.counted_once(), o.parent()), (0b101, 0xffff));
    }
}
