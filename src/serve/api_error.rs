//! What a failed request of the JSON API answers: its status, `{"error": "…"}`, and
//! for a refused position its kind and column; how each error of a session, a game
//! or a request body maps to a status.

use super::game::GameError;
use super::sessions::SessionError;
use crate::game::PositionKind;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// A failed request: its status, what to tell the client, and for a refused
/// position its kind and the column its text stopped reading at.
pub struct ApiError(
    pub(super) StatusCode,
    pub(super) String,
    pub(super) Option<(PositionKind, Option<usize>)>,
);

impl ApiError {
    /// A failed request that is not a refused position.
    pub(super) fn new(status: StatusCode, error: String) -> ApiError {
        ApiError(status, error, None)
    }
}

impl IntoResponse for ApiError {
    /// `{"error": …}`; a refused position adds `"kind"`: `unreadable` (its text
    /// does not read, with the column `"at"` where the reader knows it),
    /// `unreachable` (no game reaches it) or `no_setup`.
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.1 });
        if let Some((kind, at)) = self.2 {
            body["kind"] = json!(kind.name());
            if let Some(at) = at {
                body["at"] = json!(at);
            }
        }
        (self.0, Json(body)).into_response()
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> ApiError {
        let status = match &e {
            SessionError::Unknown => StatusCode::NOT_FOUND,
            SessionError::Game(GameError::Refused(_) | GameError::Position(_)) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            SessionError::Game(GameError::Stale(_)) => StatusCode::CONFLICT,
            SessionError::Game(GameError::Engine(_)) | SessionError::Stopped(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        let position = match &e {
            SessionError::Game(GameError::Position(p)) => Some((p.kind, p.at)),
            _ => None,
        };
        ApiError(status, e.to_string(), position)
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        SessionError::Game(e).into()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> ApiError {
        let status = match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, format!("bad request body: {}", e.body_text()))
    }
}

pub(super) type Reply<T> = Result<T, ApiError>;

/// A request body read as JSON, or a clear 400.
pub(super) fn body<T>(b: Result<Json<T>, JsonRejection>) -> Reply<T> {
    b.map(|Json(t)| t).map_err(ApiError::from)
}
