//! The frontend's side of the engine process: starting it on a snapshot, sending
//! inputs and steps, relaying output and answers to a `Pager`, and — on Ctrl-C or
//! when the process dies — killing it and starting a new one from the session's
//! last snapshot (position, moves, definitions and settings as they were before
//! the input that was stopped).

use super::session::{Pager, Reply, Snapshot};
use super::wire::{step_char, FromWorker, ReplStart, ToWorker};
use crate::worker::process::{Failure, Process};
use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A running engine process: a worker (see `worker::process`), confined as the
/// frontend decides.
struct Worker {
    process: Process<FromWorker>,
}

impl Worker {
    /// Starts `ludolog repl-worker` on a snapshot; gives it with its banner and note.
    fn spawn(snapshot: &Snapshot) -> Result<(Worker, String, String)> {
        let mut worker = Worker::launch(snapshot)?;
        let (banner, note) = worker.ready()?;
        Ok((worker, banner, note))
    }

    /// Starts `ludolog repl-worker` on a snapshot without waiting for it to be ready.
    fn launch(snapshot: &Snapshot) -> Result<Worker> {
        let (time_limit_ms, time_explicit) = crate::prolog::limits::time_limit_setting();
        let start = ReplStart {
            snapshot: snapshot.clone(),
            // what it may read is the frontend's decision, kept in the snapshot it
            // holds, never one the engine process sent
            confinement: snapshot.confinement(),
            memory_bytes: crate::foreign::memory::memory_limit() as u64,
            time_limit_ms,
            time_explicit,
            prolog_check_off: cfg!(debug_assertions)
                && std::env::var_os(crate::worker::TEST_PROLOG_CHECK_OFF).is_some(),
        };
        let process = Process::launch("repl-worker", &ToWorker::Start(Box::new(start)))
            .context("cannot start the Prolog engine process")?;
        Ok(Worker { process })
    }

    /// Waits until the process has opened its session: its banner and note.
    fn ready(&mut self) -> Result<(String, String)> {
        match self.process.recv(None) {
            Ok(FromWorker::Ready { banner, note }) => Ok((banner, note)),
            Ok(FromWorker::Failed(e)) => {
                self.kill();
                bail!("{e}")
            }
            Ok(_) => {
                self.kill();
                bail!("the Prolog engine process broke the protocol (a message out of turn)")
            }
            Err(f) => {
                self.kill();
                bail!(
                    "the Prolog engine process stopped before it was ready: {}",
                    failure_text(f)
                )
            }
        }
    }

    fn send(&mut self, message: &ToWorker) -> Result<()> {
        self.process
            .send(message)
            .context("the Prolog engine process is gone")
    }

    /// Kills the process and waits for it: nothing of it runs afterwards.
    fn kill(&mut self) {
        self.process.kill();
    }
}

/// A worker's failure in words.
fn failure_text(f: Failure) -> String {
    match f {
        Failure::Ended(how) => how.to_string(),
        Failure::Garbage(what) => {
            format!("it broke the protocol (it sent `{what}`) and was stopped")
        }
        Failure::Timeout => "it did not answer".to_string(),
    }
}

/// Shows what a restart could not carry over (a note from `restart`, if any).
fn show_note(pager: &mut dyn Pager, note: &str) {
    if !note.is_empty() {
        pager.output(&format!("{}\n", note.trim_start()));
    }
}

/// The session as the frontend holds it: the engine process and the last snapshot.
pub struct Remote {
    worker: Worker,
    snapshot: Snapshot,
    /// Whether `:load` and `:game` are refused (`serve`'s pane: the served game only).
    kept_to_game: bool,
    interrupted: Arc<AtomicBool>,
    /// Whether the engine process may not have said it is ready yet.
    starting: bool,
}

/// How long to wait for a message before looking at the interrupt flag.
const POLL: Duration = Duration::from_millis(20);

