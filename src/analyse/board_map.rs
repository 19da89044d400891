//! A map over a board, for `analyse --svg` (each first move's win rate) and `solve
//! --svg` (each move's value): the board drawn with its cells tinted (and its
//! coordinates), under a title and what the map is of, with a key below it — a
//! colour scale or a swatch for each colour.

use crate::render::xml_text as escape;
use std::fmt::Write;

/// What the colours of a map mean.
pub enum Key<'a> {
    /// A scale from 0 to 1, coloured by `colour`, its ends and middle labelled.
    Scale {
        caption: &'a str,
        colour: &'a dyn Fn(f64) -> String,
        labels: [&'a str; 3],
    },
    /// One swatch for each colour, and what it means.
    Swatches {
        caption: &'a str,
        items: &'a [(&'a str, &'a str)],
    },
}

/// The width and height a standalone SVG document says it has (its first tag's
/// `width` and `height`, as the renderer writes them).
fn size_of(svg: &str) -> (f64, f64) {
    let tag = svg
        .find("<svg")
        .and_then(|at| svg[at..].split_once('>'))
        .map_or("", |(tag, _)| tag);
    let read = |name: &str| -> Option<f64> {
        let (_, rest) = tag.split_once(&format!(" {name}=\""))?;
        rest.split_once('"')?.0.parse().ok()
    };
    (
        read("width").unwrap_or(400.0),
        read("height").unwrap_or(400.0),
    )
}

const MIN_WIDTH: f64 = 460.0;
const LINE: f64 = 16.0;

/// The `board` (a standalone SVG document, as the renderer draws it) under `title`
/// and a line for each of `notes`, with `key` below it.
pub fn framed_map_svg(title: &str, notes: &[String], board: &str, key: Key) -> String {
    let (bw, bh) = size_of(board);
    let width = bw.max(MIN_WIDTH);
    let top = 30.0 + LINE * notes.len() as f64 + 6.0;
    let key_top = top + bh + 8.0;
    let height = key_top + 56.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.1}" height="{height:.1}" viewBox="0 0 {width:.1} {height:.1}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"  <rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"  <text x="{:.1}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    for (i, note) in notes.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"  <text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#444">{}</text>"##,
            width / 2.0,
            22.0 + LINE * (i + 1) as f64,
            escape(note)
        );
    }
    // the board, as drawn, placed under the title
    let placed = board.replacen(
        "<svg ",
        &format!(r#"<svg x="{:.1}" y="{top:.1}" "#, (width - bw) / 2.0),
        1,
    );
    s.push_str(placed.trim_start_matches("<?xml version=\"1.0\"?>"));
    match key {
        Key::Scale {
            caption,
            colour,
            labels,
        } => {
            let steps = 20;
            let bar = 300.0;
            let left = (width - bar) / 2.0;
            let _ = writeln!(
                s,
                r#"  <text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                width / 2.0,
                key_top + 12.0,
                escape(caption)
            );
            for i in 0..steps {
                let f = (i as f64 + 0.5) / steps as f64;
                let _ = writeln!(
                    s,
                    r#"  <rect x="{:.1}" y="{:.1}" width="{:.1}" height="12" fill="{}"/>"#,
                    left + bar * i as f64 / steps as f64,
                    key_top + 18.0,
                    bar / steps as f64 + 0.5,
                    colour(f)
                );
            }
            let _ = writeln!(
                s,
                r##"  <rect x="{left:.1}" y="{:.1}" width="{bar}" height="12" fill="none" stroke="#555"/>"##,
                key_top + 18.0
            );
            for (i, label) in labels.iter().enumerate() {
                let anchor = ["start", "middle", "end"][i];
                let _ = writeln!(
                    s,
                    r#"  <text x="{:.1}" y="{:.1}" text-anchor="{anchor}">{}</text>"#,
                    left + bar * i as f64 / 2.0,
                    key_top + 44.0,
                    escape(label)
                );
            }
        }
        Key::Swatches { caption, items } => {
            let _ = writeln!(
                s,
                r#"  <text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                width / 2.0,
                key_top + 12.0,
                escape(caption)
            );
            let each = (width - 20.0) / items.len().max(1) as f64;
            for (i, (colour, label)) in items.iter().enumerate() {
                let x = 10.0 + each * i as f64 + 8.0;
                let _ = writeln!(
                    s,
                    r##"  <rect x="{x:.1}" y="{:.1}" width="12" height="12" fill="{}" stroke="#555"/><text x="{:.1}" y="{:.1}">{}</text>"##,
                    key_top + 24.0,
                    escape(colour),
                    x + 16.0,
                    key_top + 34.0,
                    escape(label)
                );
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_has_its_title_notes_board_and_key() {
        let board = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200.0" height="100.0" viewBox="0 0 200.0 100.0"><g data-cell="a1"/></svg>"#;
        let grey = |f: f64| format!("#{0:02x}{0:02x}{0:02x}", (f * 255.0) as u8);
        let svg = framed_map_svg(
            "hex: first moves",
            &["100 games".to_string()],
            board,
            Key::Scale {
                caption: "the first player's wins",
                colour: &grey,
                labels: ["0%", "50%", "100%"],
            },
        );
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let texts: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(
            texts,
            [
                "hex: first moves",
                "100 games",
                "the first player's wins",
                "0%",
                "50%",
                "100%"
            ]
        );
        // the board sits in the middle, under the title and the note
        let nested = doc
            .descendants()
            .filter(|n| n.has_tag_name("svg"))
            .nth(1)
            .unwrap();
        assert_eq!(
            (nested.attribute("x"), nested.attribute("y")),
            (Some("130.0"), Some("52.0"))
        );
        let swatches = framed_map_svg(
            "t",
            &[],
            board,
            Key::Swatches {
                caption: "value",
                items: &[("#5aae61", "wins"), ("#d6604d", "loses")],
            },
        );
        assert!(swatches.contains(">wins</text>") && swatches.contains(">loses</text>"));
    }
}
