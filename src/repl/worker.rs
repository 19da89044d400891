//! The REPL's engine process (`ludolog repl-worker`): a session driven by the
//! frontend over standard input and output (see `wire`).  It runs in a process of
//! its own so that Ctrl-C can stop a query for certain: the frontend kills the
//! process (its CPU and memory go with it) and starts another from the session's
//! last snapshot.

use super::session::{Pager, Reply, Session, Snapshot};
use super::watch::Watch;
use super::wire::{char_step, send, FromWorker, ToWorker};
use crate::prolog::limits::{self, Deadline};
use crate::prolog::ReplStep;
use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, Lines, StdinLock};
use std::rc::Rc;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Writes a message to the frontend; a frontend that is gone ends the process.
fn tell(message: &FromWorker) {
    let sent = CHANNEL
        .get()
        .and_then(|channel| channel.lock().ok())
        .is_some_and(|mut channel| send(&mut *channel, message).is_ok());
    if !sent {
        crate::foreign::exit::exit_now(0);
    }
}

/// The protocol's channel to the frontend: standard output as it was at start, which
/// nothing else writes to (see `foreign::channel`).
static CHANNEL: OnceLock<Mutex<File>> = OnceLock::new();

/// Reads the next request; `None` at the end of input or on a line that is not one.
fn next_request(lines: &mut Lines<StdinLock<'static>>) -> Option<ToWorker> {
    let line = lines.next()?.ok()?;
    serde_json::from_str(&line).ok()
}

/// The requests from the frontend, read by the session's loop, by the pager between
/// answers and by a query's `read/1` (all on the session's thread, one at a time).
type Requests = Rc<RefCell<Lines<StdinLock<'static>>>>;

/// Shows answers by sending them to the frontend, and waits for its step.  The
/// time limit counts the engine's work on an answer, not the wait for the user.
struct WirePager {
    lines: Requests,
    deadline: Option<Deadline>,
    untimed: bool,
}

/// The deadline of the engine's work on one input (or the next answer); none when
/// `untimed` (an interactive prompt: Ctrl-C stops a query).
fn arm(untimed: bool) -> Option<Deadline> {
    if untimed {
        return None;
    }
    limits::arm("the query", false)
}

impl Pager for WirePager {
    fn output(&mut self, text: &str) {
        tell(&FromWorker::Output(text.to_string()));
    }

    fn answer(&mut self, text: &str, last: bool) -> ReplStep {
        tell(&FromWorker::Answer {
            text: text.to_string(),
            last,
        });
        if last {
            return ReplStep::Stop;
        }
        self.deadline = None;
        let step = match next_request(&mut self.lines.borrow_mut()) {
            Some(ToWorker::Step(c)) => char_step(c),
            _ => ReplStep::Stop,
        };
        self.deadline = arm(self.untimed);
        step
    }
}

/// Ends this process when the frontend that started it is gone (its parent
/// changes), so an engine left busy in a query never outlives its REPL.
fn watch_parent() {
    let parent = std::os::unix::process::parent_id();
    let _ = std::thread::Builder::new()
        .name("ludolog-session-parent".into())
        .stack_size(64 << 10)
        .spawn(move || loop {
            std::thread::sleep(Duration::from_millis(200));
            if std::os::unix::process::parent_id() != parent {
                crate::foreign::exit::exit_now(0);
            }
        });
}

