//! The REPL: a backend (`Session`: state, commands, the Prolog top level answering
//! one answer at a time), an engine process that runs it (`worker`, driven over a
//! line protocol so Ctrl-C can kill a query for certain), and a rustyline frontend;
//! `--watch` reloads changed rule files (`watch`), `:why` explains a move (`why`).

mod actions;
mod commands;
mod complete;
mod frontend;
mod layout;
mod players;
mod remote;
mod session;
mod terms;
mod watch;
mod why;
mod wire;
mod worker;

pub use crate::prolog::ReplStep;
pub use commands::{Command, COMMANDS};
pub use frontend::{run, run_watching, MAX_PIPED_ANSWERS};
pub use remote::Remote;
pub use session::{Pager, Reply, Session, Snapshot};
pub use terms::split as split_terms;
pub use watch::Watch;
pub use wire::ToWorker;
pub use worker::run_worker;
