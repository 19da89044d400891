//! Live updates (issue 50 item 6): `GET /api/sessions/ID/events`, a stream of
//! server-sent events for every page that shows a game — a `changed` event, its
//! data the game's version, when the stream opens and each time a request changes
//! the game (a move from any page or computer, undo, a position set, a record
//! loaded, the REPL pane's `:play`, a reload of its rules).  A page whose state has
//! another version asks for the state again: a second browser on the game's
//! address plays the other side, or watches, without polling.

use super::api::{ApiError, App};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::Stream;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// How many pages may follow games at once (each holds a connection open).
pub const MAX_STREAMS: usize = 64;

static OPEN: AtomicUsize = AtomicUsize::new(0);

/// One open stream, counted until it ends.
struct Open;

impl Drop for Open {
    fn drop(&mut self) {
        OPEN.fetch_sub(1, Ordering::SeqCst);
    }
}

/// `GET /api/sessions/ID/events`: the game's version now and at each change, as
/// server-sent events named `changed`; the stream ends when the game is closed.
pub async fn events(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let changes = app.sessions.subscribe(&id)?;
    if OPEN.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
        OPEN.fetch_sub(1, Ordering::SeqCst);
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{MAX_STREAMS} pages already follow games here; reload later"),
        ));
    }
    let stream = futures_util::stream::unfold(
        (changes, Open, true),
        |(mut changes, open, first)| async move {
            if !first {
                changes.changed().await.ok()?;
            }
            let version = changes.borrow_and_update().clone();
            let event = Event::default().event("changed").data(version);
            Some((Ok(event), (changes, open, false)))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
