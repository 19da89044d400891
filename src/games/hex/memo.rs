//! The memo of the Hex knowledge's verdicts: a proof-number search expands a
//! position again each time it comes back to it, and the verdict (fill-in and two
//! H-searches, most of an expansion's time) depends on the stones and the side to
//! move alone.  A direct-mapped table per thread, keyed by the whole position (the
//! stones of both players as masks, the board's size, the side to move), so that a
//! verdict is never read for another position.

use super::cells::Cells;
use std::cell::RefCell;

/// What the knowledge settles on a board of at most 64 cells, as the memo keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins; with the cell of a move that keeps the win, if needed.
    Win(Option<u8>),
    /// The side to move loses.
    Loss,
    /// Open: the cells worth playing.
    Keep(u64),
}

/// The entries of a thread's memo (a power of two): 2^18 of 40 bytes, 10 MB.
const SLOTS: usize = 1 << 18;

/// A position as the memo tells positions apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    stones: [u64; 2],
    /// Columns, rows and the side to move, packed; 0 in an empty slot.
    shape: u32,
}

impl Key {
    /// The key of the position `cells` shows with `to_move` to move.
    pub fn of(cells: &Cells, to_move: usize) -> Key {
        Key {
            stones: cells.stones,
            shape: 1 << 31 | (cells.cols as u32) << 16 | (cells.rows as u32) << 8 | to_move as u32,
        }
    }

    fn slot(&self) -> usize {
        let h = crate::game::zobrist_key(
            self.stones[0] ^ self.stones[1].rotate_left(29) ^ u64::from(self.shape),
        );
        (h as usize) & (SLOTS - 1)
    }
}

#[derive(Clone, Copy)]
struct Entry {
    key: Key,
    verdict: Verdict,
}

thread_local! {
    static MEMO: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The verdict remembered for `key`, if its slot still holds it.
pub fn get(key: &Key) -> Option<Verdict> {
    MEMO.with(|m| {
        let m = m.borrow();
        m.get(key.slot())
            .filter(|e| e.key == *key)
            .map(|e| e.verdict)
    })
}

/// Remembers the verdict for `key`, over whatever its slot held.
pub fn put(key: &Key, verdict: Verdict) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_empty() {
            m.resize(
                SLOTS,
                Entry {
                    key: Key {
                        stones: [0; 2],
                        shape: 0,
                    },
                    verdict: Verdict::Loss,
                },
            );
        }
        m[key.slot()] = Entry { key: *key, verdict };
    })
}
