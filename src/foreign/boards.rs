//! Native copies of hexgrid boards, each named by an integer handle, behind the accelerated predicates.
//!
//! A Prolog board with acceleration on ends in `native(H)`; `H` names a copy of
//! its cells here.  Playing a move makes a new copy (`set`), so a handle always
//! names the same cells.  The table keeps the most recent `CAPACITY` copies in a
//! ring: an older handle is reported as dropped (`None`), and the Prolog side
//! falls back to reading the rows.  Boards made whole (`insert`: a game's start, a
//! position read) have a ring of their own, so that a position the host holds
//! while play goes on from it (the start of a bench's playouts) keeps its copy.
//! Handles are sequence numbers, unique per thread (a Prolog machine never leaves
//! its thread).

use std::cell::RefCell;

/// How many board copies made by a move are kept.
const CAPACITY: usize = 1 << 15;
/// How many boards made whole are kept.
const NEW_CAPACITY: usize = 1 << 12;

/// One board copy: its size and one byte per cell, row by row.
#[derive(Default)]
pub struct BoardCopy {
    seq: u64,
    pub cols: usize,
    pub rows: usize,
    pub cells: Vec<u8>,
}

/// The ring of recent board copies.
pub struct BoardTable {
    next: u64,
    slots: Vec<BoardCopy>,
    new_slots: Vec<BoardCopy>,
    scratch: Vec<u8>,
}

thread_local! {
    static TABLE: RefCell<BoardTable> = const {
        RefCell::new(BoardTable {
            next: 1,
            slots: Vec::new(),
            new_slots: Vec::new(),
            scratch: Vec::new(),
        })
    };
}

/// Runs `f` on this thread's table.
pub fn with_table<T>(f: impl FnOnce(&mut BoardTable) -> T) -> T {
    TABLE.with(|t| f(&mut t.borrow_mut()))
}

impl BoardTable {
    /// Stores a board made whole, `cells` (`cols` x `rows`, checked by the caller);
    /// gives its handle.
    pub fn insert(&mut self, cols: usize, rows: usize, cells: &[u8]) -> u64 {
        self.keep(cols, rows, cells, true)
    }

    /// Stores a copy of `cells` in the ring of boards made whole (`whole`) or of
    /// copies made by a move; gives its handle.
    fn keep(&mut self, cols: usize, rows: usize, cells: &[u8], whole: bool) -> u64 {
        let seq = self.next;
        self.next += 1;
        let (ring, capacity) = if whole {
            (&mut self.new_slots, NEW_CAPACITY)
        } else {
            (&mut self.slots, CAPACITY)
        };
        let slot = (seq % capacity as u64) as usize;
        if ring.len() <= slot {
            ring.resize_with(slot + 1, BoardCopy::default);
        }
        let c = &mut ring[slot];
        c.seq = seq;
        c.cols = cols;
        c.rows = rows;
        c.cells.clear();
        c.cells.extend_from_slice(cells);
        seq
    }

    /// The copy named by `handle`, or `None` once it has been dropped.
    pub fn get(&self, handle: i64) -> Option<&BoardCopy> {
        let seq = u64::try_from(handle).ok().filter(|&s| s != 0)?;
        // a handle is in one of the two rings, at its sequence number modulo its size
        [
            self.slots.get((seq % CAPACITY as u64) as usize),
            self.new_slots.get((seq % NEW_CAPACITY as u64) as usize),
        ]
        .into_iter()
        .flatten()
        .find(|c| c.seq == seq)
    }

    /// A new copy of board `handle` with `byte` on cell `index`: `Ok(Some(new handle))`,
    /// `Ok(None)` when `handle` was dropped, `Err(())` when `index` is off the board.
    pub fn set(&mut self, handle: i64, index: usize, byte: u8) -> Result<Option<u64>, ()> {
        // the new copy may land on the old one's slot: go through the scratch buffer
        let mut cells = std::mem::take(&mut self.scratch);
        let Some(c) = self.get(handle) else {
            self.scratch = cells;
            return Ok(None);
        };
        if index >= c.cells.len() {
            self.scratch = cells;
            return Err(());
        }
        let (cols, rows) = (c.cols, c.rows);
        cells.clear();
        cells.extend_from_slice(&c.cells);
        cells[index] = byte;
        let h = self.keep(cols, rows, &cells, false);
        self.scratch = cells;
        Ok(Some(h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handle_names_the_same_cells_until_dropped() {
        with_table(|t| {
            let h = t.insert(2, 1, b"ee") as i64;
            let h1 = t.set(h, 1, b'r').unwrap().unwrap() as i64;
            assert_eq!(t.get(h).unwrap().cells, b"ee");
            assert_eq!(t.get(h1).unwrap().cells, b"er");
            assert_eq!(t.set(h, 2, b'r'), Err(()));
            for _ in 0..CAPACITY {
                t.set(h1, 0, b'r').unwrap();
            }
            // a copy made by a move is dropped; the board made whole stays, until
            // as many boards are made whole as its ring holds
            assert_eq!(t.set(h1, 0, b'b'), Ok(None));
            assert_eq!(t.get(h).unwrap().cells, b"ee");
            for _ in 0..NEW_CAPACITY {
                t.insert(2, 1, b"rr");
            }
            assert!(t.get(h).is_none());
            assert!(t.get(0).is_none() && t.get(-5).is_none());
        });
    }
}
