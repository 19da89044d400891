//! The rules playground of `serve` (`/playground`): a rule file's text sent by the
//! page, never written to disk, linted as it is typed, played on the board, and
//! checked against a built-in game or between its tiers (`playground_check`).  Each
//! runs in a worker process under the sandbox, as a rule file from disk does (never
//! in the server's own Prolog machine, whatever `--trust` says), bounded in size,
//! time and in how many run at once.

use super::api::{body, ApiError, App, Reply};
use super::game::{GameError, GameState};
use super::sessions::SessionError;
use crate::game::{GameOptions, Tier};
use crate::registry::{all_games, embedded_file, EngineSpec};
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::OwnedSemaphorePermit;

/// The longest rule text the playground takes (the longest built-in rule file is
/// under half of it).
pub const MAX_TEXT: usize = 64 * 1024;
pub use super::playground_share::MAX_AT_ONCE;
/// How long a lint may take, its random games included, before its worker is ended.
pub const LINT_WITHIN: Duration = Duration::from_secs(20);
/// The random games a lint plays after its static checks, and how long they may take.
const LINT_GAMES: usize = 4;
const LINT_GAMES_BUDGET: Duration = Duration::from_secs(2);

/// A place for one more lint or check in the server's share for the playground
/// (`playground_share`), or a 503 that says to try again.
pub(super) fn permit(app: &App) -> Reply<OwnedSemaphorePermit> {
    app.playground.permit().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the playground runs {MAX_AT_ONCE} lints and checks at once already; try again when one ends"),
        )
    })
}

/// The body of the playground's requests: the rule text, the game's options (as the
/// New game form sends them) and the rule tier to run it in (`spec` unless named).
#[derive(Deserialize)]
pub struct Given {
    pub(super) text: String,
    #[serde(default)]
    pub(super) options: BTreeMap<String, Value>,
    pub(super) tier: Option<String>,
}

impl Given {
    /// The spec of the text: checked for size, its options read, in a rule tier.
    pub(super) fn spec(&self) -> Reply<EngineSpec> {
        let text = checked_text(&self.text)?;
        let options = options_of(&self.options)?;
        let tier = rule_tier(self.tier.as_deref())?;
        Ok(EngineSpec {
            tier: Some(tier),
            ..EngineSpec::given(text, options)
        })
    }
}

/// The text, if the playground takes it: not empty, at most `MAX_TEXT` bytes.
fn checked_text(text: &str) -> Reply<String> {
    if text.trim().is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the rule text is empty: start from a starter or a built-in game".into(),
        ));
    }
    if text.len() > MAX_TEXT {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the rule text is {} KiB; the playground takes at most {} KiB",
                text.len().div_ceil(1024),
                MAX_TEXT / 1024
            ),
        ));
    }
    Ok(text.to_string())
}

/// A game's options as `KEY=VALUE` items, read.
pub(super) fn options_of(options: &BTreeMap<String, Value>) -> Reply<GameOptions> {
    let items: Vec<String> = options
        .iter()
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k}={s}"),
            other => format!("{k}={other}"),
        })
        .collect();
    GameOptions::parse(&items)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("options: {e}")))
}

/// A rule tier by name (`spec` when none is named): a rule text has no native one.
pub(super) fn rule_tier(name: Option<&str>) -> Reply<Tier> {
    let tier = match name {
        None | Some("") => Tier::Spec,
        Some(t) => t
            .parse::<Tier>()
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("tier: {e}")))?,
    };
    if tier == Tier::Native {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "tier: a rule text runs in the spec or accelerated tier, not native".into(),
        ));
    }
    Ok(tier)
}

/// `GET /api/playground/starters`: what the editor can start from: `ludolog new`'s
/// starters, then every built-in game's rule file.
pub async fn starters() -> Json<Value> {
    let mut list: Vec<Value> = crate::cli::BOARDS
        .iter()
        .map(|b| {
            json!({
                "name": format!("new-{b}"),
                "label": format!("new game: {}", crate::cli::board_summary(b).unwrap_or(b)),
            })
        })
        .collect();
    for d in all_games().0.iter() {
        if embedded_file(d.name).is_some() {
            list.push(json!({ "name": d.name, "label": format!("{}: {}", d.name, d.summary) }));
        }
    }
    Json(json!({ "starters": list }))
}

/// `GET /api/playground/starters/NAME`: a starter's text (`new-square`, `new-hex`:
/// `ludolog new`'s, as the game `my_game`) or a built-in game's rule file.
pub async fn starter(Path(name): Path<String>) -> Reply<Json<Value>> {
    let text = match name.strip_prefix("new-") {
        Some(board) => crate::cli::starter_text("my_game", board),
        None => all_games()
            .0
            .iter()
            .find(|d| d.name == name)
            .and_then(|d| embedded_file(d.name))
            .map(|f| f.text),
    };
    let text = text.ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no starter {}: GET /api/playground/starters lists them",
                crate::game::elide(&name)
            ),
        )
    })?;
    Ok(Json(json!({ "name": name, "text": text })))
}

/// `POST /api/playground/lint` `{"text": "…"}`: what lint finds in the text (each
/// finding with its line, 0 for the file as a whole): the static checks, then a few
/// short random games; a lint that runs past `LINT_WITHIN` is ended, and says so.
pub async fn lint(
    State(app): State<Arc<App>>,
    req: Result<Json<Given>, JsonRejection>,
) -> Reply<Json<crate::authoring::FileReport>> {
    let spec = body(req)?.spec()?;
    let _permit = permit(&app)?;
    let plan = crate::authoring::Playouts {
        games: LINT_GAMES,
        seed: crate::game::defaults::SEED,
        max_plies: crate::game::defaults::MAX_PLIES,
        budget: Some(LINT_GAMES_BUDGET),
    };
    let tier = spec.effective_tier();
    let text = spec.text.unwrap_or_default();
    let report = tokio::task::spawn_blocking(move || {
        crate::worker::lint_text(text, &spec.options, plan, tier, LINT_WITHIN)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(Json(report))
}

/// `POST /api/playground/play` `{"text": "…", "options": {…}}`: a new game of the
/// text on the board (in a worker, as every game); its state, whose id the board
/// opens (`/#ID`).  A text that does not load is a 422 that says where.
pub async fn play(
    State(app): State<Arc<App>>,
    req: Result<Json<Given>, JsonRejection>,
) -> Reply<Json<GameState>> {
    let spec = body(req)?.spec()?;
    let id = match app.sessions.open(spec).await {
        Ok(id) => id,
        Err(SessionError::Game(GameError::Engine(why))) => {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("the rules do not open: {why}"),
            ))
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Json(app.sessions.with(&id, |g| g.state()).await??))
}
