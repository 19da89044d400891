//! The analysis pane's work (issue 50 item 3): on demand, a position of a served
//! game analysed in a worker of its own (not the game's, so the game goes on being
//! played), on the game's engine, for a time the user picks: alpha-beta deepened a
//! ply at a time (each depth's best move, score and principal variation shown as it
//! completes), MCTS in rounds of twice the playouts (each round's win rate), or
//! `solve` (the proved value and every move's value, the opening map).  *Stop* and
//! a newer request end it; what the rounds found so far is kept.

use super::caps::{open_capped, REQUEST_CAP};
use super::footprints::changed_cells;
use crate::game::{BestMove, Engine, Limits, Pos, SearchSpec, TextOps, Tier};
use crate::registry::EngineSpec;
use crate::solve::{Budget, SolveSpec, Value};
use crate::worker::{Stopper, WorkerEngine};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Instant;

/// How many games may have an analysis worker at once; the one used longest ago
/// is ended first.
pub const MAX_ANALYSTS: usize = 4;
/// The transposition table of a solve, in bytes (the boards solve proves are small).
const SOLVE_TABLE: usize = 16 << 20;
/// A heuristic score this far ahead reads as about 73 % on the bar (the bar of an
/// alpha-beta score is `1 / (1 + e^(-score / SCORE_SCALE))`: a hint, not a rate).
const SCORE_SCALE: f64 = 25.0;

/// How to analyse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    AlphaBeta,
    Mcts,
    Solve,
}

/// What the page asks: a position of the game, a method and the seconds it may take.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: Method,
    pub seconds: f64,
    /// The position's text, and which of the game's it is (after its first `at` moves).
    pub position: String,
    pub at: Option<usize>,
    /// The game's players, first to move first.
    pub players: Vec<String>,
}

/// A move of the principal variation, as the board draws it: the cells it changes
/// and the colour of the player who makes it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Step {
    #[serde(rename = "move")]
    pub mv: String,
    pub mover: String,
    pub colour: String,
    pub cells: Vec<String>,
}

/// A move's proved value for the player who makes it (`None`: not proved in time),
/// and the cells it changes: the opening map.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Valued {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: Option<Value>,
    pub cells: Vec<String>,
}

/// What the analysis has found so far, as `GET …/analysis` gives it.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Report {
    /// Which request this is (each new one counts up; 0: none asked yet).
    pub serial: u64,
    pub method: Option<Method>,
    /// The seconds it may take, and has taken.
    pub seconds: f64,
    pub elapsed: f64,
    pub running: bool,
    pub position: String,
    pub at: Option<usize>,
    pub to_move: String,
    /// The players and their colours, first to move first (the bar's two ends).
    pub players: Vec<(String, String)>,
    /// Rounds completed: alpha-beta's depths, MCTS's rounds of playouts.
    pub rounds: u32,
    pub best: Option<String>,
    /// Alpha-beta's score for the side to move, or MCTS's win rate in thousandths.
    pub score: Option<i32>,
    /// "win in 3", "loss in 2": a proved search score.
    pub verdict: Option<String>,
    pub depth: u32,
    /// Nodes searched, or playouts run, in the last round.
    pub nodes: u64,
    /// The first player's share of the bar, 0 to 1: MCTS's win rate, a proved value,
    /// or an alpha-beta score through a logistic curve.
    pub bar: Option<f64>,
    pub pv: Vec<Step>,
    /// Solve: the position's value for the side to move, and each move's.
    pub value: Option<Value>,
    pub map: Vec<Valued>,
    /// How it ended, in words ("stopped", "the time (3 s) ran out", "proved").
    pub ended: Option<String>,
    pub error: Option<String>,
}

/// A game's analysis worker and its thread.
struct Analyst {
    jobs: mpsc::Sender<(u64, Request)>,
    /// The newest request's serial: a run whose serial is older stops at its next
    /// round and publishes nothing more.
    newest: Arc<AtomicU64>,
    /// Asks the running solve to stop and give what it has.
    cancel: Arc<Mutex<Arc<AtomicBool>>>,
    stopper: Arc<Mutex<Option<Stopper>>>,
    report: Arc<Mutex<Report>>,
    used: Instant,
}

