//! `ludolog serve`: the web front end — a page embedded in the binary (plain ES
//! modules: the board drawn from the game's `view/2`, moves by clicking, a history
//! to walk back through, computer players) over a JSON API (`api`), served by axum on
//! 127.0.0.1 unless told otherwise, to the hosts it serves only (`guard`).  Every
//! game runs in a worker process of its own (`sessions`, `game`), under the same
//! sandbox and limits as every other command, so that one game's limit, crash or
//! hang ends that game's request only.

mod analysis;
mod analysis_api;
mod api;
mod api_error;
mod caps;
mod events;
mod footprints;
mod game;
mod game_error;
mod guard;
mod levels;
mod playground;
mod playground_check;
mod playground_share;
mod repl_pane;
mod sessions;
mod tiers;

pub use game::GameState;
pub use sessions::MAX_SESSIONS;

use crate::registry::EngineSpec;
use api::App;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The largest request body the API reads.
pub const MAX_BODY: usize = 256 * 1024;

/// How many requests are served at once; more get a 503.
pub const MAX_REQUESTS: usize = 32;

/// What `ludolog serve` serves, and where.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The game the page opens first (with `--rules`, the given rules).
    pub spec: EngineSpec,
    /// Where to listen (127.0.0.1 unless `--host` says otherwise).
    pub addr: SocketAddr,
    /// Host names besides loopback's and the listening address that requests may
    /// name (`--allow-host`).
    pub allow_hosts: Vec<String>,
    /// `--playground`: the address said at the start is the rules playground's.
    pub playground: bool,
}

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const HISTORY: &str = include_str!("page/history.js");
const PLAYERS: &str = include_str!("page/players.js");
const ANALYSIS: &str = include_str!("page/analysis.js");
const LIVE: &str = include_str!("page/live.js");
const CELLS: &str = include_str!("page/cells.js");
const PANELS: &str = include_str!("page/panels.js");
const OPTIONS: &str = include_str!("page/options.js");
const STYLE: &str = include_str!("page/style.css");
const FAVICON: &str = include_str!("page/favicon.svg");
const PLAYGROUND: &str = include_str!("page/playground.html");
const PLAYGROUND_SCRIPT: &str = include_str!("page/playground.js");
const PLAYGROUND_STYLE: &str = include_str!("page/playground.css");

