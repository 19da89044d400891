//! Why a request about a served game failed, as the API tells it: a refusal, a
//! refused position with its kind, a request for a position no longer the game's,
//! or the engine failing.

use crate::game::EngineError;
use crate::record;

/// Why a request about a game failed: a move or text the game refuses (the page
/// shows it), or the engine failing.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("{0}")]
    Refused(String),
    /// A position text the game refuses, with its kind (the API says it).
    #[error("bad position: {0}")]
    Position(crate::game::PositionError),
    /// A request made for a position that is no longer the game's (the page was
    /// behind: a computer moved, another tab played); nothing was done.
    #[error("{0}")]
    Stale(String),
    #[error("{0}")]
    Engine(String),
}

impl From<EngineError> for GameError {
    fn from(e: EngineError) -> GameError {
        match e {
            EngineError::Position(p) => GameError::Position(p),
            EngineError::Illegal(_) | EngineError::Move(_) => GameError::Refused(e.to_string()),
            other => GameError::Engine(other.to_string()),
        }
    }
}

/// Why a record's start is refused: a refused position keeps its kind and column
/// (the API says them, as for any other position), said to be the record's start.
pub(super) fn start_error(e: record::RecordError) -> GameError {
    match e {
        record::RecordError::Engine(EngineError::Position(mut p)) => {
            p.message = format!("the record's start: {}", p.message);
            GameError::Position(p)
        }
        other => GameError::Refused(other.to_string()),
    }
}
