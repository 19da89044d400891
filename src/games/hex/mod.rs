//! Native Hex (and Con-Tac-Tix): C x R boards, either orientation, optional swap; the same texts as rules/hex.pl.

mod board;
mod cells;
mod connect;
pub mod contactix_file;
mod dead;
mod decompose;
mod dominated;
#[cfg(test)]
pub(crate) mod exhaustive;
mod fill;
mod insight;
mod memo;
mod notation;
mod validate;
mod vc;

pub use board::{Axis, Board, MAX_CELLS, MAX_SIDE};
pub use connect::{cells_distance, group_spans, spanning};

use crate::game::{
    decided_score, uniform_index, zobrist_key, Engine, EngineError, Game, GameDescriptor,
    GameOptions, OptionError, OptionValues, Outcome, PositionError,
};
use crate::games::NativeEngine;
use std::sync::Arc;

/// Hex: the descriptor.
pub const DESCRIPTOR: GameDescriptor = GameDescriptor {
    name: "hex",
    summary: "Hex: join your two edges; red (first) top-bottom, blue left-right",
    options: crate::games::rule_options::HEX,
    rules: crate::rule_file!("rules/hex.pl"),
    native: Some(|v| {
        Ok(Box::new(NativeEngine::new("hex", Hex::from_values(v)?)) as Box<dyn Engine>)
    }),
    accelerated: true,
    position_options: hex_position_options,
};

/// The size and pie rule a Hex position text carries: `3x3 ... red swap`.
fn hex_position_options(text: &str) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if let Some((n, _)) = text.split_once('x') {
        out.push(("size", n.to_string()));
    }
    let swap = text.split(' ').skip(3).any(|w| w == "swap");
    out.push(("swap", swap.to_string()));
    out
}

/// The board and colours a Con-Tac-Tix position text carries: `3x4 ... red red*blue`.
fn contactix_position_options(text: &str) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if let Some((c, rest)) = text.split_once('x') {
        out.push(("cols", c.to_string()));
        if let Some((r, _)) = rest.split_once(' ') {
            out.push(("rows", r.to_string()));
        }
    }
    if let Some((x, y)) = text.rsplit(' ').next().and_then(|w| w.split_once('*')) {
        out.push(("vertical", x.to_string()));
        out.push(("horizontal", y.to_string()));
    }
    out
}

/// Con-Tac-Tix: the descriptor.
pub const CONTACTIX: GameDescriptor = GameDescriptor {
    name: "contactix",
    summary: "Con-Tac-Tix: Hex on any C x R board with named colours (the UGent assignment)",
    options: crate::games::rule_options::CONTACTIX,
    rules: crate::rule_file!("rules/contactix.pl"),
    native: Some(|v| {
        Ok(Box::new(NativeEngine::new(
            "contactix",
            Hex::contactix_from_values(v)?,
        )) as Box<dyn Engine>)
    }),
    accelerated: true,
    position_options: contactix_position_options,
};

/// The fixed settings of a Hex-like game: players, orientation, swap rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexRules {
    /// The game's name in messages.
    pub game: String,
    /// Player names in turn order.
    pub names: [String; 2],
    /// The index of the player who joins top and bottom.
    pub vertical: usize,
    /// Whether only square boards are allowed (Hex proper).
    pub square_only: bool,
    /// How positions and moves are written.
    pub style: Style,
}

/// The two notations: Hex (`3x3 r2/3/3 red`, `a1`) and Con-Tac-Tix
/// (`3x3 x2/3/3 red red*blue`, `A1`, with colour names from the position).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Hex,
    ConTacTix,
}

impl HexRules {
    /// Hex: Red moves first and joins top and bottom, Blue joins left and right.
    pub fn hex() -> HexRules {
        HexRules {
            game: "hex".to_string(),
            names: ["red".to_string(), "blue".to_string()],
            vertical: 0,
            square_only: true,
            style: Style::Hex,
        }
    }

