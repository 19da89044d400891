//! ASCII (optionally ANSI-coloured) drawing of a `View`.

use super::{Shape, View};

/// The letter shown for a piece: the owner's initial, upper case for kings.
fn glyph(owner: &str, kind: Option<&str>) -> char {
    let c = owner.chars().next().unwrap_or('?');
    if kind == Some("king") {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

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

/// Draws the view; `colour` adds ANSI colours to the pieces.
pub fn render_ascii(view: &View, colour: bool) -> String {
    let mut grid = vec![vec![None; view.cols]; view.rows];
    for cell in &view.cells {
        if cell.row < view.rows && cell.col < view.cols {
            grid[cell.row][cell.col] = Some(cell);
        }
    }
    // labels come from the cell names (a1, d5...): letters name columns, digits rows
    let letters = |name: &str| {
        name.chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
    };
    let digits = |name: &str| {
        name.chars()
            .skip_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
    };
    let mut out = String::new();
    let header: String = (0..view.cols)
        .map(|c| {
            let name = view
                .cells
                .iter()
                .find(|cell| cell.col == c)
                .map(|cell| letters(&cell.name));
            format!(
                " {}",
                name.filter(|n| !n.is_empty())
                    .unwrap_or_else(|| ((b'a' + c as u8) as char).to_string())
            )
        })
        .collect();
    out.push_str(&format!("   {header}\n"));
    for (r, row) in grid.iter().enumerate() {
        let indent = if view.shape == Shape::Hex {
            " ".repeat(r)
        } else {
            String::new()
        };
        let label = row
            .iter()
            .flatten()
            .next()
            .map(|cell| digits(&cell.name))
            .filter(|d| !d.is_empty())
            .unwrap_or_else(|| (r + 1).to_string());
        out.push_str(&format!("{label:>2} {indent}"));
        for cell in row {
            out.push(' ');
            match cell.and_then(|c| c.owner.as_deref().map(|o| (o, c.kind.as_deref()))) {
                Some((owner, kind)) if colour => out.push_str(&format!(
                    "\x1b[{}m{}\x1b[0m",
                    colour_code(owner),
                    glyph(owner, kind)
                )),
                Some((owner, kind)) => out.push(glyph(owner, kind)),
                None => out.push('.'),
            }
        }
        out.push('\n');
    }
    let info: Vec<String> = view
        .info
        .iter()
        .filter(|(k, _)| k != "edges")
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
    use crate::render::Cell;

    #[test]
    fn hex_rows_shift_right() {
        let cell = |col, row, owner: Option<&str>| Cell {
            col,
            row,
            name: String::new(),
            owner: owner.map(String::from),
            kind: owner.map(|_| "stone".to_string()),
        };
        let view = View {
            shape: Shape::Hex,
            cols: 2,
            rows: 2,
            cells: vec![
                cell(0, 0, Some("red")),
                cell(1, 0, None),
                cell(0, 1, None),
                cell(1, 1, Some("blue")),
            ],
            info: vec![("to_move".into(), "red".into())],
        };
        assert_eq!(
            render_ascii(&view, false),
            "    a b\n 1  r .\n 2   . b\nto move: red\n"
        );
    }
}
