//! Generic algorithms over `Game`: perft, random playouts, alpha-beta and MCTS.

mod alphabeta;
mod mcts;
mod perft;
mod player;
mod playout;

pub use alphabeta::{Limits, SearchResult, Searcher, PROVEN, WIN};
pub use mcts::{mcts, MctsResult};
pub use perft::perft;
pub use player::{choose_move, PlayerKind};
pub use playout::{random_playout, random_playouts};
