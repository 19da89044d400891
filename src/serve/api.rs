//! The JSON API under `/api/` that the page uses and scripts can use: the games,
//! and sessions that play one (state, play, undo, redo, position, footprints, why,
//! a computer's move, records).  Every failure is a JSON `{"error": "…"}` with a
//! 4xx status that says whose fault it is, or a 5xx when an engine failed.

pub(super) use super::api_error::{body, ApiError, Reply};
use super::game::{GameError, GameState};
use super::repl_pane::{Pane, PaneEvent};
use super::sessions::{SessionError, Sessions};
use super::ServeConfig;
use crate::game::{GameOptions, OptionKind, OptionSpec, Tier};
use crate::registry::{all_games, EngineSpec};
use crate::search::PlayerKind;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// What every handler shares.
pub struct App {
    pub config: ServeConfig,
    pub sessions: Sessions,
    /// The REPL panes, by game (each an engine process, made on the first input).
    pub panes: std::sync::Mutex<Vec<(String, Arc<Pane>)>>,
    /// The analysis pane's workers, by game.
    pub analyses: super::analysis::Analyses,
    /// The rules playground's lints and checks running now.
    pub playground: super::playground_share::Playground,
}

/// How many REPL panes (engine processes) the server keeps at once; the oldest
/// game's is ended first.
const MAX_PANES: usize = 4;

/// `GET /api/games`: every game with its options and tiers.
pub async fn games(State(app): State<Arc<App>>) -> Json<Value> {
    let (games, _) = all_games();
    let mut list: Vec<Value> = games
        .iter()
        .map(|d| {
            json!({
                "name": d.name,
                "summary": d.summary,
                "tiers": d.tiers().iter().map(|t| t.name()).collect::<Vec<_>>(),
                "options": d.options.iter().map(option_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    let served = app.config.spec.game_name();
    if !games.iter().any(|d| d.name == served) {
        list.push(json!({ "name": served, "summary": "the rule file given to serve", "tiers": [], "options": [] }));
    }
    Json(json!({ "games": list, "default": served }))
}

/// An option spec as the page's New game form reads it: its `kind` in words and its
/// `type` (`int` with `min` and `max`, `bool`, `choice` with `choices`, or `name`).
fn option_json(o: &OptionSpec) -> Value {
    let mut v = json!({
        "key": o.key,
        "kind": o.kind.describe(),
        "default": o.default,
        "meaning": o.meaning,
    });
    let typed = match o.kind {
        OptionKind::Int { min, max } => json!({ "type": "int", "min": min, "max": max }),
        OptionKind::Bool => json!({ "type": "bool" }),
        OptionKind::Choice(words) => json!({ "type": "choice", "choices": words }),
        OptionKind::Name => json!({ "type": "name" }),
    };
    if let (Some(v), Value::Object(typed)) = (v.as_object_mut(), typed) {
        v.extend(typed);
    }
    v
}

/// The body of `POST /api/sessions`.
#[derive(Deserialize)]
pub struct NewGame {
    game: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    tier: Option<String>,
}

/// The spec a new session plays: the served game (with its rules), or a built-in
/// game by name; never a path the client names.
fn spec_of(app: &App, req: &NewGame) -> Reply<EngineSpec> {
    let served = &app.config.spec;
    let name = req.game.clone().unwrap_or_else(|| served.game_name());
    let items: Vec<String> = req
        .options
        .iter()
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k}={s}"),
            other => format!("{k}={other}"),
        })
        .collect();
    let options = GameOptions::parse(&items)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    let tier = match &req.tier {
        Some(t) => Some(
            t.parse::<Tier>()
                .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))?,
        ),
        None => served.tier,
    };
    let mut spec = if name == served.game_name() {
        EngineSpec {
            options: if req.options.is_empty() {
                served.options.clone()
            } else {
                options
            },
            ..served.clone()
        }
    } else if crate::registry::is_built_in_game(&name) {
        EngineSpec {
            game: name,
            options,
            tier: None,
            rules: None,
            limit: served.limit,
            trust: served.trust,
            text: None,
        }
    } else if name.ends_with(".pl") {
        // a game of the rules playground: its text is the playground's, not here
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{name} is a game of the rules playground: change it there (/playground) and press Play"),
        ));
    } else {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("no game {name}: GET /api/games lists them"),
        ));
    };
    spec.tier = tier;
    Ok(spec)
}