    /// Con-Tac-Tix: `x` joins top and bottom and moves first, `y` joins left and right.
    pub fn contactix(x: &str, y: &str) -> HexRules {
        HexRules {
            game: "contactix".to_string(),
            names: [x.to_string(), y.to_string()],
            vertical: 0,
            square_only: false,
            style: Style::ConTacTix,
        }
    }

    /// The edges the player joins.
    pub fn axis(&self, player: usize) -> Axis {
        if player == self.vertical {
            Axis::Vertical
        } else {
            Axis::Horizontal
        }
    }
}

/// A Hex position.
pub struct Hex {
    rules: Arc<HexRules>,
    /// Each player's axis (from `rules`, kept here for the hot path).
    axes: [Axis; 2],
    board: Board,
    swap: bool,
    /// Set up by hand where no game leads (its text ends ` setup`): the stone counts
    /// need not fit the turns (hex.md section 2), as in HexGui's setups.
    setup: bool,
    to_move: usize,
    winner: Option<usize>,
    hash: u64,
}

impl Clone for Hex {
    fn clone(&self) -> Hex {
        Hex {
            rules: self.rules.clone(),
            board: self.board.clone(),
            ..*self
        }
    }

    /// Copies into the board's own tables (see `Board::clone_from`).
    fn clone_from(&mut self, source: &Hex) {
        if !Arc::ptr_eq(&self.rules, &source.rules) {
            self.rules = source.rules.clone();
        }
        self.board.clone_from(&source.board);
        self.axes = source.axes;
        self.swap = source.swap;
        self.setup = source.setup;
        self.to_move = source.to_move;
        self.winner = source.winner;
        self.hash = source.hash;
    }
}

/// The Zobrist keys of the stones, computed at compile time (play is a hot path).
static STONE_KEYS: [u64; 2 * MAX_CELLS] = {
    let mut keys = [0; 2 * MAX_CELLS];
    let mut k = 0;
    while k < keys.len() {
        keys[k] = zobrist_key(k as u64);
        k += 1;
    }
    keys
};

/// The Zobrist key of a stone of `player` on cell `i`.
fn stone_key(i: usize, player: usize) -> u64 {
    STONE_KEYS[i * 2 + player]
}

/// The Zobrist key of "blue to move".
fn side_key() -> u64 {
    zobrist_key(u64::MAX - 1)
}

/// A move: a cell index, or the swap.
pub type HexMove = u16;
/// The swap (pie) move.
pub const SWAP: HexMove = u16::MAX;

impl Hex {
    /// The empty board of the given size.
    pub fn new(rules: HexRules, cols: usize, rows: usize, swap: bool) -> Hex {
        Hex {
            axes: [rules.axis(0), rules.axis(1)],
            rules: Arc::new(rules),
            board: Board::new(cols, rows),
            swap,
            setup: false,
            to_move: 0,
            winner: None,
            hash: 0,
        }
    }

    /// The start position of Hex with options `size` and `swap` as a user gives them.
    pub fn from_options(options: &GameOptions) -> Result<Hex, OptionError> {
        Hex::from_values(&DESCRIPTOR.values(options)?)
    }

    /// The start position of Hex with validated options.
    pub fn from_values(values: &OptionValues) -> Result<Hex, OptionError> {
        let size = values.int("size") as usize;
        Ok(Hex::new(HexRules::hex(), size, size, values.bool("swap")))
    }

    /// The start position of Con-Tac-Tix with options `cols`, `rows`, `vertical`
    /// and `horizontal` as a user gives them.
    pub fn contactix_from_options(options: &GameOptions) -> Result<Hex, OptionError> {
        Hex::contactix_from_values(&CONTACTIX.values(options)?)
    }

    /// The start position of Con-Tac-Tix with validated options (the two colours must differ).
    pub fn contactix_from_values(values: &OptionValues) -> Result<Hex, OptionError> {
        let (x, y) = (values.word("vertical"), values.word("horizontal"));
        if x == y {
            return Err(OptionError::BadValue {
                key: "horizontal".to_string(),
                value: y.to_string(),
                why: "the two colours must differ".to_string(),
            });
        }
        Ok(Hex::new(
            HexRules::contactix(x, y),
            values.int("cols") as usize,
            values.int("rows") as usize,
            false,
        ))
    }

