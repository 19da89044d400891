//! The `Engine` API over held positions: what the CLI, the REPL and the checker speak,
//! for rule files and native games alike.
//!
//! An engine keeps the positions it hands out and names each by a `Pos` handle.
//! Text crosses this interface only where it comes in (`parse`) or goes out to be
//! shown or compared (`text`, `describe`): a position is never re-read between two
//! calls, so nothing the text does not carry can be lost on the way.

use super::ending::Ending;
use super::limits::Limits;
use super::player::Player;
use super::position_error::PositionError;
use super::refusal::{Reason, Refusal};
use super::scores::{PROVEN, WIN};

/// A position held by an engine, valid until it is released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos(pub u64);

/// How to choose a move.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub enum SearchSpec {
    /// Alpha-beta within limits (the rule tiers honour the depth only).
    AlphaBeta(Limits),
    /// Monte Carlo tree search with this many playouts in all (native engines only),
    /// root-parallel: `threads` independent trees, seeded `seed`, `seed + 1`, …,
    /// their root visits summed; within `time` when given (each tree stops at
    /// whichever comes first, its playouts or the time, after one playout at least).
    Mcts {
        playouts: u64,
        seed: u64,
        threads: usize,
        #[serde(default)]
        time: Option<std::time::Duration>,
        /// With RAVE in the tree (`search::mcts_rave`; native engines only, the rule
        /// tiers' search has none).
        #[serde(default)]
        rave: bool,
    },
}

/// What a search chose.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// "win in N" / "loss in N" for a proven search score (`WIN - n`: a win in n plies).
pub fn verdict(score: i32) -> Option<String> {
    if score > PROVEN {
        Some(format!("win in {}", WIN - score))
    } else if score < -PROVEN {
        Some(format!("loss in {}", WIN + score))
    } else {
        None
    }
}

/// An error from an engine, with a message that says what and where.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EngineError {
    /// A position refused, with its kind (see `PositionError`).
    #[error("bad position: {0}")]
    Position(PositionError),
    #[error("bad move: {0}")]
    Move(String),
    #[error("illegal move: {0}")]
    Illegal(Box<Refusal>),
    #[error("{0}")]
    Options(String),
    #[error("{0}")]
    Limit(String),
    /// A worker process ended at a limit on the whole process (its memory, or the
    /// wall-clock time of a request): the command's exit code says which.
    #[error("{message}")]
    Exceeded { limit: Exceeded, message: String },
    #[error("{0}")]
    Rules(String),
    /// An engine outside ludolog broke the protocol (it stopped, stayed silent past
    /// its time, or answered garbage) and was ended: what happened, on which
    /// request, and the last lines of its standard error.
    #[error("{message}{}", stderr_lines(stderr))]
    Stopped {
        message: String,
        stderr: Vec<String>,
    },
    /// A handle the engine does not hold (a bug in the caller, never user input).
    #[error("no position is held under handle {0}")]
    Handle(u64),
}

/// A refused position is an error of its own kind.
impl From<PositionError> for EngineError {
    fn from(e: PositionError) -> EngineError {
        EngineError::Position(e)
    }
}

/// A refused move is an error of its own kind.
impl From<Refusal> for EngineError {
    fn from(r: Refusal) -> EngineError {
        EngineError::Illegal(Box::new(r))
    }
}

/// The last lines an engine wrote on standard error, as the end of a message (on
/// lines of their own, whole: they are what tells a user why it failed).
pub fn stderr_lines(lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let mut text = String::from("\n  its standard error ends:");
    for l in lines {
        text.push_str("\n    ");
        text.push_str(l);
    }
    text
}

/// Which limit of a whole process was exceeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Exceeded {
    Memory,
    Time,
}

impl Exceeded {
    /// The exit code of a command stopped at this limit.
    pub fn exit_code(self) -> u8 {
        match self {
            Exceeded::Memory => super::limits::EXIT_MEMORY as u8,
            Exceeded::Time => super::limits::EXIT_TIME as u8,
        }
    }
}

/// Everything about one position, as texts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionInfo {
    /// The canonical position text.
    pub position: String,
    /// The player to move.
    pub to_move: Player,
    /// How the game ended, once it is over.
    pub outcome: Option<Ending>,
    /// The legal moves, in the engine's listing order.
    pub legal: Vec<String>,
}

