//! The text-level `Engine`: what the CLI and the checker speak, for rule files and native games alike.

use crate::search::Limits;

/// How to choose a move.
#[derive(Clone, Copy, Debug)]
pub enum SearchSpec {
    /// Alpha-beta within limits (the rule tiers honour the depth only).
    AlphaBeta(Limits),
    /// Monte Carlo tree search with this many playouts (native engines only).
    Mcts { playouts: u64, seed: u64 },
}

/// What a search chose.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BestMove {
    /// The move, or none when the game is over.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The score from the mover's point of view.
    pub score: i32,
    /// "win in N" / "loss in N" when the score is proven.
    pub verdict: Option<String>,
    /// The principal variation (moves), starting with the best move.
    pub pv: Vec<String>,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
}

/// An error from an engine, with a message that says what and where.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum EngineError {
    #[error("bad position: {0}")]
    Position(String),
    #[error("bad move: {0}")]
    Move(String),
    #[error("illegal move: {0}")]
    Illegal(String),
    #[error("{0}")]
    Options(String),
    #[error("{0}")]
    Limit(String),
    #[error("{0}")]
    Rules(String),
}

/// Everything about one position, as texts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PositionInfo {
    /// The canonical position text.
    pub position: String,
    /// The player to move.
    pub to_move: String,
    /// `win(P)` or `draw` once the game is over.
    pub outcome: Option<String>,
    /// The legal moves, in the engine's listing order.
    pub legal: Vec<String>,
}

/// A game engine at the level of position and move texts.
///
/// Implemented by the rule-file engine (spec and accelerated tiers) and by every
/// native `Game`, so that any two can be compared text for text.
pub trait Engine {
    /// A short name of the engine, e.g. `hex (native)`.
    fn label(&self) -> String;
    /// The start position of the game with the engine's options.
    fn initial(&mut self) -> Result<String, EngineError>;
    /// Reads a position text and gives its canonical form.
    fn normalize(&mut self, position: &str) -> Result<String, EngineError>;
    /// Side to move, outcome and legal moves of a position.
    fn describe(&mut self, position: &str) -> Result<PositionInfo, EngineError>;
    /// The position after a move; an error says why the move is refused.
    fn play(&mut self, position: &str, mv: &str) -> Result<String, EngineError>;
    /// The position after a sequence of moves; errors name the move number.
    fn play_all(&mut self, position: &str, moves: &[String]) -> Result<String, EngineError> {
        let mut pos = position.to_string();
        for (i, m) in moves.iter().enumerate() {
            pos = self.play(&pos, m).map_err(|e| prefix_move(e, i + 1))?;
        }
        Ok(pos)
    }
    /// Leaves of the game tree to `depth`; a finished game is a leaf.
    fn perft(&mut self, position: &str, depth: u32) -> Result<u64, EngineError>;
    /// Perft at every depth from 1 to `depth`, from one walk of the tree where possible.
    fn perft_counts(&mut self, position: &str, depth: u32) -> Result<Vec<u64>, EngineError> {
        (1..=depth).map(|d| self.perft(position, d)).collect()
    }
    /// Chooses a move by search.
    fn best(&mut self, position: &str, how: SearchSpec) -> Result<BestMove, EngineError>;
    /// The heuristic score of a position for a player (by name).
    fn evaluate(&mut self, position: &str, player: &str) -> Result<i32, EngineError>;
    /// Plays `count` random games from `position`; gives the total number of plies.
    fn playouts(&mut self, position: &str, count: u64, seed: u64) -> Result<u64, EngineError>;
}

/// Puts "move N: " in front of the message of an error about a move.
pub(crate) fn prefix_move(e: EngineError, n: usize) -> EngineError {
    match e {
        EngineError::Move(m) => EngineError::Move(format!("move {n}: {m}")),
        EngineError::Illegal(m) => EngineError::Illegal(format!("move {n}: {m}")),
        other => other,
    }
}
