//! The rings of recent board copies that both native board tables keep (hexgrid's
//! in `boards`, board.pl's in `board_table`), each copy named by a handle.
//!
//! Boards are changed by copying, so a handle always names the same cells.  A
//! ring keeps the most recent `CAPACITY` copies made by a change; an older handle
//! is reported as dropped, and the Prolog side falls back to reading its own
//! term.  Boards made whole (a game's start, a position read) have a ring of
//! their own, so that a position the host holds while play goes on from it (the
//! start of a bench's thousands of playouts) keeps its copy.  Handles are
//! sequence numbers from 1, above a base of the table's own when it draws one
//! (`Rings::new(true)`: a number with 20 bits drawn for each table, times 2^32), so
//! that a handle some other table made (another thread's, another run's, carried
//! in a term written out and read back) is known for what it is (`owns`) and never
//! names a copy of this one.  board.pl's table draws one.  hexgrid's does not: a
//! Hex position in the REPL shows its handle (`native(Rows, 1)`), and the default
//! game's answers stay the same run after run.

/// How many board copies made by a change are kept.
pub const CAPACITY: usize = 1 << 15;
/// How many boards made whole are kept.
pub const NEW_CAPACITY: usize = 1 << 12;

/// The process's tables drawn so far: a table's base counts on from a seed.
static TABLES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A new table's base: a 20-bit number, one more for each table the process draws
/// from a seed of the time and the process id (so two tables of one process never
/// share one, and two runs rarely do), times 2^32 (every handle fits 53 bits).
fn new_base() -> u64 {
    static SEED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    let seed = *SEED.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        (nanos ^ u64::from(std::process::id()) << 24).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 44
    });
    let n = TABLES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    ((seed.wrapping_add(n) & 0xF_FFFF) + 1) << 32
}

/// One board copy: what its table keeps of its shape (`S`) and one `C` per cell (a
/// byte, hexgrid's character; or a code of board.pl's table of names).
#[derive(Default)]
pub struct Kept<S, C = u8> {
    seq: u64,
    pub shape: S,
    pub cells: Vec<C>,
}

/// The two rings of a table, and a buffer for the copy being made.
pub struct Rings<S, C = u8> {
    /// What every handle adds to its sequence number (drawn at the first copy).
    base: u64,
    /// Whether to draw a base.
    draw: bool,
    last: u64,
    slots: Vec<Kept<S, C>>,
    new_slots: Vec<Kept<S, C>>,
    scratch: Vec<C>,
}