impl Analyst {
    /// Ends the running request: a solve is asked to stop and give what it has (or
    /// killed: `kill`), a search is killed, and no further round starts.
    fn halt(&self, kill: bool) {
        lock(&self.cancel).store(true, Ordering::SeqCst);
        let method = lock(&self.report).method;
        if kill || method != Some(Method::Solve) {
            if let Some(s) = lock(&self.stopper).as_ref() {
                s.stop();
            }
        }
    }
}

/// Every game's analysis, by session id.
#[derive(Default)]
pub struct Analyses {
    held: Mutex<HashMap<String, Analyst>>,
}

impl Analyses {
    /// Starts analysing for game `id` (its spec `spec`), ending what ran before;
    /// gives the report as it starts.
    pub fn start(&self, id: &str, spec: &EngineSpec, request: Request) -> Report {
        let mut held = lock(&self.held);
        if !held.contains_key(id) && held.len() >= MAX_ANALYSTS {
            let oldest = held
                .iter()
                .min_by_key(|(_, a)| a.used)
                .map(|(k, _)| k.clone());
            if let Some(a) = oldest.and_then(|k| held.remove(&k)) {
                a.halt(true);
            }
        }
        let analyst = held
            .entry(id.to_string())
            .or_insert_with(|| spawn(spec.clone()));
        analyst.used = Instant::now();
        analyst.halt(true);
        let serial = analyst.newest.fetch_add(1, Ordering::SeqCst) + 1;
        *lock(&analyst.cancel) = Arc::new(AtomicBool::new(false));
        let report = Report {
            serial,
            method: Some(request.method),
            seconds: request.seconds,
            running: true,
            position: request.position.clone(),
            at: request.at,
            ..Report::default()
        };
        *lock(&analyst.report) = report.clone();
        if analyst.jobs.send((serial, request)).is_err() {
            // its thread has ended (a panic): the next request starts another
            held.remove(id);
            return Report {
                running: false,
                error: Some("the analysis stopped working; ask again".into()),
                ..report
            };
        }
        report
    }

    /// What game `id`'s analysis has found (an empty report: none was asked).
    pub fn report(&self, id: &str) -> Report {
        lock(&self.held)
            .get(id)
            .map(|a| lock(&a.report).clone())
            .unwrap_or_default()
    }

    /// Stops game `id`'s analysis; what it found so far stays.
    pub fn stop(&self, id: &str) {
        if let Some(a) = lock(&self.held).get(id) {
            a.halt(false);
        }
    }

    /// Ends game `id`'s analysis worker (the game was closed).
    pub fn close(&self, id: &str) {
        if let Some(a) = lock(&self.held).remove(id) {
            a.halt(true);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // no panic happens while one of these is held; a poisoned lock is still sound
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// An analyst's thread, which opens its worker on the first request.
fn spawn(spec: EngineSpec) -> Analyst {
    let (jobs, inbox) = mpsc::channel::<(u64, Request)>();
    let analyst = Analyst {
        jobs,
        newest: Arc::default(),
        cancel: Arc::new(Mutex::new(Arc::new(AtomicBool::new(false)))),
        stopper: Arc::default(),
        report: Arc::default(),
        used: Instant::now(),
    };
    let newest = analyst.newest.clone();
    let cancel = analyst.cancel.clone();
    let stopper = analyst.stopper.clone();
    let report = analyst.report.clone();
    let _ = std::thread::Builder::new()
        .name("analysis".into())
        .spawn(move || {
            let mut engine: Option<WorkerEngine> = None;
            for (serial, request) in inbox {
                if newest.load(Ordering::SeqCst) != serial {
                    continue;
                }
                let run = Run {
                    serial,
                    newest: &newest,
                    cancel: lock(&cancel).clone(),
                    report: &report,
                    started: Instant::now(),
                };
                let opened = match engine.as_mut() {
                    Some(e) => Ok(e),
                    None => open_capped(&spec).map(|e| {
                        *lock(&stopper) = Some(e.stopper());
                        engine.insert(e)
                    }),
                };
                let result = match opened {
                    Ok(e) => {
                        let native = spec.effective_tier() == Tier::Native;
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            run.analyse(e, &request, native)
                        }))
                        .unwrap_or_else(|_| Err("the analysis failed".into()))
                    }
                    Err(e) => Err(e.to_string()),
                };
                run.finish(result);
            }
        });
    analyst
}

/// One request being worked on.
struct Run<'a> {
    serial: u64,
    newest: &'a AtomicU64,
    cancel: Arc<AtomicBool>,
    report: &'a Mutex<Report>,
    started: Instant,
}

