//! The playground's *Check against*: seeded random games played through a rule
//! text and a built-in game (or the text in its other rule tier) in lockstep, as
//! `ludolog check --against` and `--tiers` do, both in workers, bounded in games
//! and in time (past it both workers are stopped and the check says so).

use super::api::{body, ApiError, App, Reply};
use super::caps::open_capped;
use super::playground::{rule_tier, Given};
use crate::check::{compare_until, print_report, CheckConfig, CheckReport};
use crate::registry::EngineSpec;
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The random games a check plays unless told, and the most it plays.
pub const CHECK_GAMES: usize = 20;
pub const MAX_CHECK_GAMES: usize = 200;
/// How long a check may take unless told, and the longest it may be given.
pub const CHECK_SECONDS: u64 = 20;
pub const MAX_CHECK_SECONDS: u64 = 60;
/// How long a game running when a check's time ends may go on before it is stopped.
const GRACE: Duration = Duration::from_secs(5);
/// The positions the breadth-first sweep before the random games compares.
const CHECK_SWEEP: usize = 300;

/// What to check the text against: a built-in game (`{"game": "hex"}`), or the
/// text itself in another rule tier (`{"tier": "accelerated"}`).
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Against {
    Game(String),
    Tier(String),
}

/// The body of `POST /api/playground/check`.
#[derive(Deserialize)]
pub struct CheckBody {
    #[serde(flatten)]
    given: Given,
    against: Against,
    games: Option<usize>,
    seconds: Option<u64>,
}

/// A 422 that says what is wrong with the request or the rules.
fn unprocessable(what: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, what)
}

/// `POST /api/playground/check` `{"text": "…", "against": {"game": "hex"},
/// "games": 20, "seconds": 20}`: the check's report (`agrees`: no mismatch; `text`:
/// as `ludolog check` prints it).  A mismatch is a report, not an error; rules that
/// do not open, an engine that fails, and a check past its time are 422s.
pub async fn check(
    State(app): State<Arc<App>>,
    req: Result<Json<CheckBody>, JsonRejection>,
) -> Reply<Json<Value>> {
    let req = body(req)?;
    let spec = req.given.spec()?;
    let games = req.games.unwrap_or(CHECK_GAMES);
    if !(1..=MAX_CHECK_GAMES).contains(&games) {
        return Err(unprocessable(format!(
            "games: {games} is not from 1 to {MAX_CHECK_GAMES}"
        )));
    }
    let seconds = req.seconds.unwrap_or(CHECK_SECONDS);
    if !(1..=MAX_CHECK_SECONDS).contains(&seconds) {
        return Err(unprocessable(format!(
            "seconds: {seconds} is not from 1 to {MAX_CHECK_SECONDS}"
        )));
    }
    let other = match &req.against {
        Against::Game(name) => {
            if !crate::registry::is_built_in_game(name) {
                return Err(unprocessable(format!(
                    "against: no game {}: GET /api/games lists them",
                    crate::game::elide(name)
                )));
            }
            EngineSpec::new(name, spec.options.clone())
        }
        Against::Tier(t) => {
            let tier = rule_tier(Some(t))?;
            if Some(tier) == spec.tier {
                return Err(unprocessable(format!(
                    "against: the text runs in the {tier} tier already; check it against the other"
                )));
            }
            spec.in_tier(tier)
        }
    };
    let _permit = super::playground::permit(&app)?;
    let within = Duration::from_secs(seconds);
    let report = tokio::task::spawn_blocking(move || run(&spec, &other, games, within))
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    let mut text = Vec::new();
    print_report(&report, &mut text)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(Json(json!({
        "agrees": report.mismatch.is_none(),
        "complete": report.stopped.is_none(),
        "text": String::from_utf8_lossy(&text),
        "report": report,
    })))
}

/// Checks `a` (the text) against `b` in lockstep: `games` random games, stopped
/// after `within`.
fn run(
    a: &EngineSpec,
    b: &EngineSpec,
    games: usize,
    within: Duration,
) -> Result<CheckReport, ApiError> {
    let mut ea =
        open_capped(a).map_err(|e| unprocessable(format!("the rules do not open: {e}")))?;
    let mut eb = open_capped(b).map_err(|e| {
        unprocessable(format!(
            "{} ({}) does not open: {e}",
            b.game_name(),
            b.effective_tier()
        ))
    })?;
    let stoppers = [ea.stopper(), eb.stopper()];
    let expired = Arc::new(AtomicBool::new(false));
    let (done, finished) = mpsc::channel::<()>();
    // no game starts past the time asked for; a game still running GRACE later is
    // stopped, and the check with it
    let until = std::time::Instant::now() + within;
    let watch = {
        let expired = expired.clone();
        std::thread::Builder::new()
            .name("playground-check".into())
            .spawn(move || {
                // the channel's end (the check is done) wakes it; else the deadline
                if finished.recv_timeout(within + GRACE) != Err(mpsc::RecvTimeoutError::Timeout) {
                    return;
                }
                expired.store(true, Ordering::SeqCst);
                // a stop ends the running request only: stop each until the check ends
                while finished.recv_timeout(Duration::from_millis(20))
                    == Err(mpsc::RecvTimeoutError::Timeout)
                {
                    stoppers.iter().for_each(|s| s.stop());
                }
            })
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    };
    let config = CheckConfig {
        games,
        progress: false,
        sweep: CHECK_SWEEP,
        ..CheckConfig::default()
    };
    let result = compare_until(&mut ea, &mut eb, &config, Some(until));
    drop(done);
    let _ = watch.join();
    // the time ran out between games: the report of the games played, which says so;
    // a game stopped GRACE past the time ends in an error, or in a "mismatch" that is
    // only the stopped worker: either way it says what it did (one that ended clean as
    // the time ran out is whole)
    let clean = matches!(&result, Ok(r) if r.mismatch.is_none());
    if expired.load(Ordering::SeqCst) && !clean {
        let reached = match &result {
            Ok(r) if r.games > 0 => format!(" in game {} of {games}", r.games),
            _ => String::new(),
        };
        return Err(unprocessable(format!(
            "a game ran {} s past the check's {} s and was stopped{reached}: ask for fewer games or more time",
            GRACE.as_secs(),
            within.as_secs()
        )));
    }
    result.map_err(|e| unprocessable(format!("the check failed: {e}")))
}