/// The routes: the page, its script and style, and the API, for a server listening
/// at `at`.
pub fn router(config: ServeConfig, at: SocketAddr) -> Router {
    let hosts = Arc::new(guard::Hosts::new(at, &config.allow_hosts));
    let app = Arc::new(App {
        config,
        sessions: sessions::Sessions::default(),
        panes: Default::default(),
        analyses: Default::default(),
        playground: Default::default(),
    });
    let limit = Arc::new(Semaphore::new(MAX_REQUESTS));
    Router::new()
        .route(
            "/",
            get(|| async { page("text/html; charset=utf-8", INDEX) }),
        )
        .route(
            "/app.js",
            get(|| async { page("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/history.js",
            get(|| async { page("text/javascript; charset=utf-8", HISTORY) }),
        )
        .route(
            "/players.js",
            get(|| async { page("text/javascript; charset=utf-8", PLAYERS) }),
        )
        .route(
            "/analysis.js",
            get(|| async { page("text/javascript; charset=utf-8", ANALYSIS) }),
        )
        .route(
            "/live.js",
            get(|| async { page("text/javascript; charset=utf-8", LIVE) }),
        )
        .route(
            "/options.js",
            get(|| async { page("text/javascript; charset=utf-8", OPTIONS) }),
        )
        .route(
            "/cells.js",
            get(|| async { page("text/javascript; charset=utf-8", CELLS) }),
        )
        .route(
            "/panels.js",
            get(|| async { page("text/javascript; charset=utf-8", PANELS) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { page("image/svg+xml", FAVICON) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { page("image/svg+xml", FAVICON) }),
        )
        .route(
            "/style.css",
            get(|| async { page("text/css; charset=utf-8", STYLE) }),
        )
        .route(
            "/playground",
            get(|| async { page("text/html; charset=utf-8", PLAYGROUND) }),
        )
        .route(
            "/playground.js",
            get(|| async { page("text/javascript; charset=utf-8", PLAYGROUND_SCRIPT) }),
        )
        .route(
            "/playground.css",
            get(|| async { page("text/css; charset=utf-8", PLAYGROUND_STYLE) }),
        )
        .route("/api/playground/starters", get(playground::starters))
        .route("/api/playground/starters/{name}", get(playground::starter))
        .route("/api/playground/lint", post(playground::lint))
        .route("/api/playground/play", post(playground::play))
        .route("/api/playground/check", post(playground_check::check))
        .route("/api/games", get(api::games))
        .route("/api/sessions", post(api::open))
        .route("/api/sessions/{id}", get(api::state).delete(api::close))
        .route("/api/sessions/{id}/events", get(events::events))
        .route("/api/sessions/{id}/play", post(api::play))
        .route("/api/sessions/{id}/undo", post(api::undo))
        .route("/api/sessions/{id}/redo", post(api::redo))
        .route("/api/sessions/{id}/restart", post(api::restart))
        .route("/api/sessions/{id}/position", post(api::position))
        .route("/api/sessions/{id}/footprints", get(api::footprints))
        .route("/api/sessions/{id}/why", post(api::why))
        .route("/api/sessions/{id}/computer", post(api::computer))
        .route("/api/sessions/{id}/stop", post(api::stop))
        .route("/api/sessions/{id}/levels", get(api::levels))
        .route("/api/sessions/{id}/check", post(api::check))
        .route(
            "/api/sessions/{id}/analysis",
            get(analysis_api::report).post(analysis_api::start),
        )
        .route("/api/sessions/{id}/analysis/stop", post(analysis_api::stop))
        .route("/api/sessions/{id}/repl", post(api::repl))
        .route("/api/sessions/{id}/repl/next", post(api::repl_next))
        .route("/api/sessions/{id}/repl/stop", post(api::repl_stop))
        .route(
            "/api/sessions/{id}/record",
            get(api::record).post(api::load_record),
        )
        .fallback(|| async {
            (
                StatusCode::NOT_FOUND,
                axum::Json(serde_json::json!({ "error": "no such page or API route" })),
            )
        })
        .layer(middleware::from_fn_with_state(limit, at_most))
        .layer(middleware::from_fn_with_state(hosts, guard::guard))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// An embedded file of the page.
fn page(kind: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

/// Serves a request if fewer than `MAX_REQUESTS` are being served, else a 503.
async fn at_most(State(limit): State<Arc<Semaphore>>, req: Request, next: Next) -> Response {
    match limit.try_acquire() {
        Ok(_permit) => next.run(req).await,
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(serde_json::json!({ "error": "too many requests at once; try again" })),
        )
            .into_response(),
    }
}

/// Serves until the process is stopped; says the URL on `out` once listening.
pub fn run(config: ServeConfig, out: &mut dyn Write) -> anyhow::Result<()> {
    // a game that does not open (no such game, a missing or broken rule file, a bad
    // option) is said now, not at the first page (in a worker, as every game is)
    crate::worker::WorkerEngine::open(&config.spec)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.addr))?;
        let addr = listener.local_addr()?;
        if config.playground {
            writeln!(
                out,
                "ludolog serves its rules playground at http://{addr}/playground (Ctrl-C stops it)"
            )?;
        } else {
            writeln!(
                out,
                "ludolog serves {} at http://{addr}/ (Ctrl-C stops it)",
                config.spec.game_name()
            )?;
        }
        out.flush()?;
        axum::serve(listener, router(config, addr)).await?;
        Ok(())
    })
}