impl<S: Default + Clone, C: Default + Copy> Rings<S, C> {
    /// Empty rings (they grow to their capacity as copies come), whose handles
    /// start above a base drawn for them (`draw`) or at 1.
    pub const fn new(draw: bool) -> Self {
        Rings {
            base: 0,
            draw,
            last: 0,
            slots: Vec::new(),
            new_slots: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Whether `handle` is one this table gave (its copy kept or dropped since).
    pub fn owns(&self, handle: i64) -> bool {
        self.seq(handle).is_some()
    }

    /// The sequence number of a handle this table gave.
    fn seq(&self, handle: i64) -> Option<u64> {
        let seq = u64::try_from(handle).ok()?.checked_sub(self.base)?;
        (1..=self.last).contains(&seq).then_some(seq)
    }

    /// Keeps a copy of `cells` of shape `shape` in the ring of boards made whole
    /// (`whole`) or of copies made by a change; gives its handle.
    pub fn keep(&mut self, shape: S, cells: &[C], whole: bool) -> u64 {
        if self.draw && self.base == 0 {
            self.base = new_base();
        }
        self.last += 1;
        let seq = self.last;
        let (ring, capacity) = if whole {
            (&mut self.new_slots, NEW_CAPACITY)
        } else {
            (&mut self.slots, CAPACITY)
        };
        let slot = (seq % capacity as u64) as usize;
        if ring.len() <= slot {
            ring.resize_with(slot + 1, Kept::default);
        }
        let c = &mut ring[slot];
        c.seq = seq;
        c.shape = shape;
        c.cells.clear();
        c.cells.extend_from_slice(cells);
        self.base + seq
    }

    /// The copy named by `handle`, or `None` (never given, or dropped since).
    pub fn get(&self, handle: i64) -> Option<&Kept<S, C>> {
        let seq = self.seq(handle)?;
        // a handle is in one of the two rings, at its sequence number modulo its size
        [
            self.slots.get((seq % CAPACITY as u64) as usize),
            self.new_slots.get((seq % NEW_CAPACITY as u64) as usize),
        ]
        .into_iter()
        .flatten()
        .find(|c| c.seq == seq)
    }

    /// A new copy of board `handle` with `value` on cell `index` (from 0):
    /// `Ok(Some(new handle))`, `Ok(None)` when `handle` was dropped, `Err(())` when
    /// `index` is off the board.
    pub fn changed(&mut self, handle: i64, index: usize, value: C) -> Result<Option<u64>, ()> {
        self.changed_at(handle, &[(index, value)])
    }

    /// A new copy of board `handle` with each `(index, value)` of `changes` made in
    /// order (one copy for a move that changes several cells), as `changed`.
    pub fn changed_at(&mut self, handle: i64, changes: &[(usize, C)]) -> Result<Option<u64>, ()> {
        // the new copy may land on the old one's slot: go through the scratch buffer
        let mut cells = std::mem::take(&mut self.scratch);
        let Some(c) = self.get(handle) else {
            self.scratch = cells;
            return Ok(None);
        };
        if changes.iter().any(|&(index, _)| index >= c.cells.len()) {
            self.scratch = cells;
            return Err(());
        }
        let shape = c.shape.clone();
        cells.clear();
        cells.extend_from_slice(&c.cells);
        for &(index, value) in changes {
            cells[index] = value;
        }
        let h = self.keep(shape, &cells, false);
        self.scratch = cells;
        Ok(Some(h))
    }
}

impl<S: Default + Clone, C: Default + Copy> Default for Rings<S, C> {
    /// Rings that draw a base.
    fn default() -> Self {
        Rings::new(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handle_names_the_same_cells_until_dropped() {
        let mut t: Rings<(usize, usize)> = Rings::new(false);
        let h = t.keep((2, 1), b"ee", true) as i64;
        let h1 = t.changed(h, 1, b'r').unwrap().unwrap() as i64;
        assert_eq!(t.get(h).unwrap().cells, b"ee");
        assert_eq!(t.get(h1).unwrap().cells, b"er");
        assert_eq!(t.get(h1).unwrap().shape, (2, 1));
        assert_eq!(t.changed(h, 2, b'r'), Err(()));
        let h2 = t
            .changed_at(h, &[(0, b'b'), (1, b'r'), (0, b'w')])
            .unwrap()
            .unwrap() as i64;
        assert_eq!(
            t.get(h2).unwrap().cells,
            b"wr",
            "in order, the last change last"
        );
        assert_eq!(t.changed_at(h, &[(0, b'b'), (2, b'r')]), Err(()));
        for _ in 0..CAPACITY {
            t.changed(h1, 0, b'r').unwrap();
        }
        // a copy made by a change is dropped; the board made whole stays, until
        // as many boards are made whole as its ring holds
        assert_eq!(t.changed(h1, 0, b'b'), Ok(None));
        assert_eq!(t.get(h).unwrap().cells, b"ee");
        for _ in 0..NEW_CAPACITY {
            t.keep((2, 1), b"rr", true);
        }
        assert!(t.get(h).is_none());
        assert!(t.get(0).is_none() && t.get(-5).is_none());
        assert!(t.owns(h) && t.owns(h1) && !t.owns(0) && !t.owns(h - 1));
    }

    #[test]
    fn a_handle_of_another_table_names_nothing_here() {
        let (mut a, mut b): (Rings<()>, Rings<()>) = (Rings::new(true), Rings::new(true));
        let ha = a.keep((), b"a", true) as i64;
        let hb = b.keep((), b"b", true) as i64;
        assert_ne!(ha, hb, "each table draws its own base");
        assert!(a.get(hb).is_none() && b.get(ha).is_none());
        assert!(!a.owns(hb) && a.owns(ha));
        assert!(ha < 1 << 53);
        let mut plain: Rings<()> = Rings::new(false);
        assert_eq!(plain.keep((), b"c", true), 1, "no base: handles from 1");
    }
}