impl Run<'_> {
    /// Whether this request still counts (no newer one, no *Stop*).
    fn live(&self) -> bool {
        self.newest.load(Ordering::SeqCst) == self.serial && !self.cancel.load(Ordering::SeqCst)
    }

    /// Changes the report, if it is still this request's.
    fn publish(&self, f: impl FnOnce(&mut Report)) {
        let mut r = lock(self.report);
        if r.serial == self.serial {
            r.elapsed = self.started.elapsed().as_secs_f64();
            f(&mut r);
        }
    }

    /// The request is over: how it ended.
    fn finish(&self, result: Result<String, String>) {
        let stopped = self.cancel.load(Ordering::SeqCst);
        self.publish(|r| {
            r.running = false;
            match result {
                Ok(how) => r.ended = Some(how),
                // a search killed by Stop ends with an error: it was stopped
                Err(_) if stopped => r.ended = Some("stopped".into()),
                Err(e) => r.error = Some(e),
            }
        });
    }

    fn remaining(&self, seconds: f64) -> f64 {
        seconds - self.started.elapsed().as_secs_f64()
    }

    fn analyse(&self, e: &mut WorkerEngine, req: &Request, native: bool) -> Result<String, String> {
        let seconds = req.seconds.clamp(0.1, REQUEST_CAP.as_secs_f64());
        let root = e.parse(&req.position).map_err(|e| e.to_string())?;
        let result = self.analyse_at(e, root, req, seconds, native);
        e.release(root);
        result
    }

    fn analyse_at(
        &self,
        e: &mut WorkerEngine,
        root: Pos,
        req: &Request,
        seconds: f64,
        native: bool,
    ) -> Result<String, String> {
        let info = e.describe(root).map_err(|e| e.to_string())?;
        let view = e.view_text(&req.position).map_err(|e| e.to_string())?;
        let players: Vec<(String, String)> = req
            .players
            .iter()
            .map(|p| (p.clone(), view.colour(p).to_string()))
            .collect();
        let to_move = String::from(info.to_move);
        let first = req.players.first().is_none_or(|p| *p == to_move);
        self.publish(|r| {
            r.to_move = to_move.clone();
            r.players = players;
        });
        if info.outcome.is_some() || info.legal.is_empty() {
            return Ok("the game is over: there is nothing to analyse".into());
        }
        // the bar is the first player's share; a share is the side to move's
        let bar = |share: f64| Some(if first { share } else { 1.0 - share });
        match req.method {
            Method::AlphaBeta => {
                for depth in 1..=64 {
                    let left = self.remaining(seconds);
                    if !self.live() || left <= 0.0 {
                        break;
                    }
                    let limits = Limits {
                        depth: Some(depth),
                        time: Some(std::time::Duration::from_secs_f64(left)),
                        nodes: None,
                    };
                    let b = e
                        .best(root, SearchSpec::AlphaBeta(limits))
                        .map_err(|e| e.to_string())?;
                    if b.depth < depth || !self.live() {
                        break;
                    }
                    let pv = principal_variation(e, root, &b.pv);
                    let share = if b.verdict.is_some() {
                        if b.score > 0 {
                            1.0
                        } else {
                            0.0
                        }
                    } else {
                        1.0 / (1.0 + (-(b.score as f64) / SCORE_SCALE).exp())
                    };
                    let proved = b.verdict.is_some();
                    self.publish(|r| {
                        set_best(r, &b, depth, pv);
                        r.bar = bar(share);
                    });
                    if proved {
                        return Ok("proved".into());
                    }
                }
                Ok(self.ran_out(seconds))
            }
            Method::Mcts => {
                let mut playouts: u64 = if native { 2000 } else { 20 };
                let mut round = 0;
                loop {
                    let round_started = Instant::now();
                    let b = e
                        .best(
                            root,
                            SearchSpec::Mcts {
                                playouts,
                                seed: round as u64 + 1,
                                threads: 1,
                                time: None,
                                rave: false,
                            },
                        )
                        .map_err(|e| e.to_string())?;
                    if !self.live() {
                        return Ok("stopped".into());
                    }
                    round += 1;
                    let took = round_started.elapsed().as_secs_f64();
                    let pv = principal_variation(e, root, &b.pv);
                    let share = b.score as f64 / 1000.0;
                    self.publish(|r| {
                        set_best(r, &b, round, pv);
                        r.bar = bar(share);
                    });
                    if b.score >= 1000 || b.score <= 0 && b.nodes < playouts {
                        return Ok("proved".into());
                    }
                    // the next round takes about twice this one's time
                    if self.remaining(seconds) < 2.0 * took
                        || playouts >= super::caps::MAX_SERVED_PLAYOUTS
                    {
                        return Ok(self.ran_out(seconds));
                    }
                    playouts *= 2;
                }
            }
            Method::Solve => {
                let spec = SolveSpec {
                    budget: Budget {
                        nodes: None,
                        time: Some(std::time::Duration::from_secs_f64(seconds)),
                        cancel: Some(self.cancel.clone()),
                    },
                    plain: false,
                    table_bytes: SOLVE_TABLE,
                    every_move: true,
                    no_proof_sets: false,
                };
                let s = e.solve(root, &spec).map_err(|e| e.to_string())?;
                let map = s
                    .moves
                    .iter()
                    .map(|m| Valued {
                        mv: m.mv.clone(),
                        value: m.value,
                        cells: footprint(e, root, &m.mv),
                    })
                    .collect();
                let best = s
                    .moves
                    .iter()
                    .filter(|_| s.value.is_some())
                    .find(|m| m.value == s.value)
                    .map(|m| m.mv.clone());
                let pv = principal_variation(e, root, best.as_slice());
                let share = match s.value {
                    Some(Value::Win) => Some(1.0),
                    Some(Value::Loss) => Some(0.0),
                    Some(Value::Draw) => Some(0.5),
                    None => None,
                };
                let ended = match (&s.stopped, s.value) {
                    (_, Some(_)) if s.moves.iter().all(|m| m.value.is_some()) => {
                        "proved".to_string()
                    }
                    (Some(why), _) if self.cancel.load(Ordering::SeqCst) => {
                        format!("stopped ({why})")
                    }
                    (Some(why), _) => why.clone(),
                    (None, _) => "done".to_string(),
                };
                self.publish(|r| {
                    r.value = s.value;
                    r.map = map;
                    r.best = best;
                    r.pv = pv;
                    r.bar = share.and_then(bar);
                    r.nodes = s.nodes;
                    r.rounds = 1;
                });
                Ok(ended)
            }
        }
    }

    /// How a run that used its time ends.
    fn ran_out(&self, seconds: f64) -> String {
        if self.cancel.load(Ordering::SeqCst) || !self.live() {
            "stopped".into()
        } else {
            format!("the time ({seconds} s) ran out")
        }
    }
}

