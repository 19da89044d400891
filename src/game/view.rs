//! `View`: the cells, their geometry and the stacks of pieces a rule file's `view/2`
//! describes — plain data that the renderers draw.

/// How the cells are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Shape {
    /// A square grid.
    Square,
    /// Hexagons (pointy side up) in rows, each row shifted half a cell from the
    /// row above: to the right (the Hex rhombus) or to the left (Tactigon).
    Hex(Shift),
}

/// Which way each row of hexagons is shifted from the row above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Shift {
    Right,
    Left,
}

/// One piece: its kind (`stone`, `king`, `ring`, `triangle`, …) and its owner.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Piece {
    pub kind: String,
    pub owner: String,
}

/// One cell of a view.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cell {
    pub col: usize,
    pub row: usize,
    /// The cell's name in the game's notation (`a1`, `36`).
    pub name: String,
    /// The pieces on the cell, bottom to top (empty: no piece).
    pub pieces: Vec<Piece>,
    /// Marks such as `gold` or `home(white)`.
    pub marks: Vec<String>,
}

impl Cell {
    /// The piece on top, if any.
    pub fn top(&self) -> Option<&Piece> {
        self.pieces.last()
    }
}

/// The most cells a view may have: a claimed size beyond it is refused before
/// anything is allocated for it.
pub const MAX_VIEW_CELLS: usize = 4096;

/// `view(Shape, Cols, Rows, Cells, Info)` as Rust data.  A (col, row) with no cell
/// is a hole in the board.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct View {
    pub shape: Shape,
    pub cols: usize,
    pub rows: usize,
    pub cells: Vec<Cell>,
    /// `Key: Value` texts from the Info list, e.g. ("to_move", "red").
    pub info: Vec<(String, String)>,
    /// Letters the rule file chose for pieces (its Info entry `glyphs([Piece = Char, ...])`);
    /// other pieces are drawn by their owner's initial, upper case for kings and balls.
    pub glyphs: Vec<(Piece, char)>,
    /// Colours the rule file chose for players whose names are not colours (its
    /// Info entry `colours([Player = Colour, ...])`): `x` and `o` drawn red and gold.
    #[serde(default)]
    pub colours: Vec<(String, String)>,
    /// The cells to pick out, in order (its Info entry `highlight([Cell, ...])`): a
    /// won game's joining chain or line, drawn through their centres.
    #[serde(default)]
    pub highlight: Vec<String>,
}

impl View {
    /// The horizontal position of a cell's centre, in half cells from the leftmost
    /// cell of the drawing.
    pub fn half_x(&self, col: usize, row: usize) -> usize {
        self.raw_half_x(col, row).saturating_sub(self.min_half_x())
    }

    fn raw_half_x(&self, col: usize, row: usize) -> usize {
        match self.shape {
            Shape::Square => 2 * col,
            Shape::Hex(Shift::Right) => 2 * col + row,
            Shape::Hex(Shift::Left) => (2 * col + self.rows).saturating_sub(row + 1),
        }
    }

    fn min_half_x(&self) -> usize {
        self.cells
            .iter()
            .map(|c| self.raw_half_x(c.col, c.row))
            .min()
            .unwrap_or(0)
    }

    /// The width of the drawing in half cells (every cell fits inside it).
    pub fn half_width(&self) -> usize {
        self.cells
            .iter()
            .map(|c| self.half_x(c.col, c.row) + 2)
            .max()
            .unwrap_or(2)
    }

    /// The letter that stands for a piece in text drawings.
    pub fn glyph(&self, piece: &Piece) -> char {
        if let Some((_, g)) = self.glyphs.iter().find(|(p, _)| p == piece) {
            return *g;
        }
        let c = piece.owner.chars().next().unwrap_or('?');
        if matches!(piece.kind.as_str(), "king" | "ball") {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        }
    }

    /// The colour a player's pieces are drawn in: the one the rule file chose, else
    /// the player's name (a CSS colour name such as `red`).
    pub fn colour<'a>(&'a self, owner: &'a str) -> &'a str {
        self.colours
            .iter()
            .find(|(p, _)| p == owner)
            .map_or(owner, |(_, c)| c.as_str())
    }

    /// The lines of text the Info list gives (its entries `text(Line)`, a GDL
    /// position's facts), in order: the renderers write them under the board.
    pub fn text_lines(&self) -> impl Iterator<Item = &str> {
        self.info
            .iter()
            .filter(|(k, _)| k == "text")
            .map(|(_, v)| v.as_str())
    }

    /// The value of an info entry.
    pub fn info(&self, key: &str) -> Option<&str> {
        self.info
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}
