//! The analysis pane's routes: `POST /api/sessions/ID/analysis` starts analysing a
//! position of the game (`{"method": "alphabeta" | "mcts" | "solve", "seconds": 3,
//! "at": K}`), `GET` gives what it has found so far, `POST …/analysis/stop` stops
//! it (what it found stays).

use super::analysis::{Method, Report, Request};
use super::api::{body, ApiError, App, Reply};
use super::caps::REQUEST_CAP;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use std::sync::Arc;

/// The body of `POST /api/sessions/ID/analysis`.
#[derive(Deserialize)]
pub struct AnalysisBody {
    method: Method,
    seconds: f64,
    /// The position after the game's first `at` moves (none: the game now).
    at: Option<usize>,
}

/// `POST /api/sessions/ID/analysis`: analyses a position of the game in a worker of
/// its own for at most `seconds` (up to the server's cap on a request), ending the
/// analysis that ran before; the report as it starts.
pub async fn start(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<AnalysisBody>, JsonRejection>,
) -> Reply<Json<Report>> {
    let AnalysisBody {
        method,
        seconds,
        at,
    } = body(req)?;
    let cap = REQUEST_CAP.as_secs_f64();
    if !(seconds > 0.0 && seconds <= cap) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("an analysis may take more than 0 and at most {cap} seconds, not {seconds}"),
        ));
    }
    let (spec, position, players) = app
        .sessions
        .with(&id, move |g| g.analysis_target(at))
        .await??;
    let request = Request {
        method,
        seconds,
        position,
        at,
        players,
    };
    Ok(Json(app.analyses.start(&id, &spec, request)))
}

/// `GET /api/sessions/ID/analysis`: what the analysis has found so far (`serial` 0:
/// none was asked for this game).
pub async fn report(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<Json<Report>> {
    app.sessions.stops(&id)?;
    Ok(Json(app.analyses.report(&id)))
}

/// `POST /api/sessions/ID/analysis/stop`: stops the analysis; what it found stays.
pub async fn stop(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<StatusCode> {
    app.sessions.stops(&id)?;
    app.analyses.stop(&id);
    Ok(StatusCode::NO_CONTENT)
}