    pub fn rules(&self) -> &HexRules {
        &self.rules
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the pie rule is on.
    pub fn swap_rule(&self) -> bool {
        self.swap
    }

    /// Whether the position was set up by hand where no game leads.
    pub fn is_setup(&self) -> bool {
        self.setup
    }

    /// The same position marked as set up by hand (or not).
    pub(crate) fn with_setup(mut self, setup: bool) -> Hex {
        self.setup = setup;
        self
    }

    /// The cell of Red's only stone when a swap is legal now.
    fn swap_cell(&self) -> Option<usize> {
        if !self.swap || self.to_move != 1 || self.winner.is_some() || self.board.stone_count() != 1
        {
            return None;
        }
        (0..self.board.len()).find(|&i| self.board.stone(i) == Some(0))
    }

    /// Plays the swap: Red's only stone becomes Blue's on the mirrored cell.  Out
    /// of line: the new position is built on the stack, and a frame that size on
    /// `play`'s hot path cost every move a stack probe.
    #[cold]
    #[inline(never)]
    fn play_swap(&mut self) {
        if let Some(i) = self.swap_cell() {
            let (c, r) = self.board.coords(i);
            let (cols, rows) = (self.board.cols(), self.board.rows());
            let mut cells = vec![None; cols * rows];
            cells[c * cols + r] = Some(1);
            let setup = self.setup;
            *self = Hex::from_cells(self.rules.clone(), cols, rows, &cells, 0, self.swap)
                .with_setup(setup);
        }
    }

    /// A setup that play has made a position of the game is marked as one no more.
    #[cold]
    fn leave_setup(&mut self) {
        self.setup = !self.reached_by_play();
    }

    /// Rebuilds a position from stones: `cells[i]` is `None` or `Some(player)`.
    pub(crate) fn from_cells(
        rules: Arc<HexRules>,
        cols: usize,
        rows: usize,
        cells: &[Option<usize>],
        to_move: usize,
        swap: bool,
    ) -> Hex {
        let mut board = Board::new(cols, rows);
        let mut winner = None;
        let mut hash = if to_move == 1 { side_key() } else { 0 };
        for (i, cell) in cells.iter().enumerate() {
            if let Some(p) = *cell {
                hash ^= stone_key(i, p);
                if board.place(i, p, rules.axis(p)) {
                    winner = Some(p);
                }
            }
        }
        Hex {
            axes: [rules.axis(0), rules.axis(1)],
            rules,
            board,
            swap,
            setup: false,
            to_move,
            winner,
            hash,
        }
    }
}

impl Game for Hex {
    type Move = HexMove;

    fn player_names(&self) -> [&str; 2] {
        [self.rules.names[0].as_str(), self.rules.names[1].as_str()]
    }

    fn to_move(&self) -> usize {
        self.to_move
    }

    fn legal_moves(&self, buf: &mut Vec<HexMove>) {
        buf.clear();
        if self.winner.is_some() {
            return;
        }
        buf.extend_from_slice(self.board.empties());
        if self.swap
            && self.to_move == 1
            && self.board.stone_count() == 1
            && self.swap_cell().is_some()
        {
            buf.push(SWAP);
        }
    }

    #[inline]
    fn random_legal<R: rand::Rng>(&self, rng: &mut R, _: &mut Vec<HexMove>) -> Option<HexMove> {
        // the same pick as from the legal_moves list (the empty cells, then swap)
        if self.winner.is_some() {
            return None;
        }
        let empties = self.board.empties();
        let swap = self.swap
            && self.to_move == 1
            && self.board.stone_count() == 1
            && self.swap_cell().is_some();
        let n = empties.len() + usize::from(swap);
        if n == 0 {
            return None;
        }
        let k = uniform_index(rng, n);
        Some(if k < empties.len() { empties[k] } else { SWAP })
    }

