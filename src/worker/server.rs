//! The worker's side (`ludolog worker`): read the start message, confine the whole
//! process, then run the job — an engine answering calls, or one lint — until the
//! parent closes its input or goes away.

use super::wire::{Answer, Call, FromWorker, Job, ToWorker};
use crate::authoring::{explain_text, lint_file_telling, lint_spec_telling, WhyTool, Workbench};
use crate::game::{Engine, EngineError, Pos};
use crate::registry::EngineSpec;
use std::fs::File;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The protocol's channel to the parent (standard output as it was at start).
static CHANNEL: OnceLock<Mutex<File>> = OnceLock::new();

/// Set by the parent's SIGUSR1 (`Process::interrupt`), cleared before each call: a
/// solve stops at it.
static CANCEL: OnceLock<Arc<AtomicBool>> = OnceLock::new();

fn cancel_flag() -> Arc<AtomicBool> {
    CANCEL
        .get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone()
}

/// Writes one message to the parent; a parent that is gone ends the worker.
fn tell(message: &FromWorker) {
    let sent = CHANNEL
        .get()
        .and_then(|c| c.lock().ok())
        .is_some_and(|mut c| super::send_line(&mut *c, message).is_ok());
    if !sent {
        crate::foreign::exit::exit_now(0);
    }
}

/// Reads the next line of standard input as a message; `None` at its end or on a
/// line that is not one (the parent is gone, or is not ludolog).
fn next_message(input: &mut impl BufRead) -> Option<ToWorker> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => serde_json::from_str(&line).ok(),
    }
}

/// The worker's whole life; the process's exit code.
pub fn run_worker() -> i32 {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let Some(ToWorker::Start(start)) = next_message(&mut input) else {
        eprintln!("error: a worker starts with its start message");
        return 2;
    };
    // it ends with its parent, however the parent ends (a signal, a crash)
    if super::die_with_parent().is_err() {
        return 2;
    }
    if let Err(e) = super::enter(&start) {
        eprintln!("error: {e}");
        return 2;
    }
    match crate::foreign::channel::take_stdout() {
        Ok(c) => {
            let _ = CHANNEL.set(Mutex::new(c));
        }
        Err(e) => {
            eprintln!("error: cannot take standard output for the protocol: {e}");
            return 2;
        }
    }
    super::set_limits(&start);
    drop(input);
    // deep terms recurse on the Rust stack: every thread gets a deep one, whose
    // untouched pages cost nothing
    std::env::set_var("RUST_MIN_STACK", (256usize << 20).to_string());
    // the parent's cancel is a signal (SIGUSR1), which sets the flag a solve looks at
    // while the call runs; the calls are read by the thread that answers them, so
    // that a call wakes one thread, not a reader and then it
    if signal_hook::flag::register(signal_hook::consts::SIGUSR1, cancel_flag()).is_err() {
        return 2;
    }
    watch_parent();
    let job = start.job.clone();
    let worker = std::thread::Builder::new()
        .name("ludolog-worker".into())
        .stack_size(1 << 30)
        .spawn(move || match job {
            Job::Engine(spec) => serve_engine(&spec, &mut std::io::stdin().lock()),
            Job::Explainer(spec) => serve_explainer(&spec, &mut std::io::stdin().lock()),
            Job::Lint {
                path,
                text,
                options,
                plan,
                limit,
                tier,
            } => {
                let mut told = |e| tell(&FromWorker::LintEvent(Box::new(e)));
                let report = match text {
                    Some(text) => {
                        let spec = EngineSpec {
                            tier: Some(tier),
                            limit,
                            ..EngineSpec::given(text, options)
                        };
                        lint_spec_telling(&spec, plan, &mut told)
                    }
                    None => lint_file_telling(&path, &options, plan, limit, tier, &mut told),
                };
                tell(&FromWorker::Lint(Box::new(report)));
            }
        });
    match worker.map(|t| t.join()) {
        Ok(Ok(())) => 0,
        _ => 3,
    }
}

/// Ends the worker when its parent is gone (its parent changes), so that a worker
/// busy in a request never outlives the command that started it.
fn watch_parent() {
    let parent = std::os::unix::process::parent_id();
    let _ = std::thread::Builder::new()
        .name("ludolog-worker-parent".into())
        .stack_size(64 << 10)
        .spawn(move || loop {
            std::thread::sleep(Duration::from_millis(100));
            if std::os::unix::process::parent_id() != parent {
                crate::foreign::exit::exit_now(0);
            }
        });
}

/// The next call the parent sends; the worker ends when the parent closes its input
/// or breaks the protocol.
fn next_call(input: &mut impl BufRead) -> Call {
    match next_message(input) {
        Some(ToWorker::Call(call)) => call,
        Some(ToWorker::Start(_)) | None => crate::foreign::exit::exit_now(0),
    }
}

