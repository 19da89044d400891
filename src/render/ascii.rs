//! ASCII (optionally ANSI-coloured) drawing of a `View`: hexagons as shifted rows,
//! stacks as their pieces bottom to top, holes left blank, lines of text under it.

use crate::game::{Cell, Shape, View};
use crate::games::notation::{column_letter, Letters, MAX_COLUMNS};

fn colour_code(owner: &str) -> &'static str {
    match owner {
        "red" => "31",
        "blue" => "34",
        "white" => "37;1",
        "black" => "90",
        "green" | "lime" => "32",
        "yellow" | "gold" => "33",
        _ => "35",
    }
}

/// The text of one cell, `width` characters: its stack, `.` when empty, `*` when
/// empty and marked (a gold cell, a home square).
fn cell_text(view: &View, cell: &Cell, width: usize, colour: bool) -> String {
    if cell.pieces.is_empty() {
        let mark = if cell.marks.is_empty() { "." } else { "*" };
        return format!("{mark:<width$}");
    }
    // a hex cell has room for the top piece only
    let shown = &cell.pieces[cell.pieces.len().saturating_sub(width)..];
    let mut out = String::new();
    for piece in shown {
        let g = view.glyph(piece);
        if colour {
            out.push_str(&format!(
                "\x1b[{}m{g}\x1b[0m",
                colour_code(view.colour(&piece.owner))
            ));
        } else {
            out.push(g);
        }
    }
    out.push_str(&" ".repeat(width - shown.len()));
    out
}

/// Draws the view; `colour` adds ANSI colours to the pieces.
pub fn render_ascii(view: &View, colour: bool) -> String {
    // the rule file's texts and glyphs cannot act on the terminal they are drawn on
    let view = &super::terminal_view(view);
    // a square cell is as wide as the highest stack; a hex cell one character
    let width = match view.shape {
        Shape::Square => view
            .cells
            .iter()
            .map(|c| c.pieces.len())
            .max()
            .unwrap_or(1)
            .max(1),
        Shape::Hex(_) => 1,
    };
    // a cell starts this many characters right of its left neighbour's start
    let pitch = width + 1;
    let x_of = |cell: &Cell| {
        view.half_x(cell.col, cell.row) / 2 * pitch + view.half_x(cell.col, cell.row) % 2
    };
    // labels come from the cell names (a1, d5...): letters name columns, digits rows
    let letters = |name: &str| -> String {
        name.chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect()
    };
    let digits = |name: &str| -> String {
        name.chars()
            .skip_while(|c| c.is_ascii_alphabetic())
            .collect()
    };
    let numbered = view.cells.iter().all(|c| letters(&c.name).is_empty());
    let mut rows: Vec<Vec<&Cell>> = vec![Vec::new(); view.rows];
    for cell in &view.cells {
        if let Some(r) = rows.get_mut(cell.row) {
            r.push(cell);
        }
    }
    let label_of = |r: usize, row: &[&Cell]| -> String {
        let first = row.iter().min_by_key(|c| c.col);
        match first {
            // cells named by numbers: a row is labelled by its first cell's number
            Some(c) if numbered => c.name.clone(),
            Some(c) if !digits(&c.name).is_empty() => digits(&c.name),
            _ => (r + 1).to_string(),
        }
    };
    let labels: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| label_of(r, row))
        .collect();
    let label_width = labels.iter().map(String::len).max().unwrap_or(1).max(2);
    let mut out = String::new();
    if view.cells.is_empty() {
        // no board: the lines of text alone
        rows.clear();
    } else if !numbered {
        let mut header = String::new();
        for c in 0..view.cols {
            let name = view
                .cells
                .iter()
                .find(|cell| cell.col == c)
                .map(|cell| letters(&cell.name));
            let name = name
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| column_letter(c % MAX_COLUMNS, Letters::Lower).to_string());
            let at = c * pitch;
            if header.chars().count() <= at {
                header.push_str(&" ".repeat(at - header.chars().count()));
            }
            header.push(' ');
            header.push_str(&format!("{name:<width$}"));
        }
        out.push_str(&format!("{:label_width$} {}\n", "", header.trim_end()));
    }
    for (r, row) in rows.iter_mut().enumerate() {
        row.sort_by_key(|c| c.col);
        let mut line = String::new();
        let mut len = 0;
        for cell in row.iter() {
            let at = x_of(cell);
            if len < at {
                line.push_str(&" ".repeat(at - len));
                len = at;
            }
            line.push(' ');
            line.push_str(&cell_text(view, cell, width, colour));
            len += 1 + width;
        }
        out.push_str(&format!(
            "{:>label_width$} {}\n",
            labels[r],
            line.trim_end()
        ));
    }
    // lines of text (a GDL position's facts) each on its own, under the board
    for line in view.text_lines() {
        out.push_str(line);
        out.push('\n');
    }
    let info: Vec<String> = view
        .info
        .iter()
        .filter(|(k, _)| k != "edges" && k != "text")
        .map(|(k, v)| format!("{}: {v}", k.replace('_', " ")))
        .collect();
    if !info.is_empty() {
        out.push_str(&info.join(", "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Piece, Shift};

    fn cell(col: usize, row: usize, name: &str, pieces: &[(&str, &str)]) -> Cell {
        Cell {
            col,
            row,
            name: name.to_string(),
            pieces: pieces
                .iter()
                .map(|(k, o)| Piece {
                    kind: k.to_string(),
                    owner: o.to_string(),
                })
                .collect(),
            marks: vec![],
        }
    }

    #[test]
    fn hex_rows_shift_right() {
        let view = View {
            shape: Shape::Hex(Shift::Right),
            cols: 2,
            rows: 2,
            cells: vec![
                cell(0, 0, "a1", &[("stone", "red")]),
                cell(1, 0, "b1", &[]),
                cell(0, 1, "a2", &[]),
                cell(1, 1, "b2", &[("stone", "blue")]),
            ],
            info: vec![("to_move".into(), "red".into())],
            glyphs: vec![],
            colours: vec![],
            highlight: vec![],
        };
        assert_eq!(
            render_ascii(&view, false),
            "    a b\n 1  r .\n 2   . b\nto move: red\n"
        );
    }

    #[test]
    fn stacks_show_bottom_to_top_and_rows_can_shift_left() {
        let square = View {
            shape: Shape::Square,
            cols: 2,
            rows: 1,
            cells: vec![
                cell(
                    0,
                    0,
                    "a1",
                    &[("ring", "white"), ("ring", "black"), ("ball", "white")],
                ),
                cell(1, 0, "b1", &[("ring", "black")]),
            ],
            info: vec![],
            glyphs: vec![],
            colours: vec![],
            highlight: vec![],
        };
        assert_eq!(render_ascii(&square, false), "    a   b\n 1  wbW b\n");
        let left = View {
            shape: Shape::Hex(Shift::Left),
            cols: 3,
            rows: 2,
            cells: vec![
                cell(1, 0, "1", &[]),
                cell(0, 1, "3", &[]),
                cell(1, 1, "4", &[("circle", "red")]),
            ],
            info: vec![],
            glyphs: vec![(
                Piece {
                    kind: "circle".into(),
                    owner: "red".into(),
                },
                'C',
            )],
            colours: vec![],
            highlight: vec![],
        };
        assert_eq!(render_ascii(&left, false), " 1     .\n 3  . C\n");
    }
}
