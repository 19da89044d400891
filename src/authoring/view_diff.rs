//! What a move did, read from the views before and after it: pieces that moved (or
//! were relocated), placed, captured, turned into another piece or flipped to the
//! other side — the same words
//! for every game, since every game draws itself as cells holding stacks of pieces.

use crate::game::{Piece, View};

/// A piece as people say it: "white king", "black ball".
fn piece_text(p: &Piece) -> String {
    format!("{} {}", p.owner, p.kind)
}

/// Pieces, each with the cell it is on.
type Placed = Vec<(Piece, String)>;

/// The pieces taken off and put on each cell: the part of each stack above what
/// the two stacks have in common, bottom up.
fn changes(before: &View, after: &View) -> (Placed, Placed) {
    let (mut removed, mut added) = (Vec::new(), Vec::new());
    for cell in &after.cells {
        let old: &[Piece] = before
            .cells
            .iter()
            .find(|c| c.name == cell.name)
            .map_or(&[], |c| &c.pieces);
        let common = old
            .iter()
            .zip(&cell.pieces)
            .take_while(|(a, b)| a == b)
            .count();
        removed.extend(old[common..].iter().map(|p| (p.clone(), cell.name.clone())));
        added.extend(
            cell.pieces[common..]
                .iter()
                .map(|p| (p.clone(), cell.name.clone())),
        );
    }
    (removed, added)
}

/// The effects of a move by `mover`, one sentence each.
pub fn effects(before: &View, after: &View, mover: &str) -> Vec<String> {
    let (mut removed, mut added) = changes(before, after);
    let mut out = Vec::new();
    // a piece gone from one cell and come to another moved (the mover's first)
    let mut order: Vec<usize> = (0..added.len()).collect();
    order.sort_by_key(|&i| added[i].0.owner != mover);
    let mut placed = vec![false; added.len()];
    for i in order {
        let (piece, to) = &added[i];
        if let Some(j) = removed
            .iter()
            .position(|(p, from)| p == piece && from != to)
        {
            let (_, from) = removed.remove(j);
            let verb = if piece.owner == mover {
                "moves"
            } else {
                "is relocated"
            };
            out.push(format!("{} {verb} from {from} to {to}", piece_text(piece)));
            placed[i] = true;
        }
    }
    let rest: Vec<(Piece, String)> = added
        .drain(..)
        .zip(placed)
        .filter(|(_, done)| !done)
        .map(|(a, _)| a)
        .collect();
    for (piece, at) in rest {
        if let Some(j) = removed
            .iter()
            .position(|(p, c)| *c == at && p.owner == piece.owner)
        {
            let (old, _) = removed.remove(j);
            out.push(format!(
                "the {} on {at} becomes a {}",
                piece_text(&old),
                piece_text(&piece)
            ));
        } else if let Some(j) = removed
            .iter()
            .position(|(p, c)| *c == at && p.kind == piece.kind)
        {
            // the same piece, another owner: a disc flipped, a stone converted
            let (old, _) = removed.remove(j);
            out.push(format!(
                "the {} on {at} turns {}",
                piece_text(&old),
                piece.owner
            ));
        } else {
            out.push(format!("a {} is placed on {at}", piece_text(&piece)));
        }
    }
    for (piece, at) in removed {
        if piece.owner == mover {
            out.push(format!("the {} on {at} is taken off", piece_text(&piece)));
        } else {
            out.push(format!("captures the {} on {at}", piece_text(&piece)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, Shape};

    fn view(cells: &[(&str, &[(&str, &str)])]) -> View {
        View {
            shape: Shape::Square,
            cols: cells.len(),
            rows: 1,
            cells: cells
                .iter()
                .enumerate()
                .map(|(i, (name, pieces))| Cell {
                    col: i,
                    row: 0,
                    name: name.to_string(),
                    pieces: pieces
                        .iter()
                        .map(|(k, o)| Piece {
                            kind: k.to_string(),
                            owner: o.to_string(),
                        })
                        .collect(),
                    marks: vec![],
                })
                .collect(),
            info: vec![],
            glyphs: vec![],
            colours: vec![],
            highlight: vec![],
        }
    }

    #[test]
    fn moves_captures_placements_and_promotions() {
        let before = view(&[
            ("a1", &[("king", "white")]),
            ("b1", &[("man", "black")]),
            ("c1", &[("man", "white")]),
            ("d1", &[]),
        ]);
        let after = view(&[
            ("a1", &[]),
            ("b1", &[("king", "white")]),
            ("c1", &[("king", "white")]),
            ("d1", &[("ring", "white")]),
        ]);
        assert_eq!(
            effects(&before, &after, "white"),
            [
                "white king moves from a1 to b1",
                "the white man on c1 becomes a white king",
                "a white ring is placed on d1",
                "captures the black man on b1"
            ]
        );
    }

    #[test]
    fn a_disc_of_the_other_side_turned_over_is_a_flip() {
        let before = view(&[("c4", &[]), ("d4", &[("disc", "white")])]);
        let after = view(&[("c4", &[("disc", "black")]), ("d4", &[("disc", "black")])]);
        assert_eq!(
            effects(&before, &after, "black"),
            [
                "a black disc is placed on c4",
                "the white disc on d4 turns black"
            ]
        );
    }
}
