//! The REPL frontend: rustyline editing, history and completion on a terminal,
//! plain line reading when piped; the session runs on a worker thread so that
//! Ctrl-C can abandon a running query and return to the prompt at once.

use super::session::{Reply, Session, Snapshot};
use crate::registry::EngineSpec;
use anyhow::{Context, Result};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Editor, Helper};
use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

enum Request {
    Eval(String),
    Next,
    Stop,
    Complete(String, usize),
    /// `--watch`: reload if a rule file changed; the answer goes to the sender.
    WatchTick(Sender<Option<String>>),
}

enum Response {
    Reply(Reply, Snapshot),
    Completions(usize, Vec<String>),
}

/// A session on its own thread.
struct Worker {
    tx: Sender<Request>,
    rx: Receiver<Response>,
}

impl Worker {
    fn spawn(snapshot: Snapshot, watch: bool) -> Result<(Worker, String)> {
        let (tx, worker_rx) = channel::<Request>();
        let (worker_tx, rx) = channel::<Response>();
        let (ready_tx, ready_rx) = channel::<Result<String, String>>();
        // a deep answer or a deep query needs a deep stack; untouched pages cost nothing
        let thread = std::thread::Builder::new()
            .name("ludolog-session".into())
            .stack_size(512 << 20);
        let spawned = thread.spawn(move || {
            let mut session = match Session::restore(snapshot) {
                Ok(s) => {
                    let _ = ready_tx.send(Ok(s.describe()));
                    s
                }
                Err(e) => {
                    let _ = ready_tx.send(Err(format!("{e:#}")));
                    return;
                }
            };
            let mut watch = watch.then(super::watch::Watch::new);
            for req in worker_rx {
                let resp = match req {
                    Request::WatchTick(reply) => {
                        let _ = reply.send(watch.as_mut().and_then(|w| w.tick(&mut session)));
                        continue;
                    }
                    Request::Eval(text) => Response::Reply(session.eval(&text), session.snapshot()),
                    Request::Next => {
                        let r = session.next_answer().unwrap_or(Reply::Text(String::new()));
                        Response::Reply(r, session.snapshot())
                    }
                    Request::Stop => {
                        session.stop_answers();
                        Response::Reply(Reply::Text(String::new()), session.snapshot())
                    }
                    Request::Complete(line, pos) => {
                        let (start, c) = session.complete(&line, pos);
                        Response::Completions(start, c)
                    }
                };
                if worker_tx.send(resp).is_err() {
                    break;
                }
            }
        });
        spawned.context("cannot start the session thread")?;
        let banner = ready_rx
            .recv()
            .context("the session thread stopped")?
            .map_err(anyhow::Error::msg)?;
        Ok((Worker { tx, rx }, banner))
    }
}

/// The frontend's side of the session: the worker and the last good snapshot.
struct Remote {
    worker: Worker,
    snapshot: Snapshot,
    interrupted: Arc<AtomicBool>,
    /// `--watch`: whether the session thread watches the rule files.
    watch: bool,
}

impl Remote {
    /// `--watch`: a reload, if a rule file changed, before each prompt and each input
    /// (not from another thread: rustyline's external printer delays typed keys).
    fn watch_now(&mut self, out: &mut dyn Write) -> Result<()> {
        if !self.watch {
            return Ok(());
        }
        let (tx, rx) = channel();
        self.worker
            .tx
            .send(Request::WatchTick(tx))
            .context("the session thread stopped")?;
        if let Ok(Some(text)) = rx.recv() {
            writeln!(out, "{text}")?;
        }
        Ok(())
    }
}

impl Remote {
    /// Sends a request and waits for its reply; on Ctrl-C, abandons the worker and
    /// restarts one from the last snapshot.
    fn ask(&mut self, req: Request) -> Result<Reply> {
        self.interrupted.store(false, Ordering::SeqCst);
        self.worker
            .tx
            .send(req)
            .context("the session thread stopped")?;
        loop {
            match self.worker.rx.recv_timeout(Duration::from_millis(50)) {
                Ok(Response::Reply(r, snap)) => {
                    self.snapshot = snap;
                    return Ok(r);
                }
                Ok(Response::Completions(..)) => continue,
                Err(RecvTimeoutError::Timeout) => {
                    if self.interrupted.swap(false, Ordering::SeqCst) {
                        let (worker, _) = Worker::spawn(self.snapshot.clone(), self.watch)?;
                        self.worker = worker;
                        return Ok(Reply::Text(
                            "interrupted: the query was abandoned; the session is as it was".into(),
                        ));
                    }
                }
                Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the session thread stopped"),
            }
        }
    }

    fn complete(&mut self, line: &str, pos: usize) -> (usize, Vec<String>) {
        if self
            .worker
            .tx
            .send(Request::Complete(line.to_string(), pos))
            .is_err()
        {
            return (pos, vec![]);
        }
        match self.worker.rx.recv_timeout(Duration::from_secs(2)) {
            Ok(Response::Completions(start, c)) => (start, c),
            _ => (pos, vec![]),
        }
    }
}

struct ReplHelper {
    remote: Rc<RefCell<Remote>>,
}

impl Completer for ReplHelper {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, c) = self.remote.borrow_mut().complete(line, pos);
        Ok((
            start,
            c.into_iter()
                .map(|s| Pair {
                    display: s.clone(),
                    replacement: s,
                })
                .collect(),
        ))
    }
}
impl Hinter for ReplHelper {
    type Hint = String;
}
impl Highlighter for ReplHelper {}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}

