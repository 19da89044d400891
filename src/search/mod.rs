//! Generic algorithms over `Game`: perft, random playouts, alpha-beta and MCTS (also
//! root-parallel), and perft split between threads and shards.

mod alphabeta;
mod mcts;
mod mcts_root;
mod perft;
mod perft_split;
mod player;
mod playout;

pub use alphabeta::{SearchResult, Searcher};
pub use mcts::{mcts, pick, root_children, MctsResult, RootChild, MAX_PLAYOUT_PLIES};
pub use mcts_root::mcts_root_parallel;
pub use perft::perft;
pub use perft_split::{split_perft, subtrees, SplitCount, SplitError, Subtree};
pub use player::{choose_move, PlayerKind};
pub use playout::{random_playout, random_playouts};