/// What a worker answers calls with: an engine and a tool that explains moves in a
/// machine of its own when first asked, or (`Job::Explainer`) one workbench whose
/// engine answers every call and explains.
enum Held {
    Engine(Box<dyn Engine>, WhyTool),
    Bench(Box<Workbench>),
}

impl Held {
    fn engine(&mut self) -> &mut dyn Engine {
        match self {
            Held::Engine(e, _) => &mut **e,
            Held::Bench(b) => &mut b.engine,
        }
    }

    fn why(&mut self, spec: &EngineSpec, position: &str, mv: &str) -> Result<String, EngineError> {
        match self {
            Held::Engine(_, w) => w.explain(spec, position, mv),
            Held::Bench(b) => explain_text(b, position, mv),
        }
    }
}

/// Opens the spec's engine here (confined) and answers calls until they end.
fn serve_engine(spec: &EngineSpec, input: &mut impl BufRead) {
    match spec.open() {
        Ok(e) => serve_calls(spec, Held::Engine(e, WhyTool::default()), input),
        Err(e) => tell(&FromWorker::Failed(e.to_string())),
    }
}

/// Opens the spec's rule file here (confined) with the authoring tools, in one
/// machine that answers calls and explains moves, and answers calls until they end.
fn serve_explainer(spec: &EngineSpec, input: &mut impl BufRead) {
    match Workbench::open_checked(spec) {
        Ok(b) => serve_calls(spec, Held::Bench(Box::new(b)), input),
        Err(e) => tell(&FromWorker::Failed(e.to_string())),
    }
}

/// Says the worker is ready, then answers calls until they end.
fn serve_calls(spec: &EngineSpec, mut held: Held, input: &mut impl BufRead) {
    tell(&FromWorker::Ready {
        label: held.engine().label(),
        reads_positions: held.engine().reads_positions(),
    });
    let cancel = cancel_flag();
    loop {
        let call = next_call(input);
        cancel.store(false, Ordering::SeqCst);
        if let Call::Release(p) = call {
            // answered by nothing: the parent does not wait for it
            held.engine().release(Pos(p));
            continue;
        }
        if let Call::View(p) = call {
            let answer = match held.engine().view(Pos(p)) {
                Ok(v) => Answer::View(Box::new(v)),
                Err(e) => Answer::Error(e),
            };
            tell(&FromWorker::Answer(answer));
            continue;
        }
        let answer = match call {
            Call::Why { position, mv } => held.why(spec, &position, &mv).map(Answer::Text),
            call => answer(held.engine(), call, &cancel),
        };
        tell(&FromWorker::Answer(answer.unwrap_or_else(Answer::Error)));
    }
}

/// One call's answer.
fn answer(
    engine: &mut dyn Engine,
    call: Call,
    cancel: &Arc<AtomicBool>,
) -> Result<Answer, EngineError> {
    Ok(match call {
        Call::Initial => Answer::Pos(engine.initial()?.0),
        Call::PlayoutsInHost => Answer::Count(u64::from(engine.playouts_in_host())),
        Call::Parse(t) => Answer::Pos(engine.parse(&t)?.0),
        Call::SetToMove(p, who) => Answer::Pos(
            engine
                .set_to_move(Pos(p), &crate::game::Player::new(who))?
                .0,
        ),
        Call::Release(p) => {
            engine.release(Pos(p));
            Answer::Done
        }
        Call::Text(p) => Answer::Text(engine.text(Pos(p))?),
        Call::Describe(p) => Answer::Info(engine.describe(Pos(p))?),
        Call::Reread(p, t) => Answer::Info(engine.reread(Pos(p), &t)?),
        Call::Play(p, m) => Answer::Pos(engine.play(Pos(p), &m)?.0),
        Call::Copy(p) => Answer::Pos(engine.copy(Pos(p))?.0),
        Call::PlayAll(p, ms) => Answer::Pos(engine.play_all(Pos(p), &ms)?.0),
        Call::Perft(p, d) => Answer::Count(engine.perft(Pos(p), d)?),
        Call::PerftCounts(p, d) => Answer::Counts(engine.perft_counts(Pos(p), d)?),
        Call::Best(p, how) => Answer::Best(engine.best(Pos(p), how)?),
        Call::Solve(p, mut s) => {
            s.budget.cancel = Some(cancel.clone());
            Answer::Solution(Box::new(engine.solve(Pos(p), &s)?))
        }
        Call::Evaluate(p, who) => {
            Answer::Score(engine.evaluate(Pos(p), &crate::game::Player::new(who))?)
        }
        Call::Playouts {
            pos,
            count,
            seed,
            max_plies,
        } => Answer::Count(engine.playouts(Pos(pos), count, seed, max_plies)?),
        Call::View(p) => Answer::View(Box::new(engine.view(Pos(p))?)),
        // answered by the worker's tool (`serve_calls`)
        Call::Why { .. } => return Err(EngineError::Rules("a why is not an engine's call".into())),
    })
}
