//! The REPL pane of a served game: the same top level as `ludolog repl` — its engine
//! process, sandbox and limits, one answer at a time, and a stop that ends a query
//! as Ctrl-C does — on the game's current position.  A pane runs on a thread of its
//! own (a query waits there between answers for the page to ask for the next);
//! the page's requests reach it through channels.

use crate::prolog::ReplStep;
use crate::registry::EngineSpec;
use crate::repl::{Pager, Remote, Reply, Snapshot, ToWorker};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a query waits between answers for the page to ask for the next; then
/// it stops, as an Enter at the terminal would.
const STEP_WAIT: Duration = Duration::from_secs(300);
/// How long a request waits for what the query does next.
const EVENT_WAIT: Duration = Duration::from_secs(600);
/// The most a query's output is kept between two answers: a query that prints
/// without end is cut here (its engine process stops it at the time limit), so the
/// server's memory does not grow with it.
const MAX_OUTPUT: usize = 64 * 1024;

/// What a query did since the page last asked.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PaneEvent {
    /// What it printed.
    pub output: String,
    /// An answer (`X = 42.`, `false.`), if one came.
    pub answer: Option<String>,
    /// Whether more answers may follow (the page offers "next" and "stop").
    pub more: bool,
    /// An error or message that ended the input.
    pub message: Option<String>,
    /// Where the input moved the pane's position (`:play`, `:undo`, `:position`):
    /// its start and moves, which the board then follows; `None`: it did not move.
    #[serde(skip)]
    pub line: Option<(Option<String>, Vec<String>)>,
    /// Whether the board followed the pane to a new position (the page draws it).
    pub moved: bool,
}

/// One input for the pane, with the line of the game to answer it on.
struct Input {
    text: String,
    start: Option<String>,
    moves: Vec<String>,
}

/// A game's REPL pane, as the server reaches it.
pub struct Pane {
    inputs: Sender<Input>,
    steps: Sender<ReplStep>,
    events: Mutex<Receiver<PaneEvent>>,
    interrupted: Arc<AtomicBool>,
    /// Whether a query is waiting between answers.
    waiting: Arc<AtomicBool>,
}

/// Passes a query's output and answers to the page, and its steps back.
struct Relay<'a> {
    output: String,
    /// Whether output was dropped past `MAX_OUTPUT`.
    cut: bool,
    events: &'a Sender<PaneEvent>,
    steps: &'a Receiver<ReplStep>,
    waiting: &'a AtomicBool,
}

impl Pager for Relay<'_> {
    fn output(&mut self, text: &str) {
        let room = MAX_OUTPUT.saturating_sub(self.output.len());
        if text.len() <= room {
            self.output.push_str(text);
        } else if !self.cut {
            let mut end = room;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            self.output.push_str(&text[..end]);
            self.output
                .push_str(&format!("\n… (output cut at {} KiB)\n", MAX_OUTPUT / 1024));
            self.cut = true;
        }
    }

    fn answer(&mut self, text: &str, last: bool) -> ReplStep {
        // a step left over from an earlier answer is not this one's
        while self.steps.try_recv().is_ok() {}
        self.waiting.store(!last, Ordering::SeqCst);
        self.cut = false;
        let _ = self.events.send(PaneEvent {
            output: std::mem::take(&mut self.output),
            answer: Some(text.to_string()),
            more: !last,
            message: None,
            line: None,
            moved: false,
        });
        if last {
            return ReplStep::Stop;
        }
        let step = self.steps.recv_timeout(STEP_WAIT).unwrap_or(ReplStep::Stop);
        self.waiting.store(false, Ordering::SeqCst);
        step
    }
}

