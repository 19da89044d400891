//! The dynamic checks of `ludolog lint`, on seeded random games played through the
//! rule file: at every position the lossless position text (the checker's own round
//! trip), then lint.pl's checks of the game's terms (legal/2 without duplicates and
//! in agreement with outcome/2, play/3 deterministic on each legal move and failing
//! on moves seen elsewhere, the move text round trip, evaluate/3 an integer); games
//! must end within a bound.  Each finding keeps the shortest move sequence from the
//! start that shows it (shrunk like a checker's mismatch).

use super::finding::Finding;
use super::workbench::{list, Workbench};
use crate::check::{round_trip, shrink_moves};
use crate::game::{Engine, EngineError, Pos};
use crate::prolog::{quote_atom, quote_string};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeSet, VecDeque};

/// How many random games, from which seed, cut off where, and within how long.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub struct Playouts {
    pub games: usize,
    pub seed: u64,
    pub max_plies: usize,
    /// The random games (and the shrinking of their findings) stop after this long,
    /// with a note; `None`: no bound but the games.
    #[serde(default)]
    pub budget: Option<std::time::Duration>,
}

/// What lint tells as it goes, before its report.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub enum LintEvent {
    /// A finding, as soon as it is known (one of the random games, shrunk).
    Found(Finding),
    /// The random games are at this position (the game, the moves from the start):
    /// where a check that runs past a limit of the whole worker stopped.
    At { game: usize, moves: Vec<String> },
}

/// At most this many legal moves of a position are played for the determinism check.
const PLAYED_PER_POSITION: usize = 12;
/// Move texts seen elsewhere, tried at each position (play/3 must refuse those not legal there).
const POOL: usize = 16;
/// `evaluate/3` is asked at every this many plies of a game, and where it ends: a
/// heuristic is often most of a position's cost (Hex's, 38 ms a call on 11x11 in
/// the spec tier), and its failures are of its clauses, not of rare positions.
const EVALUATED_EVERY: usize = 4;

/// What the random games showed.
#[derive(Debug, Default)]
pub struct Dynamic {
    pub findings: Vec<Finding>,
    pub games: usize,
    pub positions: usize,
    /// Why the games stopped before all were played (the budget), if they did.
    pub stopped: Option<String>,
}

/// One game's state of knowledge.
struct Context {
    players: BTreeSet<String>,
    pool: VecDeque<String>,
}

/// What one position shows: the findings there, its legal moves and who is to move.
type AtPosition = (Vec<Finding>, Vec<String>, Option<String>);

/// The findings at the position held under `pos`, reached by `moves`; with `sampled`
/// (a random game's positions), `evaluate/3` only every `EVALUATED_EVERY` plies and
/// where the game ends, else (a line being shrunk) at this position whatever its ply.
fn position_findings(
    wb: &mut Workbench,
    ctx: &Context,
    (pos, moves): (Pos, &[String]),
    sampled: bool,
    path: &str,
) -> Result<AtPosition, EngineError> {
    let mut out = Vec::new();
    let info = match wb.engine.describe(pos) {
        Ok(info) => info,
        Err(e) => {
            out.push(Finding::at(path, 0, "", "engine", e.to_string()));
            return Ok((out, Vec::new(), None));
        }
    };
    if let Err(m) = round_trip(&mut wb.engine, pos, &info, moves) {
        let line = pred_line(wb, "position", 3)?;
        let what = m.what.join("; ");
        let what = what
            .split_once(": ")
            .map_or(what.as_str(), |(_, w)| w)
            .to_string();
        out.push(Finding::at(path, line, "position//1", "lossless", what));
    }
    let evaluated = !sampled || moves.len() % EVALUATED_EVERY == 0 || info.legal.is_empty();
    let players: Vec<String> = if evaluated {
        ctx.players.iter().map(|p| quote_atom(p)).collect()
    } else {
        Vec::new()
    };
    let pool: Vec<String> = ctx
        .pool
        .iter()
        .filter(|m| !info.legal.contains(m))
        .map(|m| quote_string(m))
        .collect();
    let q = format!(
        "lint:position({}, {}, [{}], [{}], {PLAYED_PER_POSITION}, F).",
        quote_atom(wb.module()),
        wb.engine.slot(pos)?,
        pool.join(","),
        players.join(",")
    );
    let answer = wb.ask(&q, "F")?;
    out.extend(
        list(&answer)
            .iter()
            .filter_map(|t| Finding::from_term(path, t, None)),
    );
    Ok((
        out,
        info.legal,
        Some(String::from(info.to_move)).filter(|p| !p.is_empty()),
    ))
}

/// The line of a predicate's first clause in the game's file (0: none).
fn pred_line(wb: &mut Workbench, name: &str, arity: usize) -> Result<usize, EngineError> {
    let q = format!(
        "lint:pred_line({}, {}/{arity}, L).",
        quote_atom(wb.module()),
        quote_atom(name)
    );
    Ok(crate::prolog::term_integer(&wb.ask(&q, "L")?)
        .unwrap_or(0)
        .max(0) as usize)
}

/// Replays `moves` from the start; the findings at the position they reach (none
/// when a move is not legal: not a valid sequence).
fn findings_after(
    wb: &mut Workbench,
    ctx: &Context,
    moves: &[String],
    path: &str,
) -> Option<Vec<Finding>> {
    let start = wb.engine.initial().ok()?;
    let at = wb.engine.play_all(start, moves);
    wb.engine.release(start);
    let at = at.ok()?;
    let found = position_findings(wb, ctx, (at, moves), false, path)
        .ok()
        .map(|(f, _, _)| f);
    wb.engine.release(at);
    found
}

