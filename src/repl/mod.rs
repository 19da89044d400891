//! The REPL: a backend (session state, commands, Prolog queries, answer text) and
//! a rustyline frontend; the backend is driven by tests without a terminal.

mod commands;
mod frontend;
mod session;
mod watch;
mod why;

pub use commands::{Command, COMMANDS};
pub use frontend::{run, run_watching};
pub use session::{Reply, Session, Snapshot};
pub use watch::Watch;
