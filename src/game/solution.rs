//! What a solve is asked and what it answers — the budget, the values, the solution —
//! the types of `Engine::solve`, so that the engine protocol names them without the
//! solver (`crate::solve` searches; every engine but a native one asks it).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// How much a solve may spend.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Budget {
    /// Expansions in all, if bounded.
    pub nodes: Option<u64>,
    /// Wall-clock time, if bounded.
    pub time: Option<Duration>,
    /// Set from outside (Ctrl-C) to stop the search (a worker process has a flag
    /// of its own, set by its parent's cancel message).
    #[serde(skip)]
    pub cancel: Option<Arc<AtomicBool>>,
}

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Draw,
    Loss,
}

impl Value {
    /// The value for the other side.
    pub fn flip(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Draw => Value::Draw,
            Value::Loss => Value::Win,
        }
    }

    /// The word for it.
    pub fn word(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        }
    }
}

/// What to solve.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct SolveSpec {
    pub budget: Budget,
    /// Search without the game's own knowledge (`Game::insight`): plain df-pn.
    pub plain: bool,
    /// The transposition table's size in bytes.
    pub table_bytes: usize,
    /// Give the value of every move, not only one that keeps the position's value.
    pub every_move: bool,
    /// Search every move, even one a sibling's proof set settles (for comparison).
    #[serde(default)]
    pub no_proof_sets: bool,
}

/// One move of the solved position, with its value for the player who makes it
/// (`None`: not proved within the budget).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveValue {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: Option<Value>,
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Solution {
    /// The position's text.
    pub position: String,
    /// The player to move.
    pub to_move: String,
    /// The position's value for the side to move; `None`: unknown within the budget.
    pub value: Option<Value>,
    /// The moves whose values were settled (or tried), in listing order.
    pub moves: Vec<MoveValue>,
    /// The number of distinct positions in the proof of the value.
    pub proof_size: Option<u64>,
    /// Positions expanded in all.
    pub nodes: u64,
    /// Moves settled by a sibling's proof set, without a search of their own.
    #[serde(default)]
    pub by_proof_sets: u64,
    /// The transposition table's size: entries and bytes.
    pub table_entries: usize,
    pub table_bytes: usize,
    /// What stopped the search before it was done ("the time (5 s) ran out").
    pub stopped: Option<String>,
    /// Whether positions repeated (or the depth cap was met), so that no draw could be
    /// proved.
    pub repeated: bool,
}
