//! Engines outside ludolog, checked against a rule spec: a process that speaks the
//! engine protocol (version 1, JSON Lines on its standard input and output; see
//! examples/engines/README.md) held as an `Engine`, so that `check --against` plays
//! it in lockstep with a tier of ludolog's; and ludolog itself speaking the protocol
//! (`ludolog engine`).

mod engine;
mod lifetime;
mod move_table;
mod process;
mod speaker;

pub use engine::ExternalEngine;
pub use lifetime::{become_engine, SUBCOMMAND};
pub use move_table::MoveTable;
pub use process::{seconds_words, AskError, EngineProcess, ANSWER_TIME};
pub use speaker::speak;
