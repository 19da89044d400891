//! `View`: the cells, coordinates and pieces a rule file's `view/2` describes.

use crate::prolog::{term_integer, term_text};
use scryer_prolog::Term;

/// How the cells are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A rhombus of hexagons, each row shifted half a cell to the right.
    Hex,
    /// A square grid.
    Square,
}

/// One cell of a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub col: usize,
    pub row: usize,
    pub name: String,
    /// The owner of the piece on the cell, if any.
    pub owner: Option<String>,
    /// The kind of piece (`stone`, `man`, `king`, …).
    pub kind: Option<String>,
}

/// `view(Shape, Cols, Rows, Cells, Info)` as Rust data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub shape: Shape,
    pub cols: usize,
    pub rows: usize,
    pub cells: Vec<Cell>,
    /// `Key: Value` texts from the Info list, e.g. ("to_move", "red").
    pub info: Vec<(String, String)>,
}

fn atom(t: &Term) -> Option<String> {
    match t {
        Term::Atom(a) => Some(a.clone()),
        other => term_text(other),
    }
}

fn list(t: &Term) -> Vec<Term> {
    match t {
        Term::List(items) => items.clone(),
        _ => Vec::new(),
    }
}

impl View {
    /// Reads a `view/5` term; `None` when it is not of that shape.
    pub fn from_term(t: &Term) -> Option<View> {
        let Term::Compound(f, args) = t else {
            return None;
        };
        if f != "view" || args.len() != 5 {
            return None;
        }
        let shape = match atom(&args[0])?.as_str() {
            "hex" => Shape::Hex,
            _ => Shape::Square,
        };
        let cols = usize::try_from(term_integer(&args[1])?).ok()?;
        let rows = usize::try_from(term_integer(&args[2])?).ok()?;
        let mut cells = Vec::new();
        for c in list(&args[3]) {
            let Term::Compound(f, a) = &c else { continue };
            if f != "cell" || a.len() != 4 {
                continue;
            }
            let (owner, kind) = match &a[3] {
                Term::Compound(kind, p) if p.len() == 1 => (atom(&p[0]), Some(kind.clone())),
                _ => (None, None),
            };
            cells.push(Cell {
                col: usize::try_from(term_integer(&a[0])?).ok()?,
                row: usize::try_from(term_integer(&a[1])?).ok()?,
                name: atom(&a[2]).unwrap_or_default(),
                owner,
                kind,
            });
        }
        let info = list(&args[4])
            .iter()
            .filter_map(|i| match i {
                Term::Compound(k, v) if v.len() == 1 => Some((k.clone(), show(&v[0]))),
                _ => None,
            })
            .collect();
        Some(View {
            shape,
            cols,
            rows,
            cells,
            info,
        })
    }
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
        other => term_text(other).unwrap_or_else(|| format!("{other:?}")),
    }
}
