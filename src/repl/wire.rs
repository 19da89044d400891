//! The line protocol between the REPL's frontend and its engine process
//! (`ludolog repl-worker`): one JSON message a line each way.

use super::session::{Reply, Snapshot};
use crate::prolog::ReplStep;
use serde::{Deserialize, Serialize};
use std::io::Write;

/// The first message to the engine process: the session to build, and everything
/// the frontend decides about the process (what it may read, its limits).
#[derive(Debug, Serialize, Deserialize)]
pub struct ReplStart {
    pub snapshot: Snapshot,
    /// `None` with `--trust`: the process is not confined.
    pub confinement: Option<crate::confine::process::WorkerConfinement>,
    pub memory_bytes: u64,
    pub time_limit_ms: u64,
    pub time_explicit: bool,
    /// In a test build only: the Prolog-level check off.
    pub prolog_check_off: bool,
}

/// A request from the frontend.
#[derive(Debug, Serialize, Deserialize)]
pub enum ToWorker {
    /// The first message: the session to build.
    Start(Box<ReplStart>),
    /// An input typed at the prompt.
    Eval(String),
    /// The text of a `[user]` block.
    Consult(String),
    /// Completions for a line and a cursor position.
    Complete(String, usize),
    /// What to do after an answer that is not the last: `n` next, `w` in full, `s` stop.
    Step(char),
    /// `--watch`: reload the rules if a rule file changed on disk.
    WatchTick,
    /// The answer to `Read`: the text of the term typed, `None` at the end of input.
    Input(Option<String>),
}

/// A message from the engine process.
#[derive(Debug, Serialize, Deserialize)]
pub enum FromWorker {
    /// The session is ready: its description, and what could not be carried over.
    Ready { banner: String, note: String },
    /// The session could not be built.
    Failed(String),
    /// An input (`Eval` or `Consult`) was read and now runs: a process that ends
    /// before saying so never saw it.
    Taken,
    /// What a query printed.
    Output(String),
    /// An answer; unless it is the last, the engine waits for a `Step`.
    Answer { text: String, last: bool },
    /// The input is done: its reply, the session as it is now, and whether the
    /// engine broke (a panic inside scryer): it then ends, and another takes over.
    Done {
        reply: Reply,
        snapshot: Snapshot,
        broken: bool,
    },
    /// A query reads a term the user types (`read/1`): the prompt to show; the engine
    /// waits for an `Input`.
    Read(String),
    /// Completion candidates: where the word starts, and what may replace it.
    Completions(usize, Vec<String>),
    /// The answer to `WatchTick`: what a reload said (if there was one), and the
    /// session as it is now.
    Watched {
        note: Option<String>,
        snapshot: Snapshot,
    },
}

/// A step as sent on the wire.
pub fn step_char(step: ReplStep) -> char {
    match step {
        ReplStep::Next => 'n',
        ReplStep::Full => 'w',
        ReplStep::Stop => 's',
    }
}

/// The step a character on the wire names (anything unknown stops).
pub fn char_step(c: char) -> ReplStep {
    match c {
        'n' => ReplStep::Next,
        'w' => ReplStep::Full,
        _ => ReplStep::Stop,
    }
}

/// Writes one message as a line and flushes it.
pub fn send<T: Serialize>(out: &mut dyn Write, message: &T) -> std::io::Result<()> {
    let line = serde_json::to_string(message).map_err(std::io::Error::other)?;
    out.write_all(line.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_travel_as_one_line_each() {
        let mut buf = Vec::new();
        send(
            &mut buf,
            &FromWorker::Answer {
                text: "X = 1,\nY = 2".into(),
                last: false,
            },
        )
        .unwrap();
        let text = String::from_utf8(buf).unwrap();
        assert_eq!(text.lines().count(), 1);
        let back: FromWorker = serde_json::from_str(text.trim()).unwrap();
        assert!(matches!(back, FromWorker::Answer { last: false, .. }));
        for s in [ReplStep::Next, ReplStep::Full, ReplStep::Stop] {
            assert_eq!(char_step(step_char(s)), s);
        }
    }
}
