//! The game protocol on the Rust side: the native `Game` trait, the `Engine` API over
//! held positions, tiers, options, game descriptors and the view model.

mod declared;
pub mod defaults;
mod descriptor;
mod ending;
mod engine;
mod insight;
mod limits;
mod line;
mod move_words;
mod options;
mod pick;
mod player;
mod position_error;
mod refusal;
mod scores;
mod solution;
mod text_error;
mod tier;
mod view;

pub use declared::{check_declared, intern_options, DeclaredKind, DeclaredOption};
pub use descriptor::{
    no_position_options, GameDescriptor, OpenNative, PositionOptions, RuleSource,
};
pub use ending::{Ending, FULL_SCORE};
pub(crate) use engine::prefix_move;
pub use engine::{
    stderr_lines, verdict, BestMove, Engine, EngineError, Exceeded, Pos, PositionInfo, SearchSpec,
    TextOps,
};
pub use insight::Insight;
pub use limits::{
    count_in, elide, mcts_playouts, perft_depth, search_depth, search_time, Limits, EXIT_MEMORY,
    EXIT_TIME, MAX_MCTS_PLAYOUTS, MAX_PERFT_DEPTH, MAX_SEARCH_DEPTH, MAX_SEARCH_TIME,
};
pub use line::{GameLine, Replayed};
pub use move_words::move_words;
pub use options::{GameOptions, OptionError, OptionKind, OptionSpec, OptionValue, OptionValues};
pub use pick::uniform_index;
pub use player::Player;
pub use position_error::{PositionError, PositionKind};
pub use refusal::{Reason, Refusal};
pub use scores::{decided_score, PROVEN, WIN};
pub use solution::{Budget, MoveValue, Solution, SolveSpec, Value};
pub use text_error::{column, expected_at, found_at};
pub use tier::Tier;
pub use view::{Cell, Piece, Shape, Shift, View, MAX_VIEW_CELLS};

use std::fmt;

/// How a finished game ended, with the winner as a player index (0 moves first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(usize),
    Draw,
}

/// A game with a native engine: the same protocol as a rule file, on Rust values.
///
/// Generic code (perft, playouts, search, the checker) is written once against it.
/// Position and move texts are exactly those of the game's rule file.  A game is a
/// plain value (`Send + Sync`), so that searches can run on many threads.
pub trait Game: Clone + Send + Sync {
    /// A move; `Ord` gives the order in which moves are listed to people.
    type Move: Copy + Eq + Ord + std::hash::Hash + fmt::Debug + Send + Sync;

    /// The names of the two players, in turn order (index 0 moves first).
    fn player_names(&self) -> [&str; 2];
    /// The index of the player to move.
    fn to_move(&self) -> usize;
    /// Appends every legal move to `buf` (cleared first); none once the game is over.
    fn legal_moves(&self, buf: &mut Vec<Self::Move>);
    /// A uniformly random legal move, `None` when there is none: the pick of
    /// `uniform_index(rng, n)` among the `n` moves in `legal_moves` order.  An
    /// engine that keeps its legal moves as a list picks from it in place.
    fn random_legal<R: rand::Rng>(
        &self,
        rng: &mut R,
        buf: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        self.legal_moves(buf);
        (!buf.is_empty()).then(|| buf[uniform_index(rng, buf.len())])
    }
    /// Plays a move that `legal_moves` listed.
    fn play(&mut self, mv: Self::Move);
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// A heuristic score from `player`'s point of view.
    fn evaluate(&self, player: usize) -> i32;
    /// A hash of the position (pieces and side to move), for transposition tables.
    fn hash(&self) -> u64;
    /// A hash shared by the positions a symmetry of the game maps onto each other
    /// (they have the same value under perfect play), for a solver's table.  The
    /// default knows no symmetry: `hash`.
    fn symmetric_hash(&self) -> u64 {
        self.hash()
    }
    /// The canonical one-line position text.
    fn position_text(&self) -> String;
    /// Reads a position text of this game (with these options' fixed settings).
    fn parse_position(&self, text: &str) -> Result<Self, EngineError>;
    /// This position with player `player` to move, set up by hand (GTP's out-of-turn
    /// moves, a record's setup stones): refused when the game is over or when the
    /// game's rules allow no such position.  A game without it refuses every setup.
    fn set_to_move(&self, player: usize) -> Result<Self, EngineError> {
        let _ = player;
        Err(EngineError::Position(PositionError::no_setup(
            "this game cannot give the move out of turn",
        )))
    }
    /// What the game's own knowledge settles here before any search (a solver's
    /// pruning): the position won or lost for the side to move, or the moves in
    /// `moves` (the legal moves) narrowed to those worth searching.  Must be exact;
    /// the default knows nothing.
    fn insight(&self, moves: &mut Vec<Self::Move>) -> Insight<Self::Move> {
        let _ = moves;
        Insight::Open
    }
    /// Proof sets (see `solve::proof_sets`) need a game in which an extra stone never
    /// hurts its owner, each move filling one of at most 64 cells.  Such a game
    /// gives the cell a move fills; the default, and a move that fills no cell,
    /// `None`.
    fn move_cell(&self, mv: Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }
    /// For a position `insight` settles, a proof set the game vouches for: empty
    /// cells (a mask) such that the winner still wins when every other empty cell
    /// holds the loser's stone.  The default knows none.
    fn insight_support(&self) -> Option<u64> {
        None
    }
    /// This position with stones of `player` added on the empty cells of `cells`,
    /// the same side to move (a proof set's test position).  The default has none.
    fn with_stones(&self, player: usize, cells: u64) -> Option<Self> {
        let _ = (player, cells);
        None
    }
    /// The notation of a move.
    fn move_text(&self, mv: Self::Move) -> String;
    /// Reads a move in this position; errors say why it is not legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, EngineError>;
}

/// A fixed pseudo-random 64-bit key for `index` (SplitMix64), for Zobrist hashing.
pub const fn zobrist_key(index: u64) -> u64 {
    let mut z = index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A native outcome as the protocol's ending: `win(red)` or `draw`.
pub fn ending(outcome: Outcome, names: [&str; 2]) -> Ending {
    match outcome {
        Outcome::Win(p) => Ending::Win(Player::new(names[p])),
        Outcome::Draw => Ending::Draw,
    }
}
