//! The frontend's side of the engine process: starting it on a snapshot, sending
//! inputs and steps, relaying output and answers to a `Pager`, and — on Ctrl-C or
//! when the process dies — killing it and starting a new one from the session's
//! last snapshot (position, moves, definitions and settings as they were before
//! the input that was stopped).

use super::session::{Pager, Reply, Snapshot};
use super::wire::{send, step_char, FromWorker, ToWorker};
use anyhow::{bail, Context, Result};
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// A running engine process.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    /// Its messages; `None` once its output has ended.
    rx: Receiver<Option<FromWorker>>,
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
        let exe = std::env::current_exe().context("cannot find the ludolog program")?;
        let mut child = Command::new(exe)
            .arg("repl-worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            // its own process group: Ctrl-C on the terminal reaches the frontend only
            .process_group(0)
            .spawn()
            .context("cannot start the Prolog engine process")?;
        let stdin = child.stdin.take().context("no pipe to the engine")?;
        let stdout = child.stdout.take().context("no pipe from the engine")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // scryer prints a few warnings straight to standard output: show them
                let message = serde_json::from_str::<FromWorker>(&line)
                    .unwrap_or_else(|_| FromWorker::Output(format!("{line}\n")));
                if tx.send(Some(message)).is_err() {
                    return;
                }
            }
            let _ = tx.send(None);
        });
        let mut worker = Worker { child, stdin, rx };
        worker.send(&ToWorker::Start(snapshot.clone()))?;
        Ok(worker)
    }

    /// Waits until the process has opened its session: its banner and note.
    fn ready(&mut self) -> Result<(String, String)> {
        match self.rx.recv() {
            Ok(Some(FromWorker::Ready { banner, note })) => Ok((banner, note)),
            Ok(Some(FromWorker::Failed(e))) => {
                self.kill();
                bail!("{e}")
            }
            _ => {
                self.kill();
                bail!("the Prolog engine process stopped before it was ready")
            }
        }
    }

    fn send(&mut self, message: &ToWorker) -> Result<()> {
        send(&mut self.stdin, message).context("the Prolog engine process is gone")
    }

    /// Kills the process and waits for it: nothing of it runs afterwards.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// How the process ended, if it has.
    fn exit_text(&mut self) -> String {
        match self.child.wait() {
            Ok(status) if status.code() == Some(crate::foreign::memory::EXIT_MEMORY) => {
                "it reached the memory limit".to_string()
            }
            Ok(status) if status.code() == Some(crate::prolog::limits::EXIT_TIME) => {
                "it ran past the time limit".to_string()
            }
            Ok(status) => status.to_string(),
            Err(e) => e.to_string(),
        }
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
        loop {
            // looked at on every message, not only when none comes: a query that
            // prints without pause sends one after another
            if self.interrupted.swap(false, Ordering::SeqCst) {
                let note = self.restart()?;
                return Ok(Reply::Error(format!(
                    "\ninterrupted: the query was stopped; the session is as it was before it{note}"
                )));
            }
            match self.worker.rx.recv_timeout(POLL) {
                Ok(Some(FromWorker::Output(text))) => pager.output(&text),
                Ok(Some(FromWorker::Answer { text, last })) => {
                    let step = pager.answer(&text, last);
                    if !last {
                        self.worker.send(&ToWorker::Step(step_char(step)))?;
                    }
                }
                Ok(Some(FromWorker::Done {
                    reply,
                    snapshot,
                    broken,
                })) => {
                    self.snapshot = snapshot.under_frontend(&self.snapshot);
                    if broken {
                        // its Prolog machine is unusable: the next input goes to a fresh one
                        let note = self.restart()?;
                        show_note(pager, &note);
                    }
                    return Ok(reply);
                }
                Ok(Some(_)) => continue,
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    let how = self.worker.exit_text();
                    let note = self.restart()?;
                    return Ok(Reply::Error(format!(
                        "error: the Prolog engine stopped ({how}); the session is as it was before this input{note}"
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {}
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

    /// `--watch`: has the engine reload the rules if a rule file changed; gives what
    /// the reload said.
    pub fn watch_tick(&mut self) -> Result<Option<String>> {
        self.settle()?;
        self.worker.send(&ToWorker::WatchTick)?;
        loop {
            match self.worker.rx.recv() {
                Ok(Some(FromWorker::Watched { note, snapshot })) => {
                    self.snapshot = snapshot.under_frontend(&self.snapshot);
                    return Ok(note);
                }
                Ok(Some(_)) => continue,
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
            match self.worker.rx.recv_timeout(Duration::from_secs(2)) {
                Ok(Some(FromWorker::Completions(start, c))) => return (start, c),
                Ok(Some(_)) => continue,
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
