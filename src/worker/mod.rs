//! Worker processes: where rule text that is not built into ludolog runs, behind
//! the second wall (the first is the Prolog-level check, `rules/lib/sandbox.pl`).
//!
//! A worker is `ludolog worker`, started by its parent with an empty environment,
//! its three pipes and nothing else. Its first message from the parent says
//! everything about it — the job, the files it may read, its limits — and before
//! it reads a rule it confines its whole process (`confine::process`): no writes,
//! no new process, no socket, no other process, kernel limits on its memory. The
//! parent believes nothing it says about itself: a worker's messages are data, a
//! line that is not the protocol ends it, and a request that runs past its time is
//! ended by the parent's watchdog. A worker's death is one request's error.
//!
//! Which engines run in one: every engine of rules read from disk (a rule file
//! given by path, `--rules`), unless `--trust` lifts the walls; and whatever a
//! front end asks to isolate (`serve` runs every game in one). The REPL's engine
//! process (`repl`) is a worker too, started the same way.

mod client;
mod handles;
pub mod process;
mod server;
mod view_check;
pub mod wire;

pub use crate::prolog::placement::{
    allow_rules_here, in_worker, prolog_check_off, rules_may_load_here,
};
pub use client::{Stopper, WorkerEngine};
pub use process::{Killer, Process};
pub use server::run_worker;

use crate::authoring::{FileReport, Finding, LintEvent, Playouts};
use crate::confine::process::{readable, WorkerConfinement};
use crate::game::{GameOptions, Tier};
use crate::registry::EngineSpec;
use std::io::Write;
use std::path::Path;

use std::time::Duration;
use wire::{FromWorker, Job, Start, ToWorker};

/// In a test build, the environment variable that has a parent start its workers
/// with the Prolog-level check off (the operating system's wall stays).
pub const TEST_PROLOG_CHECK_OFF: &str = "LUDOLOG_TEST_PROLOG_SANDBOX_OFF";

/// Makes this process a worker: closes what it inherited and confines it, for good
/// (unless `--trust` lifted the walls: then it only runs apart).
fn enter(start: &Start) -> Result<(), crate::confine::ConfineError> {
    crate::confine::process::close_inherited_descriptors()?;
    if start.confine {
        crate::confine::process::confine_process(&start.confinement)?;
    }
    enter_confined(start.prolog_check_off);
    Ok(())
}

/// Marks this process as a confined worker (the REPL's engine process, which
/// confined itself as its frontend said).
pub fn enter_confined(prolog_check_off: bool) {
    crate::prolog::placement::mark_worker(prolog_check_off);
}

/// Has the kernel kill this process when the thread that started it ends (a parent
/// that dies, however it dies); an error if the parent is gone already.
pub fn die_with_parent() -> Result<(), std::io::Error> {
    nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL)
        .map_err(std::io::Error::from)?;
    // a parent gone before the call above left this process to init
    if std::os::unix::process::parent_id() == 1 {
        return Err(std::io::Error::other("the parent is gone"));
    }
    Ok(())
}

/// Installs the limits the start message gives.
fn set_limits(start: &Start) {
    crate::foreign::memory::set_memory_limit(
        usize::try_from(start.confinement.memory_bytes).unwrap_or(usize::MAX),
    );
    let limit = (start.time_limit_ms > 0).then(|| Duration::from_millis(start.time_limit_ms));
    crate::prolog::limits::set_time_limit(limit, start.time_explicit);
}

/// The start message of a worker for `job` on `spec`'s rules, with this process's
/// limits: it may read the rule files the spec names, and nothing else: `--rules`
/// (a file, or a directory the user named), and the game when it is a rule file
/// (never a directory that happens to have a built-in game's name).
fn start_for(job: Job, spec: &EngineSpec) -> Start {
    let mut read = Vec::new();
    if let Some(rules) = &spec.rules {
        read.extend(readable(rules));
    }
    let game = Path::new(&spec.game);
    // a text a user gave is no file: the worker reads none for it
    if spec.text.is_none() && game.is_file() {
        read.extend(readable(game));
    }
    let mut start = start_reading(job, read);
    start.confine = !spec.trust;
    start
}