/// A game engine over held positions.
///
/// Implemented by the rule-file engine (spec and accelerated tiers) and by every
/// native `Game`, so that any two can be compared position by position.
pub trait Engine {
    /// A short name of the engine, e.g. `hex (native)`.
    fn label(&self) -> String;
    /// Whether the engine reads position texts (and its refusals are worded as
    /// ludolog's): false for an external engine, which check then compares by its
    /// answers only.
    fn reads_positions(&self) -> bool {
        true
    }
    /// Whether the engine plays whole random playouts without its rules between the
    /// plies (a native engine; a rule file whose turns are data, in the accelerated
    /// tier), so that an MCTS player is as fast on it as on a native game.
    fn playouts_in_host(&mut self) -> bool {
        false
    }
    /// The start position of the game with the engine's options.
    fn initial(&mut self) -> Result<Pos, EngineError>;
    /// Reads a position text into a held position.
    fn parse(&mut self, text: &str) -> Result<Pos, EngineError>;
    /// The position `pos` with `player` to move: a copy when it is that
    /// player's turn already, else the position set up by hand (GTP's out-of-turn
    /// moves, a record's setup stones), refused when the game's rules allow none.
    /// An engine without it refuses every setup.
    fn set_to_move(&mut self, pos: Pos, player: &Player) -> Result<Pos, EngineError> {
        let _ = (pos, player);
        Err(EngineError::Position(PositionError::no_setup(format!(
            "{}: cannot give the move out of turn",
            self.label()
        ))))
    }
    /// Forgets a held position (a handle never given, or given back twice, is ignored).
    fn release(&mut self, pos: Pos);
    /// How many positions the engine holds now.
    fn held(&self) -> usize;
    /// The canonical text of a position.
    fn text(&mut self, pos: Pos) -> Result<String, EngineError>;
    /// Text, side to move, outcome and legal moves of a position.
    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError>;
    /// `describe` of the position read back from this position's own text `text`
    /// (its `describe`d text, given so that it is not printed twice): what the
    /// lossless contract compares with `describe(pos)`.
    fn reread(&mut self, pos: Pos, text: &str) -> Result<PositionInfo, EngineError> {
        let _ = pos;
        let back = self.parse(text)?;
        let d = self.describe(back);
        self.release(back);
        d
    }
    /// The position after a move (a new handle); an error says why the move is refused.
    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError>;
    /// A second handle to the same position.
    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError>;
    /// The position after a sequence of moves (a new handle, also when there are
    /// none); errors name the move number.
    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        let mut at = self.copy(pos)?;
        for (i, m) in moves.iter().enumerate() {
            let next = self.play(at, m).map_err(|e| prefix_move(e, i + 1));
            self.release(at);
            at = next?;
        }
        Ok(at)
    }
    /// Leaves of the game tree to `depth`; a finished game is a leaf.
    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError>;
    /// Perft at every depth from 1 to `depth`, from one walk of the tree where possible.
    fn perft_counts(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        (1..=depth).map(|d| self.perft(pos, d)).collect()
    }
    /// Chooses a move by search.
    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError>;
    /// The value of a position under perfect play: a native engine searches its own
    /// values; an engine over positions it holds asks `crate::solve` to search them
    /// (`solve::solve(EngineTree::new(self), ..)`); one that cannot refuses.
    fn solve(&mut self, pos: Pos, spec: &super::SolveSpec) -> Result<super::Solution, EngineError> {
        let _ = (pos, spec);
        Err(EngineError::Rules(format!(
            "{} cannot solve positions",
            self.label()
        )))
    }
    /// The heuristic score of a position for a player.
    fn evaluate(&mut self, pos: Pos, player: &Player) -> Result<i32, EngineError>;
    /// Plays `count` random games from a position, each cut off after `max_plies`;
    /// gives the total number of plies.
    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError>;
    /// The words a refusal's reason reads as, where this engine's rules word it (a
    /// rule file's `refusal//1`); `None` where they do not.
    fn refusal_words(&mut self, reason: &Reason) -> Option<String> {
        let _ = reason;
        None
    }
    /// What the renderers draw of a position (a rule file's `view/2`); an engine
    /// that draws nothing (a native one: its rule file draws) refuses.
    fn view(&mut self, pos: Pos) -> Result<super::View, EngineError> {
        let _ = pos;
        Err(EngineError::Rules(format!(
            "{} draws no view: its rule file does",
            self.label()
        )))
    }
}

/// Puts "move N: " in front of the message of an error about a move.
pub(crate) fn prefix_move(e: EngineError, n: usize) -> EngineError {
    match e {
        EngineError::Move(m) => EngineError::Move(format!("move {n}: {m}")),
        EngineError::Illegal(r) => EngineError::from(r.prefixed(&format!("move {n}: "))),
        other => other,
    }
}

/// Position-text conveniences for any engine: read a text, ask, release.  For the
/// edges of the program (a command's argument, a test's table), never for loops.
pub trait TextOps {
    /// The canonical form of a position text.
    fn normalize(&mut self, text: &str) -> Result<String, EngineError>;
    /// `describe` of a position text.
    fn describe_text(&mut self, text: &str) -> Result<PositionInfo, EngineError>;
    /// The text of the position after a move from a position text.
    fn play_text(&mut self, text: &str, mv: &str) -> Result<String, EngineError>;
    /// The text of the start position.
    fn initial_text(&mut self) -> Result<String, EngineError>;
    /// The view of a position text.
    fn view_text(&mut self, text: &str) -> Result<super::View, EngineError>;
}

impl<E: Engine + ?Sized> TextOps for E {
    fn normalize(&mut self, text: &str) -> Result<String, EngineError> {
        let p = self.parse(text)?;
        let t = self.text(p);
        self.release(p);
        t
    }

    fn describe_text(&mut self, text: &str) -> Result<PositionInfo, EngineError> {
        let p = self.parse(text)?;
        let d = self.describe(p);
        self.release(p);
        d
    }

    fn play_text(&mut self, text: &str, mv: &str) -> Result<String, EngineError> {
        let p = self.parse(text)?;
        let next = self.play(p, mv);
        self.release(p);
        let next = next?;
        let t = self.text(next);
        self.release(next);
        t
    }

    fn initial_text(&mut self) -> Result<String, EngineError> {
        let p = self.initial()?;
        let t = self.text(p);
        self.release(p);
        t
    }

    fn view_text(&mut self, text: &str) -> Result<super::View, EngineError> {
        let p = self.parse(text)?;
        let v = self.view(p);
        self.release(p);
        v
    }
}
