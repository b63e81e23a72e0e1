//! df-pn's current path, for its repetition test: a position met again on the path is a
//! loss for the attacker (`dfpn.rs`).

/// The full keys of the positions on the current path, with a small counting filter in front
/// of the list: most look-ups are for positions not on it.
pub struct Path {
    keys: Vec<u64>,
    filter: Vec<u16>,
}

const PATH_FILTER: usize = 4096;

impl Default for Path {
    fn default() -> Path {
        Path {
            keys: Vec::new(),
            filter: vec![0; PATH_FILTER],
        }
    }
}

impl Path {
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
        self.filter[key as usize % PATH_FILTER] += 1;
    }

    pub fn pop(&mut self) {
        if let Some(key) = self.keys.pop() {
            self.filter[key as usize % PATH_FILTER] -= 1;
        }
    }

    pub fn contains(&self, key: u64) -> bool {
        self.filter[key as usize % PATH_FILTER] > 0 && self.keys.contains(&key)
    }
}

#[cfg(test)]
mod tests {
    use super::Path;

    #[test]
    fn a_key_is_on_the_path_until_its_last_copy_leaves() {
        let mut p = Path::default();
        // 1 and 4097 share a filter slot; 1 is on the path twice.
        for key in [1, 4097, 1] {
            p.push(key);
        }
        assert!(p.contains(1) && p.contains(4097) && !p.contains(2));
        p.pop();
        assert!(p.contains(1), "one copy of 1 is still there");
        p.pop();
        assert!(!p.contains(4097) && p.contains(1));
        p.pop();
        assert!(!p.contains(1));
        p.pop(); // popping an empty path does nothing
        assert!(!p.contains(1));
    }
}
