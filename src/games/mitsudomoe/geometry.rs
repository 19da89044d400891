//! Mitsudomoe's fixed geometry, computed at compile time: rays, neighbours, the squares
//! between two squares on a line, and distances to the goal squares.

use super::{bit, GOAL, SQUARES};

/// The eight directions as (file step, rank step).
const DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
/// The end of a ray.
pub(super) const NONE: u8 = 0xFF;

/// Fixed geometry, computed at compile time.
pub(super) struct Tables {
    /// `ray[s][d]`: the squares from `s` (exclusive) in direction `d`, then `NONE`.
    pub ray: [[[u8; 4]; 8]; SQUARES],
    /// The 8-neighbours of each square.
    pub adj: [u32; SQUARES],
    /// `between[a][b]`: the squares strictly between two squares on one line (else 0).
    pub between: [[u32; SQUARES]; SQUARES],
    /// `dist[c][s]`: king-move distance from `s` to the nearest goal square of colour `c`.
    pub dist: [[i32; SQUARES]; 2],
}

const fn tables() -> Tables {
    let mut t = Tables {
        ray: [[[NONE; 4]; 8]; SQUARES],
        adj: [0; SQUARES],
        between: [[0; SQUARES]; SQUARES],
        dist: [[0; SQUARES]; 2],
    };
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = ((s / 5) as i32, (s % 5) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let mut k = 1;
            let mut between = 0u32;
            while k <= 4 {
                let (g, h) = (f + df * k, r + dr * k);
                if g < 0 || g > 4 || h < 0 || h > 4 {
                    break;
                }
                let q = (g * 5 + h) as usize;
                t.ray[s][d][(k - 1) as usize] = q as u8;
                if k == 1 {
                    t.adj[s] |= bit(q);
                }
                t.between[s][q] = between;
                between |= bit(q);
                k += 1;
            }
            d += 1;
        }
        let mut c = 0;
        while c < 2 {
            let mut best = 99;
            let mut g = 0;
            while g < SQUARES {
                if GOAL[c] & bit(g) != 0 {
                    let df = (f - (g / 5) as i32).abs();
                    let dr = (r - (g % 5) as i32).abs();
                    let m = if df > dr { df } else { dr };
                    if m < best {
                        best = m;
                    }
                }
                g += 1;
            }
            t.dist[c][s] = best;
            c += 1;
        }
        s += 1;
    }
    t
}

pub(super) static T: Tables = tables();
