//! Tactigon's fixed geometry and pieces: the 53 cells as bit indices of a u64,
//! neighbour masks, the combat table, and the range-bounded reach search.

/// The number of cells.
pub const CELLS: usize = 53;

/// The cell numbers N = 11 * r + c of the bit indices 0..53, row by row.
pub const CELL_NUMBER: [u8; CELLS] = [
    3, 4, //
    11, 12, 13, 14, 15, 16, 17, 18, 19, //
    22, 23, 24, 25, 26, 27, 28, 29, 30, 31, //
    33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, //
    45, 46, 47, 48, 49, 50, 51, 52, 53, 54, //
    57, 58, 59, 60, 61, 62, 63, 64, 65, //
    72, 73,
];

/// The first and last column of each row r = 0..7.
pub const ROW_SPAN: [(i32, i32); 7] = [(3, 4), (0, 8), (0, 9), (0, 10), (1, 10), (2, 10), (6, 7)];

/// Every cell.
pub const ALL: u64 = (1u64 << CELLS) - 1;

/// Whether (r, c) is a cell of the board.
pub const fn on_board(r: i32, c: i32) -> bool {
    r >= 0 && r < 7 && c >= ROW_SPAN[r as usize].0 && c <= ROW_SPAN[r as usize].1
}

/// The bit index of the cell at (r, c), if there is one.
pub const fn index_rc(r: i32, c: i32) -> Option<usize> {
    if !on_board(r, c) {
        return None;
    }
    let mut i = 0;
    while i < CELLS {
        if CELL_NUMBER[i] as i32 == 11 * r + c {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The bit index of cell number `n`, if `n` is a cell.
pub fn index_of(n: u32) -> Option<usize> {
    CELL_NUMBER.iter().position(|&m| u32::from(m) == n)
}

/// The (row, column) of bit index `i`.
pub const fn rc(i: usize) -> (i32, i32) {
    let n = CELL_NUMBER[i] as i32;
    (n / 11, n % 11)
}

const fn build_neighbours() -> [u64; CELLS] {
    let mut out = [0u64; CELLS];
    let dirs: [(i32, i32); 6] = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, 0), (1, 1)];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = rc(i);
        let mut d = 0;
        while d < 6 {
            if let Some(j) = index_rc(r + dirs[d].0, c + dirs[d].1) {
                out[i] |= 1 << j;
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// The neighbours of each cell: (r, c±1), (r-1, c-1), (r-1, c), (r+1, c), (r+1, c+1).
pub const NEIGHBOURS: [u64; CELLS] = build_neighbours();

const fn bit_of(r: i32, c: i32) -> u64 {
    match index_rc(r, c) {
        Some(i) => 1 << i,
        None => 0,
    }
}

/// The two gold cells, numbers 15 = (1, 4) and 61 = (5, 6).
pub const GOLD: u64 = bit_of(1, 4) | bit_of(5, 6);

/// The hex distance between two places of the 7 x 11 matrix (the board has no detour).
pub fn hex_distance((r1, c1): (i32, i32), (r2, c2): (i32, i32)) -> i32 {
    let (dr, dc) = (r1 - r2, c1 - c2);
    dr.abs().max(dc.abs()).max((dc - dr).abs())
}

/// The four kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Circle = 0,
    Triangle = 1,
    Square = 2,
    Pentagon = 3,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Circle, Kind::Triangle, Kind::Square, Kind::Pentagon];

    /// How far it moves: its number of sides, a circle 1.
    pub fn range(self) -> u32 {
        [1, 3, 4, 5][self as usize]
    }

    /// How many a side has at the start (and at most).
    pub fn most(self) -> u32 {
        [6, 3, 3, 1][self as usize]
    }

    /// Its material value in the evaluation.
    pub fn value(self) -> i32 {
        [10, 30, 40, 0][self as usize]
    }

    /// Its name in messages.
    pub fn name(self) -> &'static str {
        ["circle", "triangle", "square", "pentagon"][self as usize]
    }

    /// Its letter in the position text, upper case for Red (side 0).
    pub fn letter(self, side: usize) -> char {
        let l = ['c', 't', 's', 'p'][self as usize];
        if side == 0 {
            l.to_ascii_uppercase()
        } else {
            l
        }
    }

    /// The kind and side of a position-text letter.
    pub fn from_letter(l: u8) -> Option<(Kind, usize)> {
        let side = usize::from(l.is_ascii_lowercase());
        let kind = match l.to_ascii_lowercase() {
            b'c' => Kind::Circle,
            b't' => Kind::Triangle,
            b's' => Kind::Square,
            b'p' => Kind::Pentagon,
            _ => return None,
        };
        Some((kind, side))
    }
}

/// The result of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combat {
    /// The defender is removed, the attacker takes its cell.
    D,
    /// Both are removed; the cell is left empty.
    B,
    /// The attack is not allowed.
    X,
}

/// The combat table, attacker by defender (circle, triangle, square, pentagon).
pub const COMBAT: [[Combat; 4]; 4] = {
    use Combat::{B, D, X};
    [[D, D, D, D], [B, D, D, D], [X, B, D, D], [X, X, X, D]]
};

/// The cells reachable from `from` in at most `range` steps, breadth first:
/// cells in `passable` may be passed through (each costs a step); a cell met
/// for the first time is a target if it is in `targetable`.
pub fn reach(from: usize, range: u32, passable: u64, targetable: u64) -> u64 {
    let mut seen = 1u64 << from;
    let mut layer = seen;
    let mut targets = 0;
    for _ in 0..range {
        let mut next = 0;
        let mut l = layer;
        while l != 0 {
            next |= NEIGHBOURS[l.trailing_zeros() as usize];
            l &= l - 1;
        }
        next &= !seen;
        seen |= next;
        targets |= next & targetable;
        layer = next & passable;
        if layer == 0 {
            break;
        }
    }
    targets
}

/// The bit indices of a set, lowest first.
pub fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}
