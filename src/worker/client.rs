//! `WorkerEngine`: an engine whose rules run in a worker process, as an `Engine`
//! like any other. Each call is one request; the whole of a work request (perft,
//! playouts, a search, a solve) runs in the worker. A request that runs past its
//! time, breaks the protocol or kills the worker is that request's error: the next
//! one starts a fresh worker, which makes the positions it is asked about again.

use super::handles::{Handles, Recipe};
use super::process::{Failure, Killer, Process};
use super::view_check::checked_view;
use super::wire::{Answer, Call, FromWorker, Job, Start, ToWorker};
use crate::game::{BestMove, Engine, EngineError, Exceeded, Pos, PositionInfo, SearchSpec, View};
use crate::registry::{EngineSpec, OpenError};
use crate::solve::{Solution, SolveSpec};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often a waiting parent looks at a cancel flag.
const CANCEL_POLL: Duration = Duration::from_millis(50);

/// An engine in a worker process.
pub struct WorkerEngine {
    start: Start,
    /// The rules it runs, as messages name them.
    game: String,
    process: Option<Process<FromWorker>>,
    /// Counts the workers started: a worker handle is good in its generation only.
    generation: u64,
    label: String,
    reads_positions: bool,
    handles: Handles,
    /// Kills whichever worker runs now, from another thread.
    stopper: Stopper,
    /// The longest a work request may run, whatever the time limit (`serve`).
    work_cap: Option<Duration>,
    /// The next call is a count the worker makes step by step, each step within
    /// the time limit (perft on confined rules): no deadline on the whole.
    by_steps: bool,
}

/// Stops the running request of a `WorkerEngine` from another thread (a page's
/// *Stop*): its worker is killed, the request ends with an error, and the next
/// request starts another worker.  A worker waiting between requests is left alone:
/// killed then, it would fail the next request, which no Stop was meant for.
#[derive(Clone, Default)]
pub struct Stopper {
    current: Arc<Mutex<Option<Killer>>>,
    /// Whether a request is out to the worker.
    busy: Arc<AtomicBool>,
}

impl Stopper {
    /// Kills the engine's worker, if one runs a request.
    pub fn stop(&self) {
        let current = self.current.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(k) = current
            .as_ref()
            .filter(|_| self.busy.load(Ordering::SeqCst))
        {
            k.kill();
        }
    }
}

/// Marks a request out to the worker until it is dropped.
struct Busy(Arc<AtomicBool>);