impl Remote {
    /// Starts the engine process on `snapshot`; gives the session's banner and a
    /// note on what could not be carried over.
    pub fn start(
        snapshot: Snapshot,
        interrupted: Arc<AtomicBool>,
    ) -> Result<(Remote, String, String)> {
        let (worker, banner, note) = Worker::spawn(&snapshot)?;
        Ok((
            Remote {
                worker,
                snapshot,
                kept_to_game: false,
                interrupted,
                starting: false,
            },
            banner,
            note,
        ))
    }

    /// Starts the engine process on `snapshot` without waiting for it, so that a
    /// prompt can be shown at once (for ludolog's own rules, which load without
    /// fail); the first request waits for it (see `settle`).
    pub fn start_early(snapshot: Snapshot, interrupted: Arc<AtomicBool>) -> Result<Remote> {
        Ok(Remote {
            worker: Worker::launch(&snapshot)?,
            snapshot,
            kept_to_game: false,
            interrupted,
            starting: true,
        })
    }

    /// Waits for an engine process started early to be ready; says its note.
    fn settle(&mut self) -> Result<()> {
        if std::mem::take(&mut self.starting) {
            let (_, note) = self.worker.ready()?;
            if !note.is_empty() {
                eprintln!("{note}");
            }
        }
        Ok(())
    }

    /// Refuses `:load` and `:game` from now on: the session stays on its game, and
    /// its engine process reads no other file (`serve`'s REPL pane).
    pub fn keep_to_game(&mut self) {
        self.kept_to_game = true;
    }

    /// Sends an input or a `[user]` block and relays its output and answers to
    /// `pager` until it is done.  Ctrl-C (the interrupt flag) kills the engine
    /// process and restarts it from the last snapshot.
    pub fn ask(&mut self, request: ToWorker, pager: &mut dyn Pager) -> Result<Reply> {
        self.settle()?;
        self.interrupted.store(false, Ordering::SeqCst);
        // the engine process may read only the rule files it was given: a file named
        // by `:load` is given to a fresh one, with the session as it is
        if let ToWorker::Eval(text) = &request {
            // the REPL's own reading of the command, aliases too (:l, :g)
            use super::commands::{parse, Command as Typed};
            let named = match parse(text) {
                Ok(Typed::Load(_)) | Ok(Typed::Game(_, _))
                    if self.kept_to_game && text.trim_start().starts_with(':') =>
                {
                    return Ok(Reply::Error(
                        "error: this REPL is about the game being played: :load and :game are not available here"
                            .into(),
                    ));
                }
                Ok(Typed::Load(file)) | Ok(Typed::Game(file, _)) if text.starts_with(':') => {
                    Some(PathBuf::from(file)).filter(|p| p.is_file())
                }
                _ => None,
            };
            if let Some(file) = named {
                if self.snapshot.allow_read(file) {
                    let note = self.restart()?;
                    show_note(pager, &note);
                }
            }
        }
        if self.worker.send(&request).is_err() {
            // the process ended between two inputs (it was killed): it never read
            // this one, so a fresh one from the last snapshot answers it
            let note = self.restart()?;
            show_note(pager, &note);
            self.worker.send(&request)?;
        }
        // whether the process said it read the input (`Taken`); one that ends before
        // it does died between two inputs, its pipe still open, and never saw it
        let mut taken = false;
        let mut resent = false;
        loop {
            // looked at on every message, not only when none comes: a query that
            // prints without pause sends one after another
            if self.interrupted.swap(false, Ordering::SeqCst) {
                let note = self.restart()?;
                return Ok(Reply::Error(format!(
                    "\ninterrupted: the query was stopped; the session is as it was before it{note}"
                )));
            }
            match self.worker.process.recv(Some(POLL)) {
                Ok(FromWorker::Taken) => taken = true,
                Err(Failure::Ended(_)) if !taken && !resent => {
                    resent = true;
                    let note = self.restart()?;
                    show_note(pager, &note);
                    self.worker.send(&request)?;
                }
                Ok(FromWorker::Output(text)) => pager.output(&text),
                Ok(FromWorker::Read(prompt)) => {
                    let text = pager.read_term(&prompt);
                    self.worker.send(&ToWorker::Input(text))?;
                }
                Ok(FromWorker::Answer { text, last }) => {
                    let step = pager.answer(&text, last);
                    if !last {
                        self.worker.send(&ToWorker::Step(step_char(step)))?;
                    }
                }
                Ok(FromWorker::Done {
                    reply,
                    snapshot,
                    broken,
                }) => {
                    self.snapshot = snapshot.under_frontend(&self.snapshot);
                    if broken {
                        // its Prolog machine is unusable: the next input goes to a fresh one
                        let note = self.restart()?;
                        show_note(pager, &note);
                    }
                    return Ok(reply);
                }
                Ok(_) => continue,
                Err(Failure::Timeout) => {}
                Err(f) => {
                    // the reason it gave (a limit's message) on a line of its own
                    let (said, how) = match f {
                        Failure::Ended(e) => (e.said.map(|s| format!("error: {s}\n")), e.status),
                        other => (None, failure_text(other)),
                    };
                    let note = self.restart()?;
                    return Ok(Reply::Error(format!(
                        "{}error: the Prolog engine stopped ({how}); the session is as it was before this input{note}",
                        said.unwrap_or_default()
                    )));
                }
            }
        }
    }