/// The start message of a worker for `job` that may read `read`.
fn start_reading(job: Job, mut read: Vec<std::path::PathBuf>) -> Start {
    read.sort();
    read.dedup();
    let (time_limit_ms, time_explicit) = crate::prolog::limits::time_limit_setting();
    Start {
        job,
        confinement: WorkerConfinement {
            read,
            memory_bytes: crate::foreign::memory::memory_limit() as u64,
            cpu_seconds: None,
        },
        confine: true,
        time_limit_ms,
        time_explicit,
        prolog_check_off: cfg!(debug_assertions)
            && std::env::var_os(TEST_PROLOG_CHECK_OFF).is_some(),
    }
}

/// How long the parent waits for a request's answer before it kills the worker:
/// the time limit, and then some, as the worker's own watchdog ends a request at
/// the limit and says which rule ran over (`None`: no limit).
fn deadline(start: &Start, work: bool) -> Option<Duration> {
    if start.time_limit_ms == 0 || (work && !start.time_explicit) {
        return None;
    }
    let limit = Duration::from_millis(start.time_limit_ms);
    Some(limit + (limit / 2).max(Duration::from_secs(2)))
}

/// Writes one message as a line and flushes it.
fn send_line<T: serde::Serialize>(out: &mut dyn Write, message: &T) -> std::io::Result<()> {
    // one write: the line and its end together wake the reader once
    let mut line = serde_json::to_vec(message).map_err(std::io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line)?;
    out.flush()
}

/// Lints one rule file in a worker of its own (see `authoring::lint_file`).
pub fn lint_file(
    path: &Path,
    options: &GameOptions,
    plan: Playouts,
    limit: Option<u64>,
    tier: Tier,
) -> FileReport {
    lint_file_telling(path, options, plan, limit, tier, &mut |_| {})
}

/// `lint_file`, telling `tell` each finding as soon as the worker finds it. A worker
/// that ends before its report (a check of the random games that ran past the time
/// or memory limit) loses nothing told so far: its end is one more finding, at the
/// moves the games had reached.
pub fn lint_file_telling(
    path: &Path,
    options: &GameOptions,
    plan: Playouts,
    limit: Option<u64>,
    tier: Tier,
    tell: &mut dyn FnMut(&Finding),
) -> FileReport {
    let job = Job::Lint {
        path: path.to_path_buf(),
        text: None,
        options: options.clone(),
        plan,
        limit,
        tier,
    };
    let start = start_reading(job, readable(path));
    lint_in_worker(start, path.display().to_string(), None, tell)
}

/// Lints a rule file's text a user gave (the web board's rules playground), named
/// in its findings as `registry::given_name` says, in a worker that reads no file; a worker that
/// has not reported `within` that long is ended, and its end is a finding.
pub fn lint_text(
    text: String,
    options: &GameOptions,
    plan: Playouts,
    tier: Tier,
    within: Duration,
) -> FileReport {
    let shown = crate::registry::given_name(&text);
    let job = Job::Lint {
        path: shown.clone().into(),
        text: Some(text),
        options: options.clone(),
        plan,
        limit: None,
        tier,
    };
    let start = start_reading(job, Vec::new());
    lint_in_worker(start, shown, Some(within), &mut |_| {})
}

