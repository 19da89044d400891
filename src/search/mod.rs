//! Generic algorithms over `Game`: perft, random playouts, alpha-beta and MCTS (with
//! a solver in the tree, also root-parallel, and with RAVE), and perft split between threads and
//! shards; and MCTS over any `Engine` (the rule tiers').

mod alphabeta;
mod engine_mcts;
mod mcts;
mod mcts_rave;
mod mcts_root;
mod mcts_solver;
mod perft;
mod perft_split;
mod player;
mod playout;

pub use alphabeta::{SearchResult, Searcher};
pub use engine_mcts::{engine_mcts, Leaf, LeafStep};
pub use mcts::{mcts, pick, root_children, MctsResult, RootChild, EXPLORE, MAX_PLAYOUT_PLIES};
pub use mcts_root::mcts_root_parallel;
pub use mcts_solver::Proof;
pub use perft::perft;
pub use perft_split::{split_perft, subtrees, SplitCount, SplitError, Subtree, COUNT_ALONE_FOR};
pub use player::{choose_move, PlayerKind};
pub use playout::{random_playout, random_playouts};