    /// Kills the engine process and starts another from the last snapshot.
    fn restart(&mut self) -> Result<String> {
        self.starting = false;
        self.worker.kill();
        let (worker, _, note) = Worker::spawn(&self.snapshot)?;
        self.worker = worker;
        Ok(if note.is_empty() {
            String::new()
        } else {
            format!("\n{note}")
        })
    }

    /// Moves the session to this line of the game (a front end whose board moved:
    /// `serve`'s REPL pane), keeping the user's definitions; the engine process
    /// restarts only if the line changed.  Gives what could not be carried over.
    pub fn follow_line(&mut self, start: Option<String>, moves: Vec<String>) -> Result<String> {
        if self.snapshot.set_line(start, moves) {
            self.restart()
        } else {
            Ok(String::new())
        }
    }

    /// The session's line of the game as its last input left it (`:play`, `:undo`
    /// and `:position` move it).
    pub fn line(&self) -> (Option<String>, Vec<String>) {
        self.snapshot.line()
    }

    /// `--watch`: has the engine reload the rules if a rule file changed; gives what
    /// the reload said.
    pub fn watch_tick(&mut self) -> Result<Option<String>> {
        self.settle()?;
        self.worker.send(&ToWorker::WatchTick)?;
        loop {
            match self.worker.process.recv(None) {
                Ok(FromWorker::Watched { note, snapshot }) => {
                    self.snapshot = snapshot.under_frontend(&self.snapshot);
                    return Ok(note);
                }
                Ok(_) => continue,
                _ => bail!("the Prolog engine process stopped"),
            }
        }
    }

    /// Completion candidates from the engine (none if it does not answer soon).
    pub fn complete(&mut self, line: &str, pos: usize) -> (usize, Vec<String>) {
        if let Some(files) = super::complete::load_completion(line, pos) {
            return files;
        }
        if self.settle().is_err()
            || self
                .worker
                .send(&ToWorker::Complete(line.to_string(), pos))
                .is_err()
        {
            return (pos, Vec::new());
        }
        loop {
            match self.worker.process.recv(Some(Duration::from_secs(2))) {
                Ok(FromWorker::Completions(start, c)) => return (start, c),
                Ok(_) => continue,
                _ => return (pos, Vec::new()),
            }
        }
    }
}

impl Drop for Remote {
    fn drop(&mut self) {
        self.worker.kill();
    }
}
