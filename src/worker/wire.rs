//! The protocol between ludolog and a worker process: one JSON message a line each
//! way, on the worker's standard input and a private copy of its standard output.
//! The parent's messages are trusted (it wrote them); the worker's are data, checked
//! as they come, and a line that is not one ends the worker.

use crate::authoring::{FileReport, Playouts};
use crate::confine::process::WorkerConfinement;
use crate::game::{BestMove, EngineError, GameOptions, PositionInfo, SearchSpec, Tier, View};
use crate::registry::EngineSpec;
use crate::solve::{Solution, SolveSpec};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The first message to a worker: everything about it, decided by the parent.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Start {
    pub job: Job,
    /// What it may read, and its memory.
    pub confinement: WorkerConfinement,
    /// Whether it confines itself (not with `--trust`, which lifts the walls).
    pub confine: bool,
    /// The wall-clock limit of a request in milliseconds (0: none), and whether the
    /// user set it (then it bounds work requests too).
    pub time_limit_ms: u64,
    pub time_explicit: bool,
    /// In a test build only: the Prolog-level check off, to show that the operating
    /// system's wall holds alone.
    pub prolog_check_off: bool,
}

/// What a worker is for.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Job {
    /// An engine, opened from this spec, answering `Call`s until its input ends.
    Engine(EngineSpec),
    /// The same, of a rule file in a rule tier, that also explains moves (`Call::Why`)
    /// in its own machine, loaded with the authoring tools: `ludolog why` starts one
    /// machine, not two.
    Explainer(EngineSpec),
    /// `ludolog lint` of one rule file: one report, then the worker ends.
    Lint {
        path: PathBuf,
        /// The rule file's text, when a user gave it (`path` is then only its name
        /// in messages, and no file is read).
        #[serde(default)]
        text: Option<String>,
        options: GameOptions,
        plan: Playouts,
        limit: Option<u64>,
        tier: Tier,
    },
}

/// A request to an engine worker. Positions are the worker's own handles.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Call {
    Initial,
    Parse(String),
    SetToMove(u64, String),
    Release(u64),
    Text(u64),
    Describe(u64),
    Reread(u64, String),
    Play(u64, String),
    Copy(u64),
    PlayAll(u64, Vec<String>),
    Perft(u64, u32),
    PerftCounts(u64, u32),
    Best(u64, SearchSpec),
    Solve(u64, SolveSpec),
    Evaluate(u64, String),
    Playouts {
        pos: u64,
        count: u64,
        seed: u64,
        max_plies: u64,
    },
    View(u64),
    /// Whether the engine plays random playouts in the host
    /// (`Engine::playouts_in_host`): a count, 1 or 0.
    PlayoutsInHost,
    /// Why a move is refused in a position (a text), or what it does (`ludolog why`).
    Why {
        position: String,
        mv: String,
    },
}

/// What the parent sends.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum ToWorker {
    Start(Box<Start>),
    Call(Call),
}

/// An engine worker's answer to one call.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Answer {
    Pos(u64),
    Done,
    Text(String),
    Info(PositionInfo),
    Count(u64),
    Counts(Vec<u64>),
    Best(BestMove),
    Solution(Box<Solution>),
    Score(i32),
    View(Box<View>),
    Error(EngineError),
}

/// What a worker sends.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum FromWorker {
    /// The engine is open: its label, and whether it reads position texts.
    Ready {
        label: String,
        reads_positions: bool,
    },
    /// The job could not start (the rules do not load, the options are wrong...).
    Failed(String),
    Answer(Answer),
    /// What a lint finds as it goes (its report comes at the end).
    LintEvent(Box<crate::authoring::LintEvent>),
    Lint(Box<FileReport>),
}
