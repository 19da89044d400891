//! Why a Tactigon move is illegal: the same reasons, in the same order and
//! words, as why/6 and blocked/7 of rules/tactigon.pl.

use super::board::{
    bits, hex_distance, index_of, on_board, rc, Combat, CELLS, CELL_NUMBER, COMBAT,
};
use super::{Tactigon, TactigonMove, NAMES};

/// The first rule `mv` breaks (None for a legal move): an own piece stands on
/// `from`, the piece moves, it does not end on an own piece, the combat table
/// allows the attack, `to` is in range, and an open path leads there.
pub fn why(g: &Tactigon, mv: TactigonMove) -> Option<String> {
    if let Some(w) = g.winner {
        return Some(format!("the game is over: {} has won", NAMES[w]));
    }
    let (from, to) = (u32::from(mv.from), u32::from(mv.to));
    let Some(f) = index_of(from) else {
        return Some(format!("{from} is not a cell of the board"));
    };
    let Some(t) = index_of(to) else {
        return Some(format!("{to} is not a cell of the board"));
    };
    let side = g.to_move;
    let name = NAMES[side];
    let kind = match g.piece(f) {
        Some((s, k)) if s == side => k,
        _ => return Some(format!("no {name} piece on {from}")),
    };
    if f == t {
        return Some("a piece must move to another cell".to_string());
    }
    if let Some((s, d)) = g.piece(t) {
        if s == side {
            return Some(format!(
                "{name} cannot move onto its own {} on {to}",
                d.name()
            ));
        }
        if COMBAT[kind as usize][d as usize] == Combat::X {
            return Some(format!(
                "the combat table does not let a {name} {} attack a {} {}",
                kind.name(),
                NAMES[s],
                d.name()
            ));
        }
    }
    let range = g.range_at(f, kind) as i32;
    let dist = hex_distance(rc(f), rc(t));
    if dist > range {
        return Some(format!(
            "{to} is {dist} steps from {from}, but the {} on {from} has a range of {range}",
            kind.name()
        ));
    }
    if g.targets(f) >> t & 1 == 1 {
        return None;
    }
    Some(blocked(g, f, t, range))
}

/// The cells in the way of every path of at most `k` steps from `f` to `t`:
/// those on such a path (distances from `f` and to `t` adding up to at most `k`)
/// holding a piece the mover may not pass over, by owner (the mover's first),
/// and the edge of the board if a place that is not a cell lies on such a path.
fn blocked(g: &Tactigon, f: usize, t: usize, k: i32) -> String {
    let side = g.to_move;
    let kind = g.piece(f).map_or(super::Kind::Circle, |(_, kind)| kind);
    let over = g.over(side, kind);
    let on_path = |p: (i32, i32)| hex_distance(rc(f), p) + hex_distance(p, rc(t)) <= k;
    let mut in_way = 0u64;
    for i in 0..CELLS {
        if i != f && i != t && on_path(rc(i)) {
            in_way |= 1 << i;
        }
    }
    in_way &= g.occupied() & !over;
    let mut parts = Vec::new();
    for s in [side, 1 - side] {
        let cells: Vec<String> = bits(in_way & g.sides[s])
            .map(|i| CELL_NUMBER[i].to_string())
            .collect();
        if !cells.is_empty() {
            parts.push(format!("{} on {}", NAMES[s], cells.join(" ")));
        }
    }
    let (r1, c1) = rc(f);
    let edge =
        (r1 - k..=r1 + k).any(|r| (c1 - k..=c1 + k).any(|c| !on_board(r, c) && on_path((r, c))));
    if edge {
        parts.push("the edge of the board".to_string());
    }
    format!(
        "no open path of at most {k} steps from {} to {}; in the way: {}",
        CELL_NUMBER[f],
        CELL_NUMBER[t],
        parts.join(", ")
    )
}
