//! A view sent by a worker, checked before anything is drawn from it: a worker's
//! messages are data, and a view too large to draw is the request's error.

use crate::game::{EngineError, View, MAX_VIEW_CELLS};

/// The most pieces a view from a worker may stack on its cells in all, and the
/// longest text in it (a name, a kind, a mark, an entry of its information).
const MAX_VIEW_PIECES: usize = 16 * MAX_VIEW_CELLS;
const MAX_VIEW_TEXT: usize = 4096;

/// A view from a worker, checked before anything is drawn from it: its size, how
/// many pieces it stacks, and how long its texts are.
pub(super) fn checked_view(view: View) -> Result<View, EngineError> {
    let pieces: usize = view.cells.iter().map(|c| c.pieces.len()).sum();
    let long = |t: &String| t.len() > MAX_VIEW_TEXT;
    let too_long = view.cells.iter().any(|c| {
        long(&c.name)
            || c.marks.iter().any(long)
            || c.pieces.iter().any(|p| long(&p.kind) || long(&p.owner))
    }) || view.info.len() > MAX_VIEW_TEXT
        || view.info.iter().any(|(k, v)| long(k) || long(v))
        || view.glyphs.len() > MAX_VIEW_TEXT
        || view.colours.len() > MAX_VIEW_TEXT
        || view.colours.iter().any(|(p, c)| long(p) || long(c));
    if pieces > MAX_VIEW_PIECES || too_long {
        return Err(EngineError::Rules(format!(
            "the view is too large ({pieces} pieces, or a text of over {MAX_VIEW_TEXT} bytes)"
        )));
    }
    let cells = view.cols.checked_mul(view.rows);
    if view.cells.len() > MAX_VIEW_CELLS || cells.is_none_or(|c| c > MAX_VIEW_CELLS * 4) {
        return Err(EngineError::Rules(format!(
            "the view is too large ({}x{} with {} cells)",
            view.cols,
            view.rows,
            view.cells.len()
        )));
    }
    Ok(view)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, Piece, Shape};

    fn view(cols: usize, rows: usize, cells: Vec<Cell>) -> View {
        View {
            shape: Shape::Square,
            cols,
            rows,
            cells,
            info: vec![],
            glyphs: vec![],
            colours: vec![],
            highlight: vec![],
        }
    }

    fn cell(name: &str, pieces: usize) -> Cell {
        let piece = Piece {
            kind: "stone".into(),
            owner: "red".into(),
        };
        Cell {
            col: 0,
            row: 0,
            name: name.into(),
            pieces: vec![piece; pieces],
            marks: vec![],
        }
    }

    #[test]
    fn a_view_too_large_to_draw_is_refused_and_a_small_one_kept() {
        assert!(checked_view(view(1, 1, vec![cell("a1", 2)])).is_ok());
        let long_name = "x".repeat(MAX_VIEW_TEXT + 1);
        for (v, says) in [
            (view(1, 1, vec![cell(&long_name, 1)]), "a text of over"),
            (view(1, 1, vec![cell("a1", MAX_VIEW_PIECES + 1)]), "pieces"),
            (view(MAX_VIEW_CELLS, 5, vec![]), "4096x5"),
        ] {
            let err = checked_view(v).expect_err("refused").to_string();
            assert!(
                err.contains("the view is too large") && err.contains(says),
                "{err}"
            );
        }
    }
}