impl Pane {
    /// Starts the pane's engine process on `spec`.
    pub fn start(spec: &EngineSpec) -> Result<Pane, String> {
        let interrupted = Arc::new(AtomicBool::new(false));
        let (mut remote, _, _) = Remote::start(Snapshot::start(spec.clone()), interrupted.clone())
            .map_err(|e| format!("the REPL did not start: {e:#}"))?;
        // a pane is about the served game: it loads no other file
        remote.keep_to_game();
        let (inputs, inbox) = mpsc::channel::<Input>();
        let (steps, step_rx) = mpsc::channel();
        let (event_tx, events) = mpsc::channel();
        let waiting = Arc::new(AtomicBool::new(false));
        let wait_flag = waiting.clone();
        std::thread::Builder::new()
            .name("repl-pane".into())
            .spawn(move || {
                let mut remote = remote;
                for input in inbox {
                    let mut relay = Relay {
                        output: String::new(),
                        cut: false,
                        events: &event_tx,
                        steps: &step_rx,
                        waiting: &wait_flag,
                    };
                    let asked = (input.start.clone(), input.moves.clone());
                    let moved = remote.follow_line(input.start, input.moves);
                    if let Ok(note) = &moved {
                        relay.output.push_str(note.trim_start());
                    }
                    let reply = match moved {
                        Ok(_) => remote.ask(ToWorker::Eval(input.text), &mut relay),
                        Err(e) => Err(e),
                    };
                    let message = match reply {
                        Ok(Reply::Text(t)) => (!t.is_empty()).then_some(t),
                        Ok(Reply::Error(e)) => Some(e),
                        Ok(Reply::Quit(_)) => Some("halt: the pane's session goes on (close the page to leave)".into()),
                        Ok(Reply::ReadClauses) => Some("[user] reads clauses from a terminal; in the pane, add a clause as Head :- Body.".into()),
                        Err(e) => Some(format!("error: {e:#}")),
                    };
                    let line = Some(remote.line()).filter(|now| *now != asked);
                    let _ = event_tx.send(PaneEvent {
                        output: std::mem::take(&mut relay.output),
                        answer: None,
                        more: false,
                        message,
                        line,
                        moved: false,
                    });
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Pane {
            inputs,
            steps,
            events: Mutex::new(events),
            interrupted,
            waiting,
        })
    }

    /// Runs an input (a query, a clause, a `:command`) on the game's line; gives
    /// what it did up to its first answer or its end.
    pub fn ask(&self, text: String, start: Option<String>, moves: Vec<String>) -> PaneEvent {
        if self.waiting.load(Ordering::SeqCst) {
            // the query before waits for a step: it ends first
            let _ = self.steps.send(ReplStep::Stop);
            let _ = self.next_event();
        }
        {
            // nothing of an earlier input is left to read as this one's
            let events = self.events.lock().unwrap_or_else(|p| p.into_inner());
            while events.try_recv().is_ok() {}
        }
        if self.inputs.send(Input { text, start, moves }).is_err() {
            return stopped();
        }
        self.next_event()
    }

    /// Asks the waiting query for its next answer (or stops it).
    pub fn step(&self, step: ReplStep) -> PaneEvent {
        if !self.waiting.load(Ordering::SeqCst) {
            return PaneEvent {
                output: String::new(),
                answer: None,
                more: false,
                message: Some("no query is waiting for its next answer".into()),
                line: None,
                moved: false,
            };
        }
        let _ = self.steps.send(step);
        self.next_event()
    }

    /// Stops the running query as Ctrl-C does: its engine process is ended and the
    /// session is as it was before the query.
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::SeqCst);
        let _ = self.steps.send(ReplStep::Stop);
    }

    /// What the query does next: an answer that others may follow, or the end of
    /// the input (a last answer comes with the end: what it printed after it).
    fn next_event(&self) -> PaneEvent {
        let events = self.events.lock().unwrap_or_else(|p| p.into_inner());
        let mut event = events
            .recv_timeout(EVENT_WAIT)
            .unwrap_or_else(|_| stopped());
        if event.answer.is_some() && !event.more {
            if let Ok(end) = events.recv_timeout(EVENT_WAIT) {
                event.output.push_str(&end.output);
                event.message = end.message;
                event.line = end.line;
            }
        }
        event
    }
}

fn stopped() -> PaneEvent {
    PaneEvent {
        output: String::new(),
        answer: None,
        more: false,
        message: Some("the REPL pane stopped; reload the page".into()),
        line: None,
        moved: false,
    }
}
