//! SVG drawing of a `View`: hexagons for hex boards (rows shifted half a cell, edges
//! coloured by the player who owns them, holes left out), squares for square boards;
//! pieces drawn by kind (polygons for triangles, squares, pentagons), stacks as rings
//! bottom to top with the ball on top, marked cells tinted; lines of text under it.

use crate::game::{Cell, Piece, Shape, View};
use std::fmt::Write;

/// The radius of a hexagon (and half the side of a square), in SVG units.
const R: f64 = 20.0;
const MARGIN: f64 = 30.0;
/// The height of a line of text under the board, and the width of a character of it
/// (12-point monospace).
const LINE_HEIGHT: f64 = 16.0;
const LINE_CHAR: f64 = 7.5;

/// The colour to paint a player's pieces: the one the rule file chose for them (its
/// Info entry `colours([Player = Colour, ...])`), else the name as given (CSS colour
/// names); only letters, digits and a leading `#` are kept.
fn paint(view: &View, owner: &str) -> String {
    let colour = view.colour(owner);
    let hash = if colour.starts_with('#') { "#" } else { "" };
    let name: String = colour
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    format!("{hash}{name}")
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

/// The centre of a cell.
fn centre(view: &View, col: usize, row: usize) -> (f64, f64) {
    let half = view.half_x(col, row) as f64;
    match view.shape {
        Shape::Hex(_) => {
            let w = 3f64.sqrt() * R;
            (
                MARGIN + w / 2.0 + half * w / 2.0,
                MARGIN + R + row as f64 * 1.5 * R,
            )
        }
        Shape::Square => (MARGIN + R + half * R, MARGIN + R + row as f64 * 2.0 * R),
    }
}

/// The corners of a regular polygon of `n` sides around (x, y), one corner up
/// (a square sits on a side).
fn polygon(x: f64, y: f64, r: f64, n: usize) -> String {
    let turn = if n == 4 { 45.0 } else { 0.0 };
    (0..n)
        .map(|k| {
            let a = (-90.0 + turn + 360.0 / n as f64 * k as f64).to_radians();
            format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Draws the pieces of one cell, bottom to top.
fn pieces(s: &mut String, view: &View, cell: &Cell, x: f64, y: f64) {
    let rings = cell.pieces.iter().filter(|p| p.kind == "ring").count();
    let mut ring_no = 0;
    for piece in &cell.pieces {
        let fill = paint(view, &piece.owner);
        match piece.kind.as_str() {
            // rings nest: the bottom ring outermost, each one above a little smaller
            "ring" => {
                let step = if rings > 1 {
                    0.45 / (rings - 1) as f64
                } else {
                    0.0
                };
                let r = R * (0.85 - step * ring_no as f64);
                ring_no += 1;
                let _ = writeln!(
                    s,
                    r#"  <circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{fill}" stroke-width="3.5"/>"#
                );
                let _ = writeln!(
                    s,
                    r#"  <circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="black" stroke-width="0.5"/>"#,
                    r + 1.75
                );
            }
            "ball" => {
                let _ = writeln!(
                    s,
                    r#"  <circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="black" stroke-width="1"/>"#,
                    R * 0.25
                );
            }
            kind @ ("triangle" | "square" | "pentagon") => {
                let n = match kind {
                    "triangle" => 3,
                    "square" => 4,
                    _ => 5,
                };
                let _ = writeln!(
                    s,
                    r#"  <polygon points="{}" fill="{fill}" stroke="black" stroke-width="1"/>"#,
                    polygon(x, y, R * 0.68, n)
                );
            }
            _ => piece_disc(s, &fill, piece, x, y),
        }
    }
}

/// A stone, man, king, circle or any other piece: a disc (a king with a gold ring).
fn piece_disc(s: &mut String, fill: &str, piece: &Piece, x: f64, y: f64) {
    let _ = writeln!(
        s,
        r#"  <circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{}" stroke="black" stroke-width="1"/>"#,
        R * 0.62,
        fill
    );
    if piece.kind == "king" {
        let _ = writeln!(
            s,
            r#"  <circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="gold" stroke-width="3"/>"#,
            R * 0.35
        );
    }
}

/// The fill of a cell: gold for a gold mark, else the board's own colours.
fn cell_fill(cell: &Cell, plain: &str, tint: Tint) -> (String, f64) {
    if let Some(colour) = tint(cell) {
        return (colour, 1.0);
    }
    if cell.marks.iter().any(|m| m == "gold") {
        return ("gold".to_string(), 1.0);
    }
    (plain.to_string(), 1.0)
}

/// Text from a rule file (a cell's name, a player's) made safe inside an SVG element:
/// the five XML specials escaped, control characters dropped, so that a name such as
/// `</title><script>` stays text when a browser opens the drawing.
pub fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A small flag in the owner's colour at the top left of a cell marked `home(P)`.
fn home_flags(s: &mut String, view: &View, cell: &Cell, x: f64, y: f64) {
    for mark in &cell.marks {
        if let Some(owner) = mark.strip_prefix("home(").and_then(|m| m.strip_suffix(')')) {
            let shown = xml_text(owner);
            let _ = writeln!(
                s,
                r#"  <polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}" stroke="black" stroke-width="0.8"><title>{shown}'s home</title></polygon>"#,
                x - R + 2.0,
                y - R + 2.0,
                x - R + 11.0,
                y - R + 2.0,
                x - R + 2.0,
                y - R + 11.0,
                paint(view, owner)
            );
        }
    }
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

/// A colour to paint a cell with instead of the board's (a map of values over the board).
pub type Tint<'a> = &'a dyn Fn(&Cell) -> Option<String>;

/// Draws the view as a standalone SVG document.
pub fn render_svg(view: &View) -> String {
    render_svg_tinted(view, &|_| None)
}

/// Draws the view with the cells `tint` colours painted so (their pieces on top).
pub fn render_svg_tinted(view: &View, tint: Tint) -> String {
    render_svg_marked(view, tint, &|_| None)
}

/// A short text to write on a cell (a map's count of games behind the cell).
pub type Label<'a> = &'a dyn Fn(&Cell) -> Option<String>;

/// Draws the view with the cells `tint` colours painted so, and the texts `label`
/// gives written small at their centres, over the pieces.
pub fn render_svg_marked(view: &View, tint: Tint, label: Label) -> String {
    let half_width = view.half_width() as f64;
    let (width, height) = match view.shape {
        Shape::Hex(_) => {
            let w = 3f64.sqrt() * R;
            (
                2.0 * MARGIN + w * half_width / 2.0,
                2.0 * MARGIN + R * (1.5 * view.rows as f64 + 0.5),
            )
        }
        Shape::Square => (
            2.0 * MARGIN + R * half_width,
            2.0 * MARGIN + 2.0 * R * view.rows as f64,
        ),
    };
    // lines of text (a GDL position's facts) under the board, or alone
    let lines: Vec<&str> = view.text_lines().collect();
    let text_top = if view.cells.is_empty() {
        MARGIN
    } else {
        height - MARGIN / 2.0
    };
    let (width, height) = if lines.is_empty() {
        (width, height)
    } else {
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        (
            width.max(2.0 * MARGIN + LINE_CHAR * longest as f64),
            text_top + LINE_HEIGHT * lines.len() as f64 + MARGIN / 2.0,
        )
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
        let (x, y) = centre(view, cell.col, cell.row);
        // a cell and what stands on it, as one element that names the cell (the web
        // front end finds what was clicked by it)
        let _ = writeln!(s, r#"  <g data-cell="{}">"#, xml_text(&cell.name));
        match view.shape {
            Shape::Hex(_) => {
                let (fill, opacity) = cell_fill(cell, "#f4e7c5", tint);
                let opacity = if opacity < 1.0 {
                    format!(r#" fill-opacity="{opacity}""#)
                } else {
                    String::new()
                };
                let pts: Vec<String> = corners(x, y)
                    .iter()
                    .map(|(px, py)| format!("{px:.1},{py:.1}"))
                    .collect();
                let _ = writeln!(
                    s,
                    r##"  <polygon points="{}" fill="{fill}"{opacity} stroke="#555" stroke-width="1"><title>{}</title></polygon>"##,
                    pts.join(" "),
                    xml_text(&cell.name)
                );
            }
            Shape::Square => {
                let plain = if (cell.col + cell.row) % 2 == 0 {
                    "#f0d9b5"
                } else {
                    "#b58863"
                };
                let (fill, opacity) = cell_fill(cell, plain, tint);
                let tint = if opacity < 1.0 {
                    format!(r#" fill-opacity="{opacity}""#)
                } else {
                    String::new()
                };
                if opacity < 1.0 {
                    // a tinted square keeps the board's colour underneath
                    let _ = writeln!(
                        s,
                        r#"  <rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{plain}"/>"#,
                        x - R,
                        y - R,
                        2.0 * R,
                        2.0 * R
                    );
                }
                let _ = writeln!(
                    s,
                    r#"  <rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}"{tint}><title>{}</title></rect>"#,
                    x - R,
                    y - R,
                    2.0 * R,
                    2.0 * R,
                    xml_text(&cell.name)
                );
            }
        }
        home_flags(&mut s, view, cell, x, y);
        pieces(&mut s, view, cell, x, y);
        if let Some(text) = label(cell) {
            let _ = writeln!(
                s,
                r##"  <text x="{x:.1}" y="{:.1}" text-anchor="middle" font-family="sans-serif" font-size="10" fill="#222" pointer-events="none">{}</text>"##,
                y + 3.5,
                xml_text(&text)
            );
        }
        s.push_str("  </g>\n");
    }
    if matches!(view.shape, Shape::Hex(_)) {
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
                let (x, y) = centre(view, cell.col, cell.row);
                let c = corners(x, y);
                for &(a, b) in pairs.iter() {
                    let _ = writeln!(
                        s,
                        r#"  <line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="4" stroke-linecap="round"/>"#,
                        c[a].0,
                        c[a].1,
                        c[b].0,
                        c[b].1,
                        paint(view, &owner)
                    );
                }
            }
        }
    }
    highlight(&mut s, view);
    coordinates(&mut s, view);
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"  <text x="{MARGIN:.1}" y="{:.1}" font-family="monospace" font-size="12" fill="#222">{}</text>"##,
            text_top + LINE_HEIGHT * (i as f64 + 0.75),
            xml_text(line)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The cells the view picks out (a won game's chain or line): a ring on each and a
/// line through their centres in their order (a cell may come more than once, as a
/// walk along a branching group does), over the pieces, that lets clicks
/// through to the cells.
fn highlight(s: &mut String, view: &View) {
    let centres: Vec<(f64, f64)> = view
        .highlight
        .iter()
        .filter_map(|name| view.cells.iter().find(|c| &c.name == name))
        .map(|c| centre(view, c.col, c.row))
        .collect();
    if centres.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        r##"  <g class="highlight" pointer-events="none" fill="none" stroke="#1b5e20" stroke-opacity="0.85" stroke-linecap="round" stroke-linejoin="round">"##
    );
    // a cell named twice (a walk through a branching group comes back) is ringed once
    for (i, (x, y)) in centres.iter().enumerate() {
        if centres[..i].contains(&(*x, *y)) {
            continue;
        }
        let _ = writeln!(
            s,
            r#"    <circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" stroke-width="3"/>"#,
            R * 0.8
        );
    }
    if centres.len() > 1 {
        let points: Vec<String> = centres
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = writeln!(
            s,
            r#"    <polyline points="{}" stroke-width="5"/>"#,
            points.join(" ")
        );
    }
    s.push_str("  </g>\n");
}

/// The board's coordinates: on its edges — column letters above the top cell of each
/// column, row numbers left of the first cell of each row — when every cell is named
/// so (`a1`, `c12`); in each cell when every cell is a number (Tactigon's); else none.
fn coordinates(s: &mut String, view: &View) {
    let number = |name: &str| !name.is_empty() && name.chars().all(|c| c.is_ascii_digit());
    if !view.cells.is_empty() && view.cells.iter().all(|c| number(&c.name)) {
        cell_numbers(s, view);
        return;
    }
    let split = |name: &str| -> Option<(String, String)> {
        let letters: String = name
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let digits = &name[letters.len()..];
        let ok =
            !letters.is_empty() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
        ok.then(|| (letters, digits.to_string()))
    };
    if view.cells.is_empty() || view.cells.iter().any(|c| split(&c.name).is_none()) {
        return;
    }
    // how far a label stands from its cell's centre
    let (above, left) = match view.shape {
        Shape::Hex(_) => (R + 9.0, 3f64.sqrt() * R / 2.0 + 7.0),
        Shape::Square => (R + 5.0, R + 4.0),
    };
    let mut label = |x: f64, y: f64, anchor: &str, text: &str| {
        let _ = writeln!(
            s,
            r##"  <text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" font-family="sans-serif" font-size="11" fill="#555">{}</text>"##,
            xml_text(text)
        );
    };
    for col in 0..view.cols {
        let top = view
            .cells
            .iter()
            .filter(|c| c.col == col)
            .min_by_key(|c| c.row);
        if let Some((cell, (letters, _))) = top.and_then(|c| Some((c, split(&c.name)?))) {
            let (x, y) = centre(view, cell.col, cell.row);
            label(x, y - above, "middle", &letters);
        }
    }
    for row in 0..view.rows {
        let first = view
            .cells
            .iter()
            .filter(|c| c.row == row)
            .min_by_key(|c| c.col);
        if let Some((cell, (_, digits))) = first.and_then(|c| Some((c, split(&c.name)?))) {
            let (x, y) = centre(view, cell.col, cell.row);
            label(x - left, y + 4.0, "end", &digits);
        }
    }
}

/// Each cell's number, small, at the foot of the cell below any piece; a click
/// passes through it to the cell.
fn cell_numbers(s: &mut String, view: &View) {
    for cell in &view.cells {
        let (x, y) = centre(view, cell.col, cell.row);
        let (x, y, anchor) = match view.shape {
            Shape::Hex(_) => (x, y + R * 0.81, "middle"),
            Shape::Square => (x + R - 2.0, y + R - 2.5, "end"),
        };
        let _ = writeln!(
            s,
            r##"  <text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" font-family="sans-serif" font-size="6" fill="#666" pointer-events="none">{}</text>"##,
            xml_text(&cell.name)
        );
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_from_rule_files_stay_text() {
        assert_eq!(
            super::xml_text("</title><script>alert('x' & \"y\")</script>\u{1b}"),
            "&lt;/title&gt;&lt;script&gt;alert(&apos;x&apos; &amp; &quot;y&quot;)&lt;/script&gt;"
        );
    }
}