/// Runs a lint worker started with `start` to its report (`shown`: the file's
/// name in findings), waiting at most `within` for it when that is given.
fn lint_in_worker(
    start: Start,
    shown: String,
    within: Option<Duration>,
    tell: &mut dyn FnMut(&Finding),
) -> FileReport {
    let ends = within.map(|w| std::time::Instant::now() + w);
    let mut report = FileReport {
        file: shown.clone(),
        game: None,
        findings: Vec::new(),
        games: 0,
        positions: 0,
        skipped: None,
        stopped: None,
    };
    // the report so far, and one more finding: how the worker failed (and where
    // the random games were, if they had started)
    let failed = |mut report: FileReport,
                  message: String,
                  at: Option<(usize, Vec<String>)>,
                  tell: &mut dyn FnMut(&Finding)| {
        let mut f = Finding::at(&shown, 0, "", "engine", message);
        if let Some((game, moves)) = at {
            report.games = game + 1;
            f.check = "limit".into();
            f.message = format!("a check of the random games stopped: {}", f.message);
            f.moves = Some(moves);
        }
        tell(&f);
        report.findings.push(f);
        report
    };
    let mut process =
        match Process::<FromWorker>::launch("worker", &ToWorker::Start(Box::new(start))) {
            Ok(p) => p,
            Err(e) => {
                return failed(
                    report,
                    format!("cannot start a worker process: {e}"),
                    None,
                    tell,
                )
            }
        };
    // where the random games were, for a worker that ends at a limit on the way
    let mut at: Option<(usize, Vec<String>)> = None;
    // a lint is work the user sized (--games, --budget): bounded by its own
    // requests' limits
    loop {
        let left = ends.map(|e| e.saturating_duration_since(std::time::Instant::now()));
        match process.recv(left) {
            Ok(FromWorker::LintEvent(e)) => match *e {
                LintEvent::Found(f) => {
                    tell(&f);
                    report.findings.push(f);
                }
                LintEvent::At { game, moves } => {
                    report.positions += 1;
                    at = Some((game, moves));
                }
            },
            Ok(FromWorker::Lint(whole)) => return *whole,
            Ok(_) => {
                let what = "the worker broke the protocol (a message out of turn)";
                return failed(report, what.into(), None, tell);
            }
            Err(process::Failure::Ended(how)) => {
                return failed(report, format!("the worker stopped: {how}"), at, tell)
            }
            Err(process::Failure::Garbage(what)) => {
                let what = format!("the worker broke the protocol (it sent `{what}`)");
                return failed(report, what, None, tell);
            }
            Err(process::Failure::Timeout) => {
                let what = match within {
                    Some(w) => format!(
                        "the lint ran past its {} s and was stopped (a rule that runs away?)",
                        w.as_secs_f64()
                    ),
                    None => "the worker did not answer".into(),
                };
                return failed(report, what, at, tell);
            }
        }
    }
}

/// `why` for a front end that keeps its own engines (`serve`, `ludolog why`): in a
/// worker of its own for rules from disk, else here (see `authoring::WhyTool`).
#[derive(Default)]
pub struct Why {
    here: crate::authoring::WhyTool,
    worker: Option<WorkerEngine>,
}

impl Why {
    /// Why `mv` is refused in the position `position` (a text), or what it does.
    pub fn answer(&mut self, spec: &EngineSpec, position: &str, mv: &str) -> String {
        if !spec.needs_worker() {
            return self.here.answer(spec, position, mv);
        }
        let worker = match &mut self.worker {
            Some(w) => w,
            None => match WorkerEngine::open(&spec.in_tier(Tier::Spec)) {
                Ok(w) => self.worker.insert(w),
                Err(e) => return format!("error: {e}"),
            },
        };
        match worker.why(position, mv) {
            Ok(text) => text,
            Err(e) => format!("error: {e}"),
        }
    }
}

/// The engine `why` reads positions with and asks: the rule file in the spec tier
/// (or the accelerated one, if the spec names it), in a worker for rules from disk.
pub fn why_engine(spec: &EngineSpec) -> Result<WorkerEngine, crate::registry::OpenError> {
    let tier = match spec.tier {
        Some(Tier::Accelerated) => Tier::Accelerated,
        _ => Tier::Spec,
    };
    WorkerEngine::open_explainer(&spec.in_tier(tier))
}