/// A round's best move in the report.
fn set_best(r: &mut Report, b: &BestMove, round: u32, pv: Vec<Step>) {
    r.rounds = round;
    r.best = b.mv.clone();
    r.score = Some(b.score);
    r.verdict = b.verdict.clone();
    r.depth = b.depth;
    r.nodes = b.nodes;
    r.pv = pv;
}

/// The cells `mv` changes from `at` (none when it does not play there).
fn footprint(e: &mut WorkerEngine, at: Pos, mv: &str) -> Vec<String> {
    step(e, at, mv)
        .map(|(s, next)| {
            e.release(next);
            s.cells
        })
        .unwrap_or_default()
}

/// A move from `at` as the board draws it, and the position it leads to.
fn step(e: &mut WorkerEngine, at: Pos, mv: &str) -> Option<(Step, Pos)> {
    let mover = String::from(e.describe(at).ok()?.to_move);
    let before = e.text(at).ok()?;
    let next = e.play(at, mv).ok()?;
    let drawn = (|| {
        let after = e.text(next).ok()?;
        let was = e.view_text(&before).ok()?;
        let now = e.view_text(&after).ok()?;
        Some(Step {
            mv: mv.to_string(),
            colour: now.colour(&mover).to_string(),
            mover: mover.clone(),
            cells: changed_cells(&was, &now),
        })
    })();
    match drawn {
        Some(s) => Some((s, next)),
        None => {
            e.release(next);
            None
        }
    }
}

/// The moves of a principal variation as the board draws them (as far as they play).
fn principal_variation(e: &mut WorkerEngine, root: Pos, pv: &[String]) -> Vec<Step> {
    let mut out = Vec::new();
    let mut at = root;
    for mv in pv {
        let Some((s, next)) = step(e, at, mv) else {
            break;
        };
        if at != root {
            e.release(at);
        }
        out.push(s);
        at = next;
    }
    if at != root {
        e.release(at);
    }
    out
}
