//! API errors: a status and a one-line message, answered as `{"error": "..."}`; and a JSON body
//! extractor whose rejections (bad JSON, a wrong field, a body too large) answer the same way.

use axum::Json;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use gomoku_rules::{OpeningError, PlayErrorReason};

use crate::gui::store::StoreFull;
use crate::gui::table::TableError;

/// A refused request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (4xx for the client's mistakes).
    pub status: StatusCode,
    /// What is wrong, for people.
    pub message: String,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such game or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, Json(body)).into_response()
    }
}

impl From<TableError> for ApiError {
    fn from(e: TableError) -> ApiError {
        let status = match &e {
            TableError::Move(play) | TableError::Opening(OpeningError::Move(play)) => {
                match play.reason {
                    PlayErrorReason::OutOfBoard => StatusCode::BAD_REQUEST,
                    PlayErrorReason::GameOver => StatusCode::CONFLICT,
                    PlayErrorReason::Occupied | PlayErrorReason::Forbidden(_) => {
                        StatusCode::UNPROCESSABLE_ENTITY
                    }
                }
            }
            TableError::Player(_) | TableError::Size(_) => StatusCode::BAD_REQUEST,
            TableError::Opening(_)
            | TableError::NotYourOpeningTurn { .. }
            | TableError::ChooseFirst { .. }
            | TableError::OpeningFixed
            | TableError::NothingToReview
            | TableError::Reviewing
            | TableError::NoSuchPly { .. }
            | TableError::NotYourTurn { .. }
            | TableError::NothingToUndo
            | TableError::NothingToRedo
            | TableError::GameOver
            | TableError::Busy(_)
            | TableError::NothingToStop => StatusCode::CONFLICT,
        };
        ApiError::new(status, e.to_string())
    }
}

impl From<StoreFull> for ApiError {
    fn from(e: StoreFull) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string())
    }
}

/// A JSON request body, refused with an [`ApiError`] (400 bad JSON or fields, 413 too large,
/// 415 not JSON).
#[derive(Clone, Copy, Debug, Default)]
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => {
                // Axum answers 422 for JSON of the wrong shape; it is a malformed request here.
                let status = match rejection.status() {
                    StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
                    other => other,
                };
                Err(ApiError::new(status, rejection.body_text()))
            }
        }
    }
}
