//! Reading a rule file's `view/2` term into the plain `View` model the renderers draw.

use super::term::{term_integer, term_text};
use crate::game::{Cell, Piece, Shape, Shift, View, MAX_VIEW_CELLS};
use scryer_prolog::Term;

fn atom(t: &Term) -> Option<String> {
    match t {
        Term::Atom(a) => Some(a.clone()),
        Term::Integer(i) => Some(i.to_string()),
        other => term_text(other),
    }
}

fn list(t: &Term) -> &[Term] {
    match t {
        Term::List(items) => items,
        _ => &[],
    }
}

/// A piece term `Kind(Owner)`.
fn piece(t: &Term) -> Option<Piece> {
    match t {
        Term::Compound(kind, args) if args.len() == 1 => Some(Piece {
            kind: kind.clone(),
            owner: atom(&args[0])?,
        }),
        _ => None,
    }
}

/// A cell's contents: `empty`, one piece, or a list of pieces bottom to top.
fn contents(t: &Term) -> Result<Vec<Piece>, String> {
    match t {
        Term::Atom(a) if a == "empty" || a == "[]" => Ok(Vec::new()),
        Term::List(items) => items
            .iter()
            .map(|p| piece(p).ok_or_else(|| format!("{p:?} is not a piece Kind(Owner)")))
            .collect(),
        other => piece(other)
            .map(|p| vec![p])
            .ok_or_else(|| format!("{} is not empty, a piece or a stack", super::shown(other))),
    }
}

fn shape(t: &Term) -> Result<Shape, String> {
    match t {
        Term::Atom(a) if a == "square" => Ok(Shape::Square),
        Term::Atom(a) if a == "hex" => Ok(Shape::Hex(Shift::Right)),
        Term::Compound(f, args) if f == "hex" && args.len() == 1 => match atom(&args[0]).as_deref()
        {
            Some("right") => Ok(Shape::Hex(Shift::Right)),
            Some("left") => Ok(Shape::Hex(Shift::Left)),
            _ => Err("the shape hex(Shift) takes right or left".into()),
        },
        other => Err(format!(
            "unknown shape {} (square, hex(right), hex(left))",
            super::shown(other)
        )),
    }
}

fn size(t: &Term, what: &str) -> Result<usize, String> {
    term_integer(t)
        .and_then(|i| usize::try_from(i).ok())
        .filter(|&n| (1..=MAX_VIEW_CELLS).contains(&n))
        .ok_or_else(|| format!("{what} must be a whole number from 1 to {MAX_VIEW_CELLS}"))
}

/// A term as short text, for the info line.
fn show(t: &Term) -> String {
    match t {
        Term::Atom(a) => a.clone(),
        Term::Integer(i) => i.to_string(),
        Term::Compound(f, args) => {
            let inner: Vec<String> = args.iter().map(show).collect();
            if f == "-" && args.len() == 2 {
                inner.join("-")
            } else {
                format!("{f}({})", inner.join(","))
            }
        }
        Term::List(items) => format!("[{}]", items.iter().map(show).collect::<Vec<_>>().join(",")),
        other => term_text(other).unwrap_or_else(|| super::shown(other)),
    }
}

/// The glyphs an Info entry `glyphs([Piece = Char, ...])` chooses.
fn glyphs(t: &Term) -> Vec<(Piece, char)> {
    list(t)
        .iter()
        .filter_map(|g| match g {
            Term::Compound(f, a) if f == "=" && a.len() == 2 => {
                let c = atom(&a[1])?.chars().next()?;
                Some((piece(&a[0])?, c))
            }
            _ => None,
        })
        .collect()
}

/// The colours an Info entry `colours([Player = Colour, ...])` chooses (a colour
/// an atom: a CSS name, or `'#c62828'`).
fn colours(t: &Term) -> Vec<(String, String)> {
    list(t)
        .iter()
        .filter_map(|g| match g {
            Term::Compound(f, a) if f == "=" && a.len() == 2 => Some((atom(&a[0])?, atom(&a[1])?)),
            _ => None,
        })
        .collect()
}

/// Reads a `view/5` term, or says what is wrong with it.
pub fn view_from_term(t: &Term) -> Result<View, String> {
    let Term::Compound(f, args) = t else {
        return Err("expected view(Shape, Cols, Rows, Cells, Info)".into());
    };
    if f != "view" || args.len() != 5 {
        return Err("expected view(Shape, Cols, Rows, Cells, Info)".into());
    }
    let shape = shape(&args[0])?;
    let cols = size(&args[1], "Cols")?;
    let rows = size(&args[2], "Rows")?;
    if cols * rows > MAX_VIEW_CELLS {
        return Err(format!(
            "{cols} x {rows} cells is more than {MAX_VIEW_CELLS}"
        ));
    }
    let mut cells = Vec::new();
    for c in list(&args[3]) {
        let Term::Compound(f, a) = c else { continue };
        if f != "cell" || !(a.len() == 4 || a.len() == 5) {
            continue;
        }
        let col = term_integer(&a[0]).and_then(|i| usize::try_from(i).ok());
        let row = term_integer(&a[1]).and_then(|i| usize::try_from(i).ok());
        let (Some(col), Some(row)) = (col, row) else {
            return Err(format!("a cell's column and row are whole numbers: {c:?}"));
        };
        if col >= cols || row >= rows {
            return Err(format!("cell ({col}, {row}) is outside {cols} x {rows}"));
        }
        let marks = a
            .get(4)
            .map(|m| list(m).iter().map(show).collect())
            .unwrap_or_default();
        cells.push(Cell {
            col,
            row,
            name: atom(&a[2]).unwrap_or_default(),
            pieces: contents(&a[3])?,
            marks,
        });
    }
    let mut info = Vec::new();
    let mut glyph_list = Vec::new();
    let mut colour_list = Vec::new();
    let mut highlight = Vec::new();
    for i in list(&args[4]) {
        if let Term::Compound(k, v) = i {
            if v.len() != 1 {
                continue;
            }
            if k == "glyphs" {
                glyph_list = glyphs(&v[0]);
            } else if k == "colours" {
                colour_list = colours(&v[0]);
            } else if k == "highlight" {
                highlight = list(&v[0]).iter().filter_map(atom).collect();
            } else {
                info.push((k.clone(), show(&v[0])));
            }
        }
    }
    Ok(View {
        shape,
        cols,
        rows,
        cells,
        info,
        glyphs: glyph_list,
        colours: colour_list,
        highlight,
    })
}
