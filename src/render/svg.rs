//! SVG drawing of a `View`: hexagons for hex boards (each row shifted half a cell
//! right, edges coloured by the player who owns them), squares for square boards.

use super::{Shape, View};
use std::fmt::Write;

/// The radius of a hexagon (and half the side of a square), in SVG units.
const R: f64 = 20.0;
const MARGIN: f64 = 30.0;

/// The colour to paint a player's pieces: the name as given (CSS colour names).
fn paint(owner: &str) -> String {
    owner
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect()
}

/// The corners of the hexagon around (x, y), pointy side up, from the top clockwise.
fn corners(x: f64, y: f64) -> [(f64, f64); 6] {
    let mut out = [(0.0, 0.0); 6];
    for (k, slot) in out.iter_mut().enumerate() {
        let a = (-90.0 + 60.0 * k as f64).to_radians();
        *slot = (x + R * a.cos(), y + R * a.sin());
    }
    out
}

fn hex_centre(col: usize, row: usize) -> (f64, f64) {
    let w = 3f64.sqrt() * R;
    (
        MARGIN + w / 2.0 + (col as f64 + row as f64 / 2.0) * w,
        MARGIN + R + row as f64 * 1.5 * R,
    )
}

fn square_centre(col: usize, row: usize) -> (f64, f64) {
    (
        MARGIN + R + col as f64 * 2.0 * R,
        MARGIN + R + row as f64 * 2.0 * R,
    )
}

/// The owner of an edge (`top`, `bottom`, `left`, `right`) from the view's info.
fn edge_owner(view: &View, edge: &str) -> Option<String> {
    let edges = &view.info.iter().find(|(k, _)| k == "edges")?.1;
    edges
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .find_map(|pair| {
            pair.split_once('-')
                .filter(|(e, _)| *e == edge)
                .map(|(_, o)| o.to_string())
        })
}

/// Draws the view as a standalone SVG document.
pub fn render_svg(view: &View) -> String {
    let (width, height) = match view.shape {
        Shape::Hex => {
            let w = 3f64.sqrt() * R;
            (
                2.0 * MARGIN + w * (view.cols as f64 + (view.rows as f64 - 1.0) / 2.0),
                2.0 * MARGIN + R * (1.5 * view.rows as f64 + 0.5),
            )
        }
        Shape::Square => (
            2.0 * MARGIN + 2.0 * R * view.cols as f64,
            2.0 * MARGIN + 2.0 * R * view.rows as f64,
        ),
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.1}" height="{height:.1}" viewBox="0 0 {width:.1} {height:.1}">"#
    );
    let _ = writeln!(s, r#"  <rect width="100%" height="100%" fill="white"/>"#);
    let mut cells = view.cells.clone();
    cells.sort_by_key(|c| (c.row, c.col));
    for cell in &cells {
        let (x, y) = match view.shape {
            Shape::Hex => hex_centre(cell.col, cell.row),
            Shape::Square => square_centre(cell.col, cell.row),
        };
        match view.shape {
            Shape::Hex => {
                let pts: Vec<String> = corners(x, y)
                    .iter()
                    .map(|(px, py)| format!("{px:.1},{py:.1}"))
                    .collect();
                let _ = writeln!(
                    s,
                    r##"  <polygon points="{}" fill="#f4e7c5" stroke="#555" stroke-width="1"><title>{}</title></polygon>"##,
                    pts.join(" "),
                    cell.name
                );
            }
            Shape::Square => {
                let fill = if (cell.col + cell.row) % 2 == 0 {
                    "#f0d9b5"
                } else {
                    "#b58863"
                };
                let _ = writeln!(
                    s,
                    r#"  <rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}"><title>{}</title></rect>"#,
                    x - R,
                    y - R,
                    2.0 * R,
                    2.0 * R,
                    cell.name
                );
            }
        }
        if let Some(owner) = &cell.owner {
            let _ = writeln!(
                s,
                r#"  <circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{}" stroke="black" stroke-width="1"/>"#,
                R * 0.62,
                paint(owner)
            );
            if cell.kind.as_deref() == Some("king") {
                let _ = writeln!(
                    s,
                    r#"  <circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="gold" stroke-width="3"/>"#,
                    R * 0.35
                );
            }
        }
    }
    if view.shape == Shape::Hex {
        // the players' edges: the outer sides of the border cells
        let sides: [(&str, &[(usize, usize)]); 4] = [
            ("top", &[(5, 0), (0, 1)]),
            ("bottom", &[(2, 3), (3, 4)]),
            ("left", &[(3, 4), (4, 5)]),
            ("right", &[(0, 1), (1, 2)]),
        ];
        for (edge, pairs) in sides {
            let Some(owner) = edge_owner(view, edge) else {
                continue;
            };
            for cell in &cells {
                let on_edge = match edge {
                    "top" => cell.row == 0,
                    "bottom" => cell.row + 1 == view.rows,
                    "left" => cell.col == 0,
                    _ => cell.col + 1 == view.cols,
                };
                if !on_edge {
                    continue;
                }
                let (x, y) = hex_centre(cell.col, cell.row);
                let c = corners(x, y);
                for &(a, b) in pairs.iter() {
                    let _ = writeln!(
                        s,
                        r#"  <line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="4" stroke-linecap="round"/>"#,
                        c[a].0,
                        c[a].1,
                        c[b].0,
                        c[b].1,
                        paint(&owner)
                    );
                }
            }
        }
    }
    s.push_str("</svg>\n");
    s
}