/// Plays the random games and collects the findings, each with its shortest moves:
/// a game stops at its first position with a finding, each new finding is shrunk at
/// once and told to `tell`, and the whole run stops at `plan.budget`.
pub fn dynamic_findings(
    wb: &mut Workbench,
    plan: Playouts,
    tell: &mut dyn FnMut(LintEvent),
) -> Result<Dynamic, EngineError> {
    let started = std::time::Instant::now();
    let over = || plan.budget.is_some_and(|b| started.elapsed() >= b);
    let module = wb.module().to_string();
    let path = wb.path_of(&module);
    let mut result = Dynamic::default();
    let mut ctx = Context {
        players: BTreeSet::new(),
        pool: VecDeque::new(),
    };
    let start = match wb.engine.initial() {
        Ok(p) => p,
        Err(e) => {
            let line = pred_line(wb, "initial", 2)?;
            let f = Finding::at(&path, line, "initial/2", "engine", e.to_string());
            tell(LintEvent::Found(f.clone()));
            result.findings.push(f);
            return Ok(result);
        }
    };
    for g in 0..plan.games {
        if over() {
            result.stopped = Some(budget_note(plan, &result));
            break;
        }
        let mut rng = SmallRng::seed_from_u64(crate::game::defaults::game_seed(plan.seed, g));
        result.games += 1;
        let mut at = wb.engine.copy(start)?;
        let mut moves: Vec<String> = Vec::new();
        // the findings this game shows (none, or those of one position)
        let mut new: Vec<Finding> = Vec::new();
        loop {
            if over() {
                result.stopped = Some(budget_note(plan, &result));
                break;
            }
            result.positions += 1;
            tell(LintEvent::At {
                game: g,
                moves: moves.clone(),
            });
            let (fs, legal, to_move) = position_findings(wb, &ctx, (at, &moves), true, &path)?;
            if let Some(p) = to_move {
                ctx.players.insert(p);
            }
            if !fs.is_empty() {
                // the game stops at its first finding: what follows would mostly
                // show the same defect again, at a price
                for mut f in fs {
                    f.moves = Some(moves.clone());
                    f.position = wb.engine.text(at).ok();
                    new.push(f);
                }
                break;
            }
            if legal.is_empty() {
                break;
            }
            if moves.len() >= plan.max_plies {
                let line = pred_line(wb, "outcome", 2)?;
                let mut f = Finding::at(
                    &path,
                    line,
                    "outcome/2",
                    "ends",
                    format!(
                        "a random game has not ended after {} plies (a loop in the rules? --max-plies sets the bound)",
                        plan.max_plies
                    ),
                );
                f.moves = Some(moves.clone());
                new.push(f);
                break;
            }
            for m in &legal {
                if !ctx.pool.contains(m) {
                    ctx.pool.push_back(m.clone());
                    if ctx.pool.len() > POOL {
                        ctx.pool.pop_front();
                    }
                }
            }
            let mv = legal[rng.gen_range(0..legal.len())].clone();
            let next = match wb.engine.play(at, &mv) {
                Ok(n) => n,
                Err(e) => {
                    // a listed move whose text the game cannot read is move//1's
                    // failure, not play/3's: one finding, on move//1 (the round trip
                    // of the legal moves has usually found it already)
                    let mut f = if matches!(e, EngineError::Move(_)) {
                        let line = pred_line(wb, "move", 3)?;
                        let what =
                            format!("move//1 does not read \"{mv}\", a move legal/2 lists ({e})");
                        Finding::at(&path, line, "move//1", "text", what)
                    } else {
                        let line = pred_line(wb, "play", 3)?;
                        Finding::at(&path, line, "play/3", "play", format!("{mv}: {e}"))
                    };
                    f.moves = Some(moves.clone());
                    new.push(f);
                    break;
                }
            };
            wb.engine.release(at);
            at = next;
            moves.push(mv);
        }
        wb.engine.release(at);
        for f in new {
            if result.findings.iter().any(|k| k.key() == f.key()) {
                continue;
            }
            let f = shortest(wb, &ctx, &path, f, &over);
            tell(LintEvent::Found(f.clone()));
            result.findings.push(f);
        }
    }
    wb.engine.release(start);
    Ok(result)
}

/// The note of random games stopped at the budget.
fn budget_note(plan: Playouts, r: &Dynamic) -> String {
    format!(
        "the random games stopped at the budget of {} s, in game {} of {} ({} positions; --budget sets it)",
        plan.budget.map_or(0.0, |b| b.as_secs_f64()),
        r.games.max(1),
        plan.games,
        r.positions
    )
}

/// The shortest sequence from the start that still shows the finding `f` (its
/// moves as found, if shrinking passes the budget), with the position it reaches.
fn shortest(
    wb: &mut Workbench,
    ctx: &Context,
    path: &str,
    f: Finding,
    over: &dyn Fn() -> bool,
) -> Finding {
    if f.check == "ends" || f.moves.as_ref().is_none_or(Vec::is_empty) {
        return f;
    }
    let key = f.key();
    let mut shrunk = shrink_moves(
        f,
        |f| f.moves.as_ref().expect("a dynamic finding has moves"),
        |candidate| {
            if over() {
                return None;
            }
            let fs = findings_after(wb, ctx, candidate, path)?;
            let mut f = fs.into_iter().find(|f| f.key() == key)?;
            f.moves = Some(candidate.to_vec());
            Some(f)
        },
    );
    if let Some(moves) = shrunk.moves.clone() {
        if let Ok(s) = wb.engine.initial() {
            if let Ok(p) = wb.engine.play_all(s, &moves) {
                shrunk.position = wb.engine.text(p).ok();
                wb.engine.release(p);
            }
            wb.engine.release(s);
        }
    }
    shrunk
}