    // always: left to itself the compiler calls it from the library's playout
    // loop (a tenth slower than inlined, as in a crate that instantiates it)
    #[inline(always)]
    fn play(&mut self, mv: HexMove) {
        let p = self.to_move;
        if mv == SWAP {
            self.play_swap();
        } else {
            if self.board.place(mv as usize, p, self.axes[p]) {
                self.winner = Some(p);
            }
            self.to_move = 1 - p;
            self.hash ^= stone_key(mv as usize, p) ^ side_key();
        }
        if self.setup {
            self.leave_setup();
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// The same for a position and its half-turn (cell i to cell n - 1 - i), which
    /// maps each player's edges onto themselves (and a swap's mirrored stone onto
    /// the half-turn's: whether a swap is legal depends on the turn and the stone
    /// count alone).
    fn symmetric_hash(&self) -> u64 {
        let n = self.board.len();
        let mut turned = if self.to_move == 1 { side_key() } else { 0 };
        for i in 0..n {
            if let Some(p) = self.board.stone(i) {
                turned ^= stone_key(n - 1 - i, p);
            }
        }
        self.hash.min(turned)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(Outcome::Win)
    }

    fn evaluate(&self, player: usize) -> i32 {
        if let Some(score) = decided_score(self.winner, player) {
            return score;
        }
        let mine = connect::distance(&self.board, player, self.axes[player]);
        let theirs = connect::distance(&self.board, 1 - player, self.axes[1 - player]);
        let tempo = i32::from(self.to_move == player);
        (theirs as i32 - mine as i32) * 10 + tempo
    }

    fn position_text(&self) -> String {
        notation::position_text(self)
    }

    fn parse_position(&self, text: &str) -> Result<Hex, EngineError> {
        Ok(notation::parse_position(&self.rules, text)?)
    }

    fn set_to_move(&self, player: usize) -> Result<Hex, EngineError> {
        if let Some(w) = self.winner {
            return Err(EngineError::Position(PositionError::no_setup(format!(
                "the game is over: {} has joined its edges",
                self.rules.names[w]
            ))));
        }
        let mut next = self.clone();
        if next.to_move != player {
            next.to_move = player;
            next.hash ^= side_key();
        }
        // marked as set up exactly when no game reaches it
        next.setup = self.rules.style == Style::Hex && !next.reached_by_play();
        next.validate()
            .map_err(|e| EngineError::Position(PositionError::no_setup(e)))?;
        Ok(next)
    }

    fn insight(&self, moves: &mut Vec<HexMove>) -> crate::game::Insight<HexMove> {
        insight::insight(self, moves)
    }

    fn move_cell(&self, mv: HexMove) -> Option<usize> {
        (mv != SWAP && self.board.len() <= 64).then_some(mv as usize)
    }

    fn insight_support(&self) -> Option<u64> {
        insight::insight_support(self)
    }

    fn with_stones(&self, player: usize, cells: u64) -> Option<Hex> {
        if self.board.len() > 64 || self.swap {
            return None;
        }
        let stones: Vec<Option<usize>> = (0..self.board.len())
            .map(|i| match self.board.stone(i) {
                None if cells >> i & 1 == 1 => Some(player),
                s => s,
            })
            .collect();
        let (c, r) = (self.board.cols(), self.board.rows());
        Some(Hex::from_cells(
            self.rules.clone(),
            c,
            r,
            &stones,
            self.to_move,
            false,
        ))
    }

    fn move_text(&self, mv: HexMove) -> String {
        if mv == SWAP {
            "swap".to_string()
        } else {
            let (c, r) = self.board.coords(mv as usize);
            notation::cell_name(self.rules.style, c, r)
        }
    }

    fn parse_move(&self, text: &str) -> Result<HexMove, EngineError> {
        notation::parse_move(self, text)
    }
}

#[cfg(test)]
mod insight_tests;
#[cfg(test)]
mod tests;
