//! The page: HTML, CSS and JavaScript embedded in the binary, so `gomoku gui` needs no files
//! and no build step beside cargo. The script only draws what the API answers and sends the
//! clicks; it holds no rules.

use axum::http::header;
use axum::response::IntoResponse;

/// The page.
pub const INDEX_HTML: &str = include_str!("assets/index.html");
/// Its style sheet.
pub const STYLE_CSS: &str = include_str!("assets/style.css");
/// Its script.
pub const APP_JS: &str = include_str!("assets/app.js");

/// Assets change with the binary; the browser asks again each time.
const CACHE: &str = "no-cache";

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, CACHE),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
}

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", APP_JS)
}