fn history_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("ludolog").join("history"))
}

/// Whether an input is complete: a command, or a query whose last character is `.`.
fn complete_input(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.starts_with(':') || t.ends_with('.')
}

/// Reads one key on the terminal: true for `;` or space (next answer).
fn wants_more() -> bool {
    use crossterm::event::{read, Event, KeyCode, KeyEvent};
    if crossterm::terminal::enable_raw_mode().is_err() {
        return false;
    }
    let more = loop {
        match read() {
            Ok(Event::Key(KeyEvent { code, .. })) => {
                break matches!(
                    code,
                    KeyCode::Char(';') | KeyCode::Char(' ') | KeyCode::Char('n')
                );
            }
            Ok(_) => continue,
            Err(_) => break false,
        }
    };
    let _ = crossterm::terminal::disable_raw_mode();
    more
}

fn print_reply(
    remote: &mut Remote,
    reply: Reply,
    interactive: bool,
    out: &mut dyn Write,
) -> Result<bool> {
    let mut reply = reply;
    loop {
        match reply {
            Reply::Quit => return Ok(false),
            Reply::Text(t) => {
                if !t.is_empty() {
                    writeln!(out, "{t}")?;
                }
                return Ok(true);
            }
            Reply::Answer { output, text, more } => {
                if !output.is_empty() {
                    write!(out, "{output}")?;
                    if !output.ends_with('\n') {
                        writeln!(out)?;
                    }
                }
                if !more {
                    writeln!(out, "{text}.")?;
                    return Ok(true);
                }
                if interactive {
                    write!(out, "{text} ")?;
                    out.flush()?;
                    if wants_more() {
                        writeln!(out, ";")?;
                        reply = remote.ask(Request::Next)?;
                    } else {
                        writeln!(out, ".")?;
                        remote.ask(Request::Stop)?;
                        return Ok(true);
                    }
                } else {
                    writeln!(out, "{text} ;")?;
                    reply = remote.ask(Request::Next)?;
                }
            }
        }
    }
}

/// Runs the REPL on `spec` until `:quit` or end of input.
pub fn run(spec: EngineSpec) -> Result<()> {
    run_watching(spec, false)
}

/// Runs the REPL on `spec`; with `watch`, changed rule files are reloaded as they
/// change (`ludolog repl --watch`).
pub fn run_watching(spec: EngineSpec, watch: bool) -> Result<()> {
    let interrupted = Arc::new(AtomicBool::new(false));
    {
        let flag = interrupted.clone();
        // Ctrl-C while a query runs: flag it (at the prompt, rustyline reads Ctrl-C as a key)
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let watching = watch.then(|| super::watch::Watch::describe(&spec));
    let snapshot = Snapshot::start(spec);
    let (worker, banner) = Worker::spawn(snapshot.clone(), watch)?;
    let remote = Rc::new(RefCell::new(Remote {
        worker,
        snapshot,
        interrupted,
        watch,
    }));
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let mut out = std::io::stdout();
    if !interactive {
        if let Some(w) = &watching {
            writeln!(out, "{w}")?;
        }
        return run_piped(&remote, &mut out);
    }
    writeln!(
        out,
        "ludolog — {banner}. Queries end with `.`; :help for commands, Ctrl-D to leave."
    )?;
    let mut editor: Editor<ReplHelper, rustyline::history::DefaultHistory> = Editor::new()?;
    if let Some(w) = &watching {
        writeln!(out, "{w} (before each input; Enter alone reloads)")?;
    }
    editor.set_helper(Some(ReplHelper {
        remote: remote.clone(),
    }));
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    let mut buffer = String::new();
    loop {
        let prompt = if buffer.is_empty() { "?- " } else { "|    " };
        if buffer.is_empty() {
            remote.borrow_mut().watch_now(&mut out)?;
        }
        match editor.readline(prompt) {
            Ok(line) => {
                if buffer.is_empty() {
                    remote.borrow_mut().watch_now(&mut out)?;
                }
                buffer.push_str(&line);
                buffer.push('\n');
                if !complete_input(&buffer) {
                    continue;
                }
                let input = std::mem::take(&mut buffer);
                let _ = editor.add_history_entry(input.trim());
                let reply = remote.borrow_mut().ask(Request::Eval(input))?;
                if !print_reply(&mut remote.borrow_mut(), reply, true, &mut out)? {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => {
                buffer.clear();
                writeln!(out, "^C")?;
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.into()),
        }
    }
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(h);
    }
    Ok(())
}

/// Piped input: every input is read from standard input and every answer printed.
fn run_piped(remote: &Rc<RefCell<Remote>>, out: &mut dyn Write) -> Result<()> {
    let stdin = std::io::stdin();
    let mut buffer = String::new();
    for line in stdin.lock().lines() {
        let line = line?;
        buffer.push_str(&line);
        buffer.push('\n');
        if !complete_input(&buffer) {
            continue;
        }
        let input = std::mem::take(&mut buffer);
        if input.trim().is_empty() {
            continue;
        }
        remote.borrow_mut().watch_now(out)?;
        writeln!(out, "?- {}", input.trim())?;
        let reply = remote.borrow_mut().ask(Request::Eval(input))?;
        if !print_reply(&mut remote.borrow_mut(), reply, false, out)? {
            return Ok(());
        }
    }
    if !buffer.trim().is_empty() {
        writeln!(out, "?- {}", buffer.trim())?;
        writeln!(
            out,
            "error: the input ended inside a query (a query ends with `.`)"
        )?;
    }
    Ok(())
}
