//! What a served game may ask of the machine it is served from: how long a request
//! may work, how much a computer player may think, and the engine that holds to it.

use crate::registry::{EngineSpec, OpenError};
use crate::worker::WorkerEngine;

/// The longest any request of a served game may work (a search, a check): past it
/// its worker is stopped, and the game goes on.
pub const REQUEST_CAP: std::time::Duration = std::time::Duration::from_secs(60);
/// The most a served computer player may think: alpha-beta's seconds and depth,
/// MCTS's playouts (each well inside `REQUEST_CAP` on the built-in games).
pub const MAX_SERVED_SECONDS: u64 = 30;
pub const MAX_SERVED_DEPTH: u32 = 12;
pub const MAX_SERVED_PLAYOUTS: u64 = 1_000_000;

/// A served game's engine: in a worker of its own, its work requests capped.
pub(super) fn open_capped(spec: &EngineSpec) -> Result<WorkerEngine, OpenError> {
    WorkerEngine::open_capped(spec, Some(REQUEST_CAP))
}
