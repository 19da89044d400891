//! Generic algorithms over `Game`: perft, random playouts, alpha-beta and MCTS, and
//! `NativeEngine`, which serves any native `Game` through the `Engine` API.

mod alphabeta;
mod mcts;
mod native_engine;
mod perft;
mod player;
mod playout;

pub use alphabeta::{SearchResult, Searcher};
pub use mcts::{mcts, MctsResult, MAX_PLAYOUT_PLIES};
pub use native_engine::{sorted_moves, NativeEngine};
pub use perft::perft;
pub use player::{choose_move, PlayerKind};
pub use playout::{random_playout, random_playouts};
