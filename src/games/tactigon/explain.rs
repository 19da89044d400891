//! Why a Tactigon move is illegal: the same reasons, in the same order, as why/6
//! and blocked/7 of rules/tactigon.pl (whose refusal//1 words them).

use super::board::{
    bits, hex_distance, index_of, on_board, rc, Combat, CELLS, CELL_NUMBER, COMBAT,
};
use super::{Tactigon, TactigonMove, NAMES};
use crate::game::Reason;

/// The reason for the first rule `mv` breaks (None for a legal move): an own piece stands on
/// `from`, the piece moves, it does not end on an own piece, the combat table
/// allows the attack, `to` is in range, and an open path leads there.
pub fn why(g: &Tactigon, mv: TactigonMove) -> Option<Reason> {
    let atom = |a: &str| Reason::atom(a);
    let cell = |n: u32| Reason::int(n);
    if let Some(w) = g.winner {
        return Some(Reason::term("game_over", [atom(NAMES[w])]));
    }
    let (from, to) = (u32::from(mv.from), u32::from(mv.to));
    let Some(f) = index_of(from) else {
        return Some(Reason::term("not_a_cell", [cell(from)]));
    };
    let Some(t) = index_of(to) else {
        return Some(Reason::term("not_a_cell", [cell(to)]));
    };
    let side = g.to_move;
    let name = NAMES[side];
    let kind = match g.piece(f) {
        Some((s, k)) if s == side => k,
        _ => return Some(Reason::term("no_piece", [atom(name), cell(from)])),
    };
    if f == t {
        return Some(Reason::atom("stays"));
    }
    if let Some((s, d)) = g.piece(t) {
        if s == side {
            return Some(Reason::term(
                "onto_own",
                [atom(name), atom(d.name()), cell(to)],
            ));
        }
        if COMBAT[kind as usize][d as usize] == Combat::X {
            return Some(Reason::term(
                "combat",
                [
                    atom(name),
                    atom(kind.name()),
                    atom(NAMES[s]),
                    atom(d.name()),
                ],
            ));
        }
    }
    let range = g.range_at(f, kind) as i32;
    let dist = hex_distance(rc(f), rc(t));
    if dist > range {
        return Some(Reason::term(
            "out_of_range",
            [
                cell(from),
                cell(to),
                Reason::int(dist),
                atom(kind.name()),
                Reason::int(range),
            ],
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
fn blocked(g: &Tactigon, f: usize, t: usize, k: i32) -> Reason {
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
    let mut way = Vec::new();
    for s in [side, 1 - side] {
        let cells: Vec<Reason> = bits(in_way & g.sides[s])
            .map(|i| Reason::int(CELL_NUMBER[i]))
            .collect();
        if !cells.is_empty() {
            way.push(Reason::term(
                "on",
                [Reason::atom(NAMES[s]), Reason::List(cells)],
            ));
        }
    }
    let (r1, c1) = rc(f);
    let edge =
        (r1 - k..=r1 + k).any(|r| (c1 - k..=c1 + k).any(|c| !on_board(r, c) && on_path((r, c))));
    if edge {
        way.push(Reason::atom("edge"));
    }
    Reason::term(
        "no_path",
        [
            Reason::int(CELL_NUMBER[f]),
            Reason::int(CELL_NUMBER[t]),
            Reason::int(k),
            Reason::List(way),
        ],
    )
}