/// `POST /api/sessions`: a new game; its state.
pub async fn open(
    State(app): State<Arc<App>>,
    req: Result<Json<NewGame>, JsonRejection>,
) -> Reply<Json<GameState>> {
    let req = body(req)?;
    let spec = spec_of(&app, &req)?;
    let id = app.sessions.open(spec).await?;
    Ok(Json(app.sessions.with(&id, |g| g.state()).await??))
}

/// `?at=K`: the position after the game's first K moves, an earlier one looked at
/// without taking moves back (none: the game now).
#[derive(Deserialize)]
pub struct AtQuery {
    at: Option<usize>,
}

/// The `?at=K` of a request, or a clear 400.
fn at_query(q: Result<Query<AtQuery>, QueryRejection>) -> Reply<Option<usize>> {
    q.map(|Query(q)| q.at).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("bad query: {}", e.body_text()),
        )
    })
}

/// `GET /api/sessions/ID`: the state; `?at=K`: with the board, side to move,
/// outcome and legal moves of the position after the first K moves (a look back at
/// the history: nothing is taken back), and `at` saying so.
pub async fn state(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    q: Result<Query<AtQuery>, QueryRejection>,
) -> Reply<Json<GameState>> {
    let at = at_query(q)?;
    Ok(Json(
        app.sessions.with(&id, move |g| g.state_at(at)).await??,
    ))
}

/// `DELETE /api/sessions/ID`.
pub async fn close(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<StatusCode> {
    app.panes
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|(game, _)| *game != id);
    app.analyses.close(&id);
    match app.sessions.close(&id) {
        true => Ok(StatusCode::NO_CONTENT),
        false => Err(SessionError::Unknown.into()),
    }
}

/// A body naming a move, and optionally the position text it was chosen on and
/// which of the game's positions that is (`at`: the one after its first `at` moves;
/// none: the game now).
#[derive(Deserialize)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
    position: Option<String>,
    at: Option<usize>,
}

/// `POST /api/sessions/ID/play` `{"move": "c3", "position": "…"}`: the state after
/// it; an illegal move is a 422 whose error says why, and a move sent for a
/// `position` that is no longer the game's (the page was behind) a 409.  With
/// `"at": K`, the move is played from the position after the first K moves, and the
/// moves after them are dropped, as undoing them and playing would.
pub async fn play(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<MoveBody>, JsonRejection>,
) -> Reply<Json<GameState>> {
    let MoveBody { mv, position, at } = body(req)?;
    Ok(Json(
        app.sessions
            .with(&id, move |g| {
                g.expect_after(at, position.as_deref())?;
                g.play_at(at, &mv)?;
                g.state()
            })
            .await??,
    ))
}