impl Busy {
    fn new(flag: &Arc<AtomicBool>) -> Busy {
        flag.store(true, Ordering::SeqCst);
        Busy(flag.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

impl WorkerEngine {
    /// Starts a worker on `spec`'s engine; an error is the one opening it in this
    /// process would give.
    pub fn open(spec: &EngineSpec) -> Result<WorkerEngine, OpenError> {
        WorkerEngine::open_capped(spec, None)
    }

    /// As `open`, with every work request (search, perft, playouts, solve) bounded to
    /// `cap` whatever the time limit, and each worker's CPU time to a hundred such
    /// requests by the kernel (a worker past it ends, and the next request starts
    /// another): a server's promise that no request holds a game for long.
    pub fn open_capped(
        spec: &EngineSpec,
        cap: Option<Duration>,
    ) -> Result<WorkerEngine, OpenError> {
        WorkerEngine::open_job(Job::Engine(spec.clone()), spec, cap)
    }

    /// As `open`, in a rule tier, with the authoring tools in the same machine:
    /// `why` asks it, and no second machine is loaded to explain (`Job::Explainer`).
    pub fn open_explainer(spec: &EngineSpec) -> Result<WorkerEngine, OpenError> {
        WorkerEngine::open_job(Job::Explainer(spec.clone()), spec, None)
    }

    fn open_job(
        job: Job,
        spec: &EngineSpec,
        cap: Option<Duration>,
    ) -> Result<WorkerEngine, OpenError> {
        let mut start = super::start_for(job, spec);
        start.confinement.cpu_seconds = cap.map(|c| c.as_secs().max(1) * 100);
        let mut engine = WorkerEngine {
            start,
            game: spec.game.clone(),
            process: None,
            generation: 0,
            label: spec.game.clone(),
            reads_positions: true,
            handles: Handles::default(),
            stopper: Stopper::default(),
            work_cap: cap,
            by_steps: false,
        };
        engine
            .ensure()
            .map_err(|e| OpenError::Other(e.to_string()))?;
        Ok(engine)
    }

    /// What stops this engine's running request from another thread.
    pub fn stopper(&self) -> Stopper {
        self.stopper.clone()
    }

    /// Why a move is refused in a position text, or what it does (`ludolog why`).
    pub fn why(&mut self, position: &str, mv: &str) -> Result<String, EngineError> {
        let call = Call::Why {
            position: position.to_string(),
            mv: mv.to_string(),
        };
        match self.ask(false, None, |_| Ok(call.clone()))? {
            Answer::Text(t) => Ok(t),
            other => Err(self.unexpected(other)),
        }
    }

    /// A worker running, started if there is none.
    fn ensure(&mut self) -> Result<(), EngineError> {
        if self.process.is_some() {
            return Ok(());
        }
        let mut process = Process::launch("worker", &ToWorker::Start(Box::new(self.start.clone())))
            .map_err(|e| EngineError::Rules(format!("cannot start a worker process: {e}")))?;
        match process.recv(super::deadline(&self.start, false)) {
            Ok(FromWorker::Ready {
                label,
                reads_positions,
            }) => {
                self.generation += 1;
                self.label = label.chars().take(200).collect();
                self.reads_positions = reads_positions;
                *self
                    .stopper
                    .current
                    .lock()
                    .unwrap_or_else(|p| p.into_inner()) = Some(process.killer());
                self.process = Some(process);
                Ok(())
            }
            Ok(FromWorker::Failed(message)) => Err(EngineError::Rules(message)),
            Ok(_) => {
                process.kill();
                Err(self.protocol("a message out of turn"))
            }
            Err(f) => {
                process.kill();
                Err(self.failure(f, "while it loaded the rules"))
            }
        }
    }

    /// Sends the call `make` builds (with the worker handles of the worker that
    /// gets it) and gives the answer; `work`: a request the user sized, bounded only
    /// by a time limit the user set; `cancel`: a flag that, once set, asks the
    /// worker to stop the request.
    fn ask(
        &mut self,
        work: bool,
        cancel: Option<&AtomicBool>,
        make: impl Fn(&mut Self) -> Result<Call, EngineError>,
    ) -> Result<Answer, EngineError> {
        let by_steps = std::mem::take(&mut self.by_steps);
        let _busy = Busy::new(&self.stopper.busy);
        let mut tries = 0;
        loop {
            self.ensure()?;
            let call = make(self)?;
            if let Some(process) = self.process.as_mut() {
                if process.send(&ToWorker::Call(call)).is_ok() {
                    break;
                }
                // it ended between two requests, before it read this one: another
                // worker answers it, once
                process.kill();
                self.process = None;
            }
            tries += 1;
            if tries > 1 {
                let ended = super::process::Ended {
                    said: None,
                    status: "it stopped".into(),
                    code: None,
                };
                return Err(self.failure(Failure::Ended(ended), ""));
            }
        }
        let deadline = match (super::deadline(&self.start, work), self.work_cap) {
            // a count the worker makes step by step (perft on rules from disk): each
            // step is bounded there, never the whole count
            _ if by_steps => self.work_cap,
            (d, Some(cap)) if work => Some(d.map_or(cap, |d| d.min(cap))),
            (d, _) => d,
        };
        let waited = std::time::Instant::now();
        let mut cancelled = false;
        loop {
            let Some(process) = self.process.as_mut() else {
                return Err(EngineError::Rules("the worker is gone".into()));
            };
            let slice = match (cancel, deadline) {
                (Some(_), Some(d)) => Some(CANCEL_POLL.min(d.saturating_sub(waited.elapsed()))),
                (Some(_), None) => Some(CANCEL_POLL),
                (None, d) => d,
            };
            match process.recv(slice) {
                Ok(FromWorker::Answer(Answer::Error(e))) => return Err(e),
                Ok(FromWorker::Answer(a)) => return Ok(a),
                Ok(_) => {
                    process.kill();
                    self.process = None;
                    return Err(self.protocol("a message out of turn"));
                }
                Err(Failure::Timeout) if deadline.is_none_or(|d| waited.elapsed() < d) => {
                    if !cancelled && cancel.is_some_and(|c| c.load(Ordering::SeqCst)) {
                        cancelled = true;
                        process.interrupt();
                    }
                }
                Err(f) => {
                    process.kill();
                    self.process = None;
                    return Err(self.failure(f, ""));
                }
            }
        }
    }

    /// The worker handle of `pos` in the running worker, made again there if the
    /// worker that made it has ended.
    fn remote(&mut self, pos: Pos) -> Result<u64, EngineError> {
        if let Some(r) = self.handles.remote(pos, self.generation) {
            return Ok(r);
        }
        let recipe = self.handles.recipe(pos).ok_or(EngineError::Handle(pos.0))?;
        let generation = self.generation;
        let r = self.make(&recipe)?;
        if self.generation != generation {
            return Err(EngineError::Rules(format!(
                "the worker running {} stopped while it made a position again",
                self.game
            )));
        }
        self.handles.set_remote(pos, generation, r);
        Ok(r)
    }

    /// Makes a recipe's position in the running worker: from its first step (the
    /// start or a text) forward, releasing the positions on the way.
    fn make(&mut self, recipe: &Rc<Recipe>) -> Result<u64, EngineError> {
        let mut chain = vec![recipe.clone()];
        while let Some(
            Recipe::SetToMove(from, _) | Recipe::Play(from, _) | Recipe::PlayAll(from, _),
        ) = chain.last().map(|r| &**r)
        {
            let next = from.clone();
            chain.push(next);
        }
        let mut at: Option<u64> = None;
        for step in chain.iter().rev() {
            let call = match (&**step, at) {
                (Recipe::Initial, _) => Call::Initial,
                (Recipe::Parse(t), _) => Call::Parse(t.clone()),
                (Recipe::SetToMove(_, p), Some(a)) => Call::SetToMove(a, p.clone()),
                (Recipe::Play(_, m), Some(a)) => Call::Play(a, m.clone()),
                (Recipe::PlayAll(_, ms), Some(a)) => Call::PlayAll(a, ms.clone()),
                (_, None) => return Err(EngineError::Rules("a position with no start".into())),
            };
            let next = self.pos_answer(false, call)?;
            if let Some(a) = at {
                self.forget_remote(a);
            }
            at = Some(next);
        }
        at.ok_or_else(|| EngineError::Rules("a position with no start".into()))
    }

    /// Asks a call that answers a position (its worker handles as given).
    fn pos_answer(&mut self, work: bool, call: Call) -> Result<u64, EngineError> {
        match self.ask(work, None, |_| Ok(call.clone()))? {
            Answer::Pos(p) => Ok(p),
            other => Err(self.unexpected(other)),
        }
    }

    /// A call on one held position that answers a new one: `step` of the recipe.
    fn derive(
        &mut self,
        pos: Pos,
        step: impl Fn(Rc<Recipe>) -> Recipe,
        call: impl Fn(u64) -> Call,
    ) -> Result<Pos, EngineError> {
        let recipe = self.handles.recipe(pos).ok_or(EngineError::Handle(pos.0))?;
        let answer = self.ask(false, None, |this| Ok(call(this.remote(pos)?)))?;
        match answer {
            Answer::Pos(r) => Ok(self.handles.give(Rc::new(step(recipe)), self.generation, r)),
            other => Err(self.unexpected(other)),
        }
    }

    /// A call on one held position.
    fn on(
        &mut self,
        pos: Pos,
        work: bool,
        call: impl Fn(u64) -> Call,
    ) -> Result<Answer, EngineError> {
        self.ask(work, None, |this| Ok(call(this.remote(pos)?)))
    }

    /// Releases a worker handle of the running worker (no answer comes).
    fn forget_remote(&mut self, remote: u64) {
        if let Some(p) = self.process.as_mut() {
            let _ = p.send(&ToWorker::Call(Call::Release(remote)));
        }
    }

    fn unexpected(&mut self, answer: Answer) -> EngineError {
        if let Some(mut p) = self.process.take() {
            p.kill();
        }
        let kind = format!("{answer:?}");
        self.protocol(&format!(
            "an answer of the wrong kind ({})",
            kind.split(['(', ' ', '{']).next().unwrap_or("")
        ))
    }

    fn protocol(&self, what: &str) -> EngineError {
        EngineError::Rules(format!(
            "the worker running {} broke the protocol ({what}) and was stopped",
            self.game
        ))
    }

    /// The error of a request whose worker ended, or took too long.
    fn failure(&self, f: Failure, when: &str) -> EngineError {
        let when = if when.is_empty() {
            String::new()
        } else {
            format!(" {when}")
        };
        match f {
            Failure::Timeout if self.work_cap.is_some() => EngineError::Exceeded {
                limit: Exceeded::Time,
                message: format!(
                    "the request ran past the {} s a request may take here",
                    self.work_cap.unwrap_or_default().as_secs_f64()
                ),
            },
            Failure::Timeout => {
                let s = self.start.time_limit_ms as f64 / 1000.0;
                EngineError::Exceeded {
                    limit: Exceeded::Time,
                    message: format!(
                        "the rules of {} ran past the time limit of {s} s{when}; raise it with --time-limit SECONDS",
                        self.game
                    ),
                }
            }
            Failure::Garbage(what) => self.protocol(&format!("it sent `{what}`")),
            Failure::Ended(how) if how.code == Some(crate::game::EXIT_MEMORY) => {
                EngineError::Exceeded {
                    limit: Exceeded::Memory,
                    message: how.to_string(),
                }
            }
            Failure::Ended(how) if how.code == Some(crate::game::EXIT_TIME) => {
                EngineError::Exceeded {
                    limit: Exceeded::Time,
                    message: how.to_string(),
                }
            }
            Failure::Ended(how) => EngineError::Rules(format!(
                "the worker running {} stopped{when}: {how}",
                self.game
            )),
        }
    }
}

impl Engine for WorkerEngine {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn reads_positions(&self) -> bool {
        self.reads_positions
    }

    /// Asked of the worker when wanted (a GTP engine's default player), not at each
    /// worker's start.
    fn playouts_in_host(&mut self) -> bool {
        matches!(
            self.ask(false, None, |_| Ok(Call::PlayoutsInHost)),
            Ok(Answer::Count(1))
        )
    }

    fn initial(&mut self) -> Result<Pos, EngineError> {
        let answer = self.ask(false, None, |_| Ok(Call::Initial))?;
        match answer {
            Answer::Pos(r) => Ok(self
                .handles
                .give(Rc::new(Recipe::Initial), self.generation, r)),
            other => Err(self.unexpected(other)),
        }
    }

    fn parse(&mut self, text: &str) -> Result<Pos, EngineError> {
        let answer = self.ask(false, None, |_| Ok(Call::Parse(text.to_string())))?;
        match answer {
            Answer::Pos(r) => {
                let recipe = Rc::new(Recipe::Parse(text.to_string()));
                Ok(self.handles.give(recipe, self.generation, r))
            }
            other => Err(self.unexpected(other)),
        }
    }

    fn set_to_move(&mut self, pos: Pos, player: &crate::game::Player) -> Result<Pos, EngineError> {
        let p = player.to_string();
        self.derive(
            pos,
            |r| Recipe::SetToMove(r, p.clone()),
            |a| Call::SetToMove(a, p.clone()),
        )
    }

    fn release(&mut self, pos: Pos) {
        if let Some((generation, remote)) = self.handles.release(pos) {
            if generation == self.generation {
                self.forget_remote(remote);
            }
        }
    }

    fn held(&self) -> usize {
        self.handles.len()
    }

    fn text(&mut self, pos: Pos) -> Result<String, EngineError> {
        match self.on(pos, false, Call::Text)? {
            Answer::Text(t) => Ok(t),
            other => Err(self.unexpected(other)),
        }
    }

    fn describe(&mut self, pos: Pos) -> Result<PositionInfo, EngineError> {
        match self.on(pos, false, Call::Describe)? {
            Answer::Info(i) => Ok(i),
            other => Err(self.unexpected(other)),
        }
    }

    fn reread(&mut self, pos: Pos, text: &str) -> Result<PositionInfo, EngineError> {
        match self.on(pos, false, |a| Call::Reread(a, text.to_string()))? {
            Answer::Info(i) => Ok(i),
            other => Err(self.unexpected(other)),
        }
    }

    fn play(&mut self, pos: Pos, mv: &str) -> Result<Pos, EngineError> {
        let m = mv.to_string();
        self.derive(
            pos,
            |r| Recipe::Play(r, m.clone()),
            |a| Call::Play(a, m.clone()),
        )
    }

    fn copy(&mut self, pos: Pos) -> Result<Pos, EngineError> {
        let recipe = self.handles.recipe(pos).ok_or(EngineError::Handle(pos.0))?;
        match self.on(pos, false, Call::Copy)? {
            Answer::Pos(r) => Ok(self.handles.give(recipe, self.generation, r)),
            other => Err(self.unexpected(other)),
        }
    }

    fn play_all(&mut self, pos: Pos, moves: &[String]) -> Result<Pos, EngineError> {
        let ms = moves.to_vec();
        self.derive(
            pos,
            |r| Recipe::PlayAll(r, ms.clone()),
            |a| Call::PlayAll(a, ms.clone()),
        )
    }

    fn perft(&mut self, pos: Pos, depth: u32) -> Result<u64, EngineError> {
        self.by_steps = self.start.confine;
        match self.on(pos, true, |a| Call::Perft(a, depth))? {
            Answer::Count(n) => Ok(n),
            other => Err(self.unexpected(other)),
        }
    }

    fn perft_counts(&mut self, pos: Pos, depth: u32) -> Result<Vec<u64>, EngineError> {
        self.by_steps = self.start.confine;
        match self.on(pos, true, |a| Call::PerftCounts(a, depth))? {
            Answer::Counts(c) => Ok(c),
            other => Err(self.unexpected(other)),
        }
    }

    fn best(&mut self, pos: Pos, how: SearchSpec) -> Result<BestMove, EngineError> {
        match self.on(pos, true, |a| Call::Best(a, how))? {
            Answer::Best(b) => Ok(b),
            other => Err(self.unexpected(other)),
        }
    }

    fn solve(&mut self, pos: Pos, spec: &SolveSpec) -> Result<Solution, EngineError> {
        let cancel = spec.budget.cancel.clone();
        let answer = self.ask(true, cancel.as_deref(), |this| {
            Ok(Call::Solve(this.remote(pos)?, spec.clone()))
        })?;
        match answer {
            Answer::Solution(s) => Ok(*s),
            other => Err(self.unexpected(other)),
        }
    }

    fn evaluate(&mut self, pos: Pos, player: &crate::game::Player) -> Result<i32, EngineError> {
        match self.on(pos, false, |a| Call::Evaluate(a, player.to_string()))? {
            Answer::Score(s) => Ok(s),
            other => Err(self.unexpected(other)),
        }
    }

    fn playouts(
        &mut self,
        pos: Pos,
        count: u64,
        seed: u64,
        max_plies: u64,
    ) -> Result<u64, EngineError> {
        let call = |a| Call::Playouts {
            pos: a,
            count,
            seed,
            max_plies,
        };
        match self.on(pos, true, call)? {
            Answer::Count(n) => Ok(n),
            other => Err(self.unexpected(other)),
        }
    }

    fn view(&mut self, pos: Pos) -> Result<View, EngineError> {
        match self.on(pos, false, Call::View)? {
            Answer::View(v) => checked_view(*v),
            other => Err(self.unexpected(other)),
        }
    }
}