/// The engine process's whole life (`ludolog repl-worker`): reads its start message,
/// confines itself as the frontend says, then serves the session until the frontend
/// closes the connection or the session quits; gives the exit code.
pub fn run_worker() -> i32 {
    // the first line through a lock of its own: what else stdin has read ahead stays
    // in its buffer for the session's thread
    let first = next_request(&mut std::io::stdin().lock().lines());
    let Some(ToWorker::Start(start)) = first else {
        eprintln!("error: the REPL's engine process starts with its start message");
        return 2;
    };
    let start = *start;
    // it ends with its frontend, however the frontend ends (a signal, a crash)
    if crate::worker::die_with_parent().is_err() {
        return 2;
    }
    if let Err(e) = crate::confine::process::close_inherited_descriptors() {
        eprintln!("error: cannot confine the engine: {e}");
        return 2;
    }
    // confined before it reads or runs any rule file, on its only thread
    if let Some(c) = &start.confinement {
        if let Err(e) = crate::confine::process::confine_process(c) {
            eprintln!("error: cannot confine the engine: {e}");
            return 2;
        }
        crate::worker::enter_confined(start.prolog_check_off);
    }
    match crate::foreign::channel::take_stdout() {
        Ok(channel) => {
            let _ = CHANNEL.set(Mutex::new(channel));
        }
        Err(e) => {
            eprintln!("error: cannot take standard output for the protocol: {e}");
            return 2;
        }
    }
    crate::foreign::memory::set_memory_limit(
        usize::try_from(start.memory_bytes).unwrap_or(usize::MAX),
    );
    let limit = (start.time_limit_ms > 0).then(|| Duration::from_millis(start.time_limit_ms));
    limits::set_time_limit(limit, start.time_explicit);
    std::env::set_var("RUST_MIN_STACK", (256usize << 20).to_string());
    watch_parent();
    let mut snapshot = start.snapshot;
    if cfg!(debug_assertions) && start.prolog_check_off {
        snapshot.without_prolog_sandbox();
    }
    // a deep answer or a deep query needs a deep stack; untouched pages cost nothing
    let thread = std::thread::Builder::new()
        .name("ludolog-session".into())
        .stack_size(512 << 20)
        .spawn(move || run(snapshot, std::io::stdin().lock().lines()));
    match thread.map(|t| t.join()) {
        Ok(Ok(())) => 0,
        _ => 3,
    }
}

/// Reads what the user types for a query's `read/1`: asks the frontend with the
/// prompt and waits for its `Input` (a step sent late, with no answer waiting for
/// it, is passed over).  The query's time limit does not count the wait.
fn read_from_frontend(lines: &Requests, prompt: &str) -> Option<String> {
    let _paused = limits::pause();
    tell(&FromWorker::Read(prompt.to_string()));
    loop {
        match next_request(&mut lines.borrow_mut())? {
            ToWorker::Input(text) => return text,
            _ => continue,
        }
    }
}

fn run(snapshot: Snapshot, lines: Lines<StdinLock<'static>>) {
    let lines: Requests = Rc::new(RefCell::new(lines));
    let mut session = match Session::restore(snapshot) {
        Ok((session, note)) => {
            tell(&FromWorker::Ready {
                banner: session.describe(),
                note,
            });
            session
        }
        Err(e) => return tell(&FromWorker::Failed(format!("{e:#}"))),
    };
    session.set_output_sink(Box::new(|text| tell(&FromWorker::Output(text.to_string()))));
    let reader = lines.clone();
    crate::foreign::set_input_reader(Some(Box::new(move |prompt| {
        read_from_frontend(&reader, prompt)
    })));
    // `--watch`: the files as they are at the first tick
    let mut watch: Option<Watch> = None;
    loop {
        let Some(request) = next_request(&mut lines.borrow_mut()) else {
            break;
        };
        if matches!(request, ToWorker::Eval(_) | ToWorker::Consult(_)) {
            tell(&FromWorker::Taken);
        }
        let untimed = session.untimed();
        let reply = match request {
            ToWorker::Eval(text) => session.eval(
                &text,
                &mut WirePager {
                    lines: lines.clone(),
                    deadline: arm(untimed),
                    untimed,
                },
            ),
            ToWorker::Consult(text) => {
                let _deadline = arm(untimed);
                session.consult(&text)
            }
            ToWorker::Complete(line, pos) => {
                let (start, candidates) = session.complete(&line, pos);
                tell(&FromWorker::Completions(start, candidates));
                continue;
            }
            ToWorker::WatchTick => {
                let note = watch.get_or_insert_with(Watch::new).tick(&mut session);
                tell(&FromWorker::Watched {
                    note,
                    snapshot: session.snapshot(),
                });
                continue;
            }
            // a step with no answer waiting for it
            ToWorker::Step(_) | ToWorker::Start(_) | ToWorker::Input(_) => continue,
        };
        let broken = session.is_broken();
        let reply = match reply {
            Reply::Error(e) if broken => Reply::Error(format!(
                "{e}\n% the next input runs in a fresh engine, with the session as it was"
            )),
            other => other,
        };
        let quit = broken || matches!(reply, Reply::Quit(_));
        tell(&FromWorker::Done {
            reply,
            snapshot: session.snapshot(),
            broken,
        });
        if quit {
            break;
        }
    }
}