/// `POST /api/sessions/ID/undo`.
pub async fn undo(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<Json<GameState>> {
    Ok(Json(
        app.sessions
            .with(&id, |g| {
                g.undo();
                g.state()
            })
            .await??,
    ))
}

/// `POST /api/sessions/ID/redo`.
pub async fn redo(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<Json<GameState>> {
    Ok(Json(
        app.sessions
            .with(&id, |g| {
                g.redo();
                g.state()
            })
            .await??,
    ))
}

/// `POST /api/sessions/ID/restart`: back to the game's start.
pub async fn restart(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Reply<Json<GameState>> {
    Ok(Json(
        app.sessions
            .with(&id, |g| g.restart().and_then(|_| g.state()))
            .await??,
    ))
}

/// The body of `POST /api/sessions/ID/position`.
#[derive(Deserialize)]
pub struct PositionBody {
    position: String,
}

/// `POST /api/sessions/ID/position` `{"position": "…"}`: start from a position text.
pub async fn position(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<PositionBody>, JsonRejection>,
) -> Reply<Json<GameState>> {
    let text = body(req)?.position;
    Ok(Json(
        app.sessions
            .with(&id, move |g| g.set_position(&text).and_then(|_| g.state()))
            .await??,
    ))
}

/// `GET /api/sessions/ID/footprints[?at=K]`: for each legal move (of the position
/// after the first K moves), the cells it changes; a 409 when another request for
/// the game came meanwhile (it goes first: ask again).
pub async fn footprints(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    q: Result<Query<AtQuery>, QueryRejection>,
) -> Reply<Json<BTreeMap<String, Vec<String>>>> {
    let at = at_query(q)?;
    let queued = app.sessions.queued(&id)?;
    Ok(Json(
        app.sessions
            .with(&id, move |g| {
                g.footprints(at, || queued.load(Ordering::SeqCst) > 0)
            })
            .await??,
    ))
}

/// `POST /api/sessions/ID/why` `{"move": "a1"}`: why it is refused, or what it does
/// (`"at": K`: in the position after the first K moves).
pub async fn why(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<MoveBody>, JsonRejection>,
) -> Reply<Json<Value>> {
    let MoveBody { mv, at, .. } = body(req)?;
    let text = app.sessions.with(&id, move |g| g.why(at, &mv)).await??;
    Ok(Json(json!({ "why": text })))
}

/// The body of `POST /api/sessions/ID/computer`.
#[derive(Deserialize)]
pub struct ComputerBody {
    player: String,
    /// The position text the page asks the move for (a 409 if it is not current).
    position: Option<String>,
}

/// `POST /api/sessions/ID/computer` `{"player": "alphabeta:2"}`: that player
/// chooses a move for the side to move and plays it; the state after.  A *Stop*
/// (`/stop`) that comes before the move is played, even before the search starts,
/// means no move is played: a 409.
pub async fn computer(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<ComputerBody>, JsonRejection>,
) -> Reply<Json<Value>> {
    let ComputerBody { player, position } = body(req)?;
    let player: PlayerKind = player
        .parse()
        .map_err(|e: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))?;
    let stops = app.sessions.stops(&id)?;
    let seen = stops.load(Ordering::SeqCst);
    let (played, state) = app
        .sessions
        .with(&id, move |g| {
            g.expect_at(position.as_deref())?;
            let m = g.computer(player, || stops.load(Ordering::SeqCst) != seen)?;
            Ok::<_, GameError>((m, g.state()?))
        })
        .await??;
    Ok(Json(json!({ "played": played, "state": state })))
}

/// `POST /api/sessions/ID/stop`: stops the game's running request (a computer's
/// search) on the server: it ends with an error, and the game is as it was.
pub async fn stop(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<StatusCode> {
    app.sessions.stop(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/sessions/ID/levels`: the player menu's named strengths for this game
/// (easy, medium, strong), each a player spec and about how many seconds a move of
/// it takes on this machine.
pub async fn levels(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<Json<Value>> {
    let levels = app.sessions.with(&id, |g| g.levels()).await??;
    Ok(Json(json!({ "levels": levels })))
}

/// `POST /api/sessions/ID/check[?at=K]`: what every other tier makes of this
/// position (of the one after the first K moves).
pub async fn check(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    q: Result<Query<AtQuery>, QueryRejection>,
) -> Reply<Json<Value>> {
    let at = at_query(q)?;
    let tiers = app.sessions.with(&id, move |g| g.check_tiers(at)).await??;
    Ok(Json(json!({ "tiers": tiers })))
}

/// `?format=sgf` or text.
#[derive(Deserialize)]
pub struct RecordQuery {
    format: Option<String>,
}

/// `GET /api/sessions/ID/record[?format=sgf]`: the game's record, to download.
pub async fn record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<RecordQuery>,
) -> Reply<Response> {
    let sgf = q.format.as_deref() == Some("sgf");
    let text = app.sessions.with(&id, move |g| g.record(sgf)).await??;
    let name = if sgf { "game.sgf" } else { "game.txt" };
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response())
}

/// The body of `POST /api/sessions/ID/record`.
#[derive(Deserialize)]
pub struct RecordBody {
    record: String,
}

/// `POST /api/sessions/ID/record` `{"record": "…"}`: play a record (text or SGF); a
/// start position (or setup stone) refused says its kind and column, as any other.
pub async fn load_record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<RecordBody>, JsonRejection>,
) -> Reply<Json<GameState>> {
    let text = body(req)?.record;
    Ok(Json(
        app.sessions
            .with(&id, move |g| g.load_record(&text).and_then(|_| g.state()))
            .await??,
    ))
}

/// The body of `POST /api/sessions/ID/repl`.
#[derive(Deserialize)]
pub struct ReplBody {
    input: String,
    at: Option<usize>,
}

/// The REPL pane of game `id`, started on its first use.
fn pane(app: &App, id: &str, spec: &EngineSpec) -> Reply<Arc<Pane>> {
    let mut panes = app.panes.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, p)) = panes.iter().find(|(game, _)| game == id) {
        return Ok(p.clone());
    }
    let pane = Arc::new(
        Pane::start(spec).map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?,
    );
    // the oldest pane ends first
    while panes.len() >= MAX_PANES {
        panes.remove(0);
    }
    panes.push((id.to_string(), pane.clone()));
    Ok(pane)
}

/// The pane of a game that has one, or a 404.
fn existing_pane(app: &App, id: &str) -> Reply<Arc<Pane>> {
    let panes = app.panes.lock().unwrap_or_else(|p| p.into_inner());
    panes
        .iter()
        .find(|(game, _)| game == id)
        .map(|(_, p)| p.clone())
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "this game has no REPL pane running".to_string(),
            )
        })
}

/// Runs a blocking pane call off the server's threads; when the input moved the
/// pane's position (`:play`, `:undo`, `:position`), the game's board follows it.
async fn blocking(
    app: &App,
    id: &str,
    f: impl FnOnce() -> PaneEvent + Send + 'static,
) -> Reply<Json<PaneEvent>> {
    let mut event = tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    if let Some((start, moves)) = event.line.take() {
        let followed = app
            .sessions
            .with(id, move |g| g.follow(start, &moves))
            .await?;
        match followed {
            Ok(()) => event.moved = true,
            Err(e) => {
                let note = format!("the board could not follow the pane: {e}");
                event.message = Some(match event.message.take() {
                    Some(m) => format!("{m}\n{note}"),
                    None => note,
                });
            }
        }
    }
    Ok(Json(event))
}

/// `POST /api/sessions/ID/repl` `{"input":"current(S), legal(S, M)."}`: a query (or clause, or
/// `:command`) on the game's current position (`"at": K`: the one after its first
/// K moves; a `:play` there drops the later moves, as a move played there does), in
/// the same top level as `ludolog repl`; what it printed and its first answer
/// (`more`: others may follow).
pub async fn repl(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<ReplBody>, JsonRejection>,
) -> Reply<Json<PaneEvent>> {
    let ReplBody { input, at } = body(req)?;
    let (spec, start, moves) = app.sessions.with(&id, move |g| g.line(at)).await??;
    let pane = pane(&app, &id, &spec)?;
    blocking(&app, &id, move || pane.ask(input, start, moves)).await
}

/// The body of `POST /api/sessions/ID/repl/next`.
#[derive(Deserialize)]
pub struct StepBody {
    step: String,
}

/// `POST /api/sessions/ID/repl/next` `{"step":"next"}` (or `"full"`, `"stop"`): the
/// waiting query's next answer.
pub async fn repl_next(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    req: Result<Json<StepBody>, JsonRejection>,
) -> Reply<Json<PaneEvent>> {
    let step = match body(req)?.step.as_str() {
        "next" => crate::prolog::ReplStep::Next,
        "full" => crate::prolog::ReplStep::Full,
        "stop" => crate::prolog::ReplStep::Stop,
        other => {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("a step is next, full or stop, not {other}"),
            ))
        }
    };
    let pane = existing_pane(&app, &id)?;
    blocking(&app, &id, move || pane.step(step)).await
}

/// `POST /api/sessions/ID/repl/stop`: stops the running query as Ctrl-C does.
pub async fn repl_stop(State(app): State<Arc<App>>, Path(id): Path<String>) -> Reply<StatusCode> {
    existing_pane(&app, &id)?.interrupt();
    Ok(StatusCode::NO_CONTENT)
}
