//! The bounded transposition table of the proof-number search: proof and disproof
//! numbers by position hash, in a fixed number of four-entry buckets.  A store always
//! lands (a search that could not store its numbers would search the same position
//! again and again); what it evicts is the open entry that cost least, settled
//! entries last.

/// A proof or disproof number that stands for infinity: the question is settled.
pub const INF: u64 = 1 << 62;

/// What the table holds for one position and one question.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Numbers {
    /// Proof number: how many leaves at least must still be proved to prove it.
    pub pn: u64,
    /// Disproof number: the same for the disproof.
    pub dn: u64,
}

impl Numbers {
    /// The numbers of a position never searched.
    pub const FRESH: Numbers = Numbers { pn: 1, dn: 1 };
    /// A proved position.
    pub const PROVED: Numbers = Numbers { pn: 0, dn: INF };
    /// A disproved position.
    pub const DISPROVED: Numbers = Numbers { pn: INF, dn: 0 };

    /// Whether the question is settled here.
    pub fn settled(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    /// The hash, 0 for an empty slot.
    key: u64,
    numbers: Numbers,
    /// How many expansions the numbers cost: what a full bucket keeps.
    work: u64,
}

/// A transposition table of a fixed size.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    stored: u64,
}

/// The size of one entry, in bytes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table of at most `bytes` bytes (a power of two number of entries, at least 1024).
    pub fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(1024);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
            stored: 0,
        }
    }

    /// How many entries the table holds at most.
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// How many stores were made.
    pub fn stores(&self) -> u64 {
        self.stored
    }

    /// The four slots of the bucket `key` falls in.
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let first = (key as usize) & self.mask & !3;
        first..first + 4
    }

    /// The numbers stored for `key`, if the table still holds them.
    pub fn get(&self, key: u64) -> Option<Numbers> {
        let key = key.max(1);
        self.entries[self.bucket(key)]
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.numbers)
    }

    /// Stores the numbers of `key`: over its own entry, else an empty slot, else the
    /// entry least worth keeping (open before settled, then the least work).
    pub fn put(&mut self, key: u64, numbers: Numbers, work: u64) {
        let key = key.max(1);
        self.stored += 1;
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        let worth = |e: &Entry| (e.key != 0, e.numbers.settled(), e.work);
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => (0..4).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0),
        };
        bucket[slot] = Entry { key, numbers, work };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_always_land_and_evict_open_entries_before_proofs() {
        let mut t = Table::with_bytes(1024 * ENTRY_BYTES);
        assert_eq!(t.capacity(), 1024);
        t.put(4, Numbers::PROVED, 1);
        assert_eq!(t.get(4), Some(Numbers::PROVED));
        // four more keys in the same bucket: the proof outlives the open entries
        for (k, work) in [(4 + 1024, 10), (4 + 2048, 20), (4 + 3072, 5)] {
            t.put(k, Numbers { pn: 3, dn: 4 }, work);
        }
        t.put(4 + 4096, Numbers { pn: 7, dn: 8 }, 1);
        assert_eq!(t.get(4), Some(Numbers::PROVED));
        assert_eq!(t.get(4 + 4096), Some(Numbers { pn: 7, dn: 8 }));
        assert_eq!(t.get(4 + 3072), None, "the cheapest open entry went");
        // a bucket of proofs still takes a new entry
        for k in 0..5u64 {
            t.put(8 + 1024 * k, Numbers::DISPROVED, 1);
        }
        t.put(8 + 1024 * 9, Numbers { pn: 2, dn: 2 }, 1);
        assert_eq!(t.get(8 + 1024 * 9), Some(Numbers { pn: 2, dn: 2 }));
        assert_eq!(t.get(99), None);
    }

    #[test]
    fn sizes_are_powers_of_two_within_the_bytes_given() {
        let t = Table::with_bytes(3000 * ENTRY_BYTES);
        assert_eq!(t.capacity(), 2048);
        assert_eq!(Table::with_bytes(0).capacity(), 1024);
    }
}
