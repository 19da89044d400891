//! Native copies of hexgrid boards, each named by an integer handle, behind the accelerated predicates.
//!
//! A Prolog board with acceleration on ends in `native(H)`; `H` names a copy of
//! its cells here, one byte (its character) per cell, row by row, kept in the
//! rings of `ring` as board.pl's copies are.  Hex boards stay out of board.pl's
//! table: that table numbers cells in one byte, for boards of at most 255 cells
//! (scryer's largest compound), and Hex is played up to 26 x 26.

use super::ring::{Kept, Rings};
use std::cell::RefCell;

/// The size of a hexgrid board.
#[derive(Default, Clone, Copy)]
pub struct Size {
    pub cols: usize,
    pub rows: usize,
}

/// One board copy: its size and one byte per cell, row by row.
pub type BoardCopy = Kept<Size>;

/// The rings of recent hexgrid board copies.
pub struct BoardTable {
    rings: Rings<Size>,
}

thread_local! {
    static TABLE: RefCell<BoardTable> = const { RefCell::new(BoardTable { rings: Rings::new(false) }) };
}

/// Runs `f` on this thread's table.
pub fn with_table<T>(f: impl FnOnce(&mut BoardTable) -> T) -> T {
    TABLE.with(|t| f(&mut t.borrow_mut()))
}

impl BoardTable {
    /// Stores a board made whole, `cells` (`cols` x `rows`, checked by the caller);
    /// gives its handle.
    pub fn insert(&mut self, cols: usize, rows: usize, cells: &[u8]) -> u64 {
        self.rings.keep(Size { cols, rows }, cells, true)
    }

    /// The copy named by `handle`, or `None` once it has been dropped.
    pub fn get(&self, handle: i64) -> Option<&BoardCopy> {
        self.rings.get(handle)
    }

    /// A new copy of board `handle` with `byte` on cell `index`: `Ok(Some(new handle))`,
    /// `Ok(None)` when `handle` was dropped, `Err(())` when `index` is off the board.
    pub fn set(&mut self, handle: i64, index: usize, byte: u8) -> Result<Option<u64>, ()> {
        self.rings.changed(handle, index, byte)
    }
}
