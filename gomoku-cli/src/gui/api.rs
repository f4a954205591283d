//! The HTTP routes: the page's assets and the JSON API under `/api/` (documented in
//! `docs/gui.md`, which is also the [`crate::gui`] module's documentation).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{Stream, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;
use tokio::sync::broadcast::error::RecvError;

use gomoku_ai::review::ReviewOptions;
use gomoku_ai::{BUILTIN_PLAYERS, Level, explain};
use gomoku_rules::record::{self, Format, ReadOptions, Record};
use gomoku_rules::{MAX_SIZE, MIN_SIZE, OpeningRule, Point, Rule, SwapChoice};

use crate::gui::assets;
use crate::gui::error::{ApiError, JsonBody};
use crate::gui::runner::{Event, TableHandle};
use crate::gui::settings::{
    DEFAULT_MOVE_TIME_MS, MAX_MOVE_TIME_MS, MIN_MOVE_TIME_MS, Settings, SettingsRequest,
};
use crate::gui::store::{DEFAULT_MAX_GAMES, Store};
use crate::gui::table::Table;
use crate::gui::view::GameView;
use crate::play::session::{HINT_DEPTH, HINT_MOVES};

/// The largest request body, except for loading a record.
pub const BODY_LIMIT: usize = 16 << 10;
/// The largest record a page may upload (RenjuNet databases hold many games).
pub const LOAD_LIMIT: usize = 4 << 20;
/// The shortest analysis a page may ask for (ms).
pub const MIN_ANALYSIS_MS: u64 = 100;
/// The longest analysis a page may ask for (ms).
pub const MAX_ANALYSIS_MS: u64 = 60_000;
/// The analysis time unless the request gives one (ms).
pub const DEFAULT_ANALYSIS_MS: u64 = 3_000;
/// Hints computed at once (each is a search on a blocking thread).
const CONCURRENT_HINTS: usize = 2;
/// The longest point name a request may give (`v22` is three characters).
const MAX_POINT_LEN: usize = 8;

/// What the server shares between requests.
#[derive(Debug)]
pub struct AppState {
    store: Store,
    hints: Semaphore,
    loopback_only: bool,
}

impl AppState {
    /// A server keeping at most `max_games` games. With `loopback_only` (the server listens on
    /// a loopback address), requests must name a loopback host, which shuts out pages of other
    /// sites that rebind their name to 127.0.0.1.
    pub fn new(max_games: usize, loopback_only: bool) -> AppState {
        AppState {
            store: Store::new(max_games),
            hints: Semaphore::new(CONCURRENT_HINTS),
            loopback_only,
        }
    }

    /// The games.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn game(&self, id: &str) -> Result<Arc<TableHandle>, ApiError> {
        self.store.get(id).ok_or_else(|| {
            let shown: String = id.chars().take(32).collect();
            ApiError::not_found(format!(
                "no game \"{shown}\" (games end with the server: start a new one)"
            ))
        })
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new(DEFAULT_MAX_GAMES, true)
    }
}

type Api<T> = Result<T, ApiError>;
type Shared = State<Arc<AppState>>;

/// The server's routes.
pub fn router(state: Arc<AppState>) -> Router {
    let game = "/api/games/{id}";
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/options", get(options))
        .route("/api/games", post(create_game))
        .route(game, get(get_game).delete(delete_game))
        .route(&format!("{game}/new"), post(new_game))
        .route(&format!("{game}/move"), post(play_move))
        .route(&format!("{game}/choose"), post(choose))
        .route(&format!("{game}/undo"), post(undo))
        .route(&format!("{game}/redo"), post(redo))
        .route(&format!("{game}/stop"), post(stop))
        .route(&format!("{game}/pause"), post(pause))
        .route(&format!("{game}/hint"), post(hint))
        .route(&format!("{game}/analyze"), post(analyze))
        .route(&format!("{game}/review"), post(review))
        .route(&format!("{game}/rewind"), post(rewind))
        .route(&format!("{game}/record"), get(download_record))
        .route(
            &format!("{game}/load"),
            post(load_record).layer(DefaultBodyLimit::max(LOAD_LIMIT)),
        )
        .route(&format!("{game}/events"), get(events))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Refuses requests from other sites: a loopback server answers only to loopback host names,
/// and a request from a page (with an `Origin`) must come from this server's own pages.
async fn guard(State(app): Shared, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if app.loopback_only && !host.is_empty() && !is_loopback_host(host) {
        return ApiError::new(StatusCode::FORBIDDEN, format!("unexpected host \"{host}\""))
            .into_response();
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let same = origin
            .split_once("://")
            .is_some_and(|(_, rest)| rest.eq_ignore_ascii_case(host));
        if !same {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                format!("requests from other sites are refused (origin \"{origin}\")"),
            )
            .into_response();
        }
    }
    next.run(request).await
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page or API route (see docs/gui.md)")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method (see docs/gui.md)",
    )
}

/// A choice of player for the page's menus.
#[derive(Debug, Serialize)]
struct PlayerOption {
    spec: String,
    label: String,
}

/// A record format for the page's menus.
#[derive(Debug, Serialize)]
struct FormatOption {
    name: &'static str,
    extension: &'static str,
    label: String,
}

/// An opening rule for the page's menu.
#[derive(Debug, Serialize)]
struct OpeningOption {
    name: &'static str,
    label: &'static str,
    explain: String,
}

/// A range of milliseconds and its default.
#[derive(Debug, Serialize)]
struct MsRange {
    min: u64,
    max: u64,
    default: u64,
}

/// `GET /api/options`.
#[derive(Debug, Serialize)]
struct OptionsView {
    rules: Vec<&'static str>,
    openings: Vec<OpeningOption>,
    min_size: u8,
    max_size: u8,
    players: Vec<PlayerOption>,
    formats: Vec<FormatOption>,
    move_time_ms: MsRange,
    analysis_ms: MsRange,
    defaults: DefaultsView,
}

#[derive(Debug, Serialize)]
struct DefaultsView {
    size: u32,
    rule: &'static str,
    black: String,
    white: String,
    opening: &'static str,
}

async fn options() -> Json<OptionsView> {
    let mut players = vec![PlayerOption {
        spec: "human".into(),
        label: "Human".into(),
    }];
    for level in Level::ALL {
        players.push(PlayerOption {
            spec: format!("engine:{level}"),
            label: format!("Engine: {level}"),
        });
    }
    for &name in BUILTIN_PLAYERS.iter().filter(|&&n| n != "engine") {
        players.push(PlayerOption {
            spec: name.to_string(),
            label: format!("Classic: {name}"),
        });
    }
    let defaults = Settings::default();
    Json(OptionsView {
        rules: Rule::ALL.iter().map(|r| r.name()).collect(),
        openings: OpeningRule::ALL
            .iter()
            .map(|&o| OpeningOption {
                name: o.name(),
                label: match o {
                    OpeningRule::Free => "Free (Black starts)",
                    OpeningRule::Swap => "Swap",
                    OpeningRule::Swap2 => "Swap2",
                },
                explain: o.explain(Rule::Freestyle),
            })
            .collect(),
        min_size: MIN_SIZE,
        max_size: MAX_SIZE,
        players,
        formats: Format::ALL
            .iter()
            .map(|&f| FormatOption {
                name: f.name(),
                extension: f.extension(),
                label: f.to_string(),
            })
            .collect(),
        move_time_ms: MsRange {
            min: MIN_MOVE_TIME_MS,
            max: MAX_MOVE_TIME_MS,
            default: DEFAULT_MOVE_TIME_MS,
        },
        analysis_ms: MsRange {
            min: MIN_ANALYSIS_MS,
            max: MAX_ANALYSIS_MS,
            default: DEFAULT_ANALYSIS_MS,
        },
        defaults: DefaultsView {
            size: defaults.size,
            rule: defaults.rule.name(),
            black: defaults.players[0].to_string(),
            white: defaults.players[1].to_string(),
            opening: defaults.opening.name(),
        },
    })
}

async fn create_game(
    State(app): Shared,
    JsonBody(request): JsonBody<SettingsRequest>,
) -> Api<(StatusCode, Json<GameView>)> {
    let settings = request
        .apply_to(&Settings::default())
        .map_err(ApiError::bad_request)?;
    let table = Table::new(settings)?;
    let handle = app.store.insert(table)?;
    Ok((StatusCode::CREATED, Json(handle.drive())))
}

async fn get_game(State(app): Shared, Path(id): Path<String>) -> Api<Json<GameView>> {
    Ok(Json(app.game(&id)?.view()))
}

async fn delete_game(State(app): Shared, Path(id): Path<String>) -> Api<StatusCode> {
    let handle = app
        .store
        .remove(&id)
        .ok_or_else(|| ApiError::not_found(format!("no game \"{id}\"")))?;
    handle.lock().close();
    Ok(StatusCode::NO_CONTENT)
}

async fn new_game(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<SettingsRequest>,
) -> Api<Json<GameView>> {
    let handle = app.game(&id)?;
    let current = handle.lock().settings().clone();
    let settings = request.apply_to(&current).map_err(ApiError::bad_request)?;
    Ok(Json(handle.act(|t| t.new_game(settings))?.1))
}

/// `POST .../move`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    point: String,
}

async fn play_move(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Api<Json<GameView>> {
    let handle = app.game(&id)?;
    if request.point.len() > MAX_POINT_LEN {
        return Err(ApiError::bad_request("point: not a point (like h8)"));
    }
    let size = handle.lock().game().size();
    let point = Point::parse(request.point.trim(), size)
        .map_err(|e| ApiError::bad_request(format!("point: {e}")))?;
    Ok(Json(handle.act(|t| t.play(point))?.1))
}

/// `POST .../choose`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChooseRequest {
    /// `black`, `white` or `two`.
    choice: String,
}

async fn choose(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<ChooseRequest>,
) -> Api<Json<GameView>> {
    let handle = app.game(&id)?;
    if request.choice.len() > MAX_POINT_LEN {
        return Err(ApiError::bad_request("choice: black, white or two"));
    }
    let choice: SwapChoice = request
        .choice
        .parse()
        .map_err(|e| ApiError::bad_request(format!("choice: {e}")))?;
    Ok(Json(handle.act(|t| t.choose(choice))?.1))
}

async fn undo(State(app): Shared, Path(id): Path<String>) -> Api<Json<GameView>> {
    Ok(Json(app.game(&id)?.act(|t| t.undo())?.1))
}

async fn redo(State(app): Shared, Path(id): Path<String>) -> Api<Json<GameView>> {
    Ok(Json(app.game(&id)?.act(|t| t.redo())?.1))
}

async fn stop(State(app): Shared, Path(id): Path<String>) -> Api<Json<GameView>> {
    Ok(Json(app.game(&id)?.act(|t| t.stop())?.1))
}

/// `POST .../pause`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PauseRequest {
    paused: bool,
}

async fn pause(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<PauseRequest>,
) -> Api<Json<GameView>> {
    let handle = app.game(&id)?;
    Ok(Json(
        handle
            .act(|t| {
                t.set_paused(request.paused);
                Ok(())
            })?
            .1,
    ))
}

async fn hint(State(app): Shared, Path(id): Path<String>) -> Api<Json<GameView>> {
    let handle = app.game(&id)?;
    let (board, rule, position) = handle.lock().hint_request()?;
    let _permit =
        app.hints.acquire().await.map_err(|_| {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
        })?;
    let explanation =
        tokio::task::spawn_blocking(move || explain(&board, rule, HINT_MOVES, HINT_DEPTH))
            .await
            .map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("the hint failed: {e}"),
                )
            })?;
    let (kept, view) = handle.act(|t| Ok(t.set_hint(position, explanation)))?;
    if kept {
        Ok(Json(view))
    } else {
        Err(ApiError::new(
            StatusCode::CONFLICT,
            "the position changed while the hint was computed; ask again",
        ))
    }
}

/// `POST .../analyze`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyzeRequest {
    time_ms: Option<u64>,
}

async fn analyze(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<AnalyzeRequest>,
) -> Api<Json<GameView>> {
    let ms = request.time_ms.unwrap_or(DEFAULT_ANALYSIS_MS);
    if !(MIN_ANALYSIS_MS..=MAX_ANALYSIS_MS).contains(&ms) {
        return Err(ApiError::bad_request(format!(
            "time_ms: {ms} is outside {MIN_ANALYSIS_MS}..={MAX_ANALYSIS_MS}"
        )));
    }
    let handle = app.game(&id)?;
    let (job, view) = handle.act(|t| t.start_analysis(Duration::from_millis(ms)))?;
    handle.spawn(job);
    Ok(Json(view))
}

/// The shortest search per position a review may ask for (ms).
pub const MIN_REVIEW_MS: u64 = 20;
/// The longest search per position a review may ask for (ms).
pub const MAX_REVIEW_MS: u64 = 5_000;
/// The search per position of a review unless the request gives one (ms).
pub const DEFAULT_REVIEW_MS: u64 = 200;

/// `POST .../review`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewRequest {
    /// Search time per position.
    time_ms: Option<u64>,
}

/// Starts [`gomoku_ai::review::review`] of the game on a blocking thread: the state's `review`
/// shows its progress (a `state` event as each position is done) and then its result.
async fn review(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<ReviewRequest>,
) -> Api<Json<GameView>> {
    let ms = request.time_ms.unwrap_or(DEFAULT_REVIEW_MS);
    if !(MIN_REVIEW_MS..=MAX_REVIEW_MS).contains(&ms) {
        return Err(ApiError::bad_request(format!(
            "time_ms: {ms} is outside {MIN_REVIEW_MS}..={MAX_REVIEW_MS}"
        )));
    }
    let handle = app.game(&id)?;
    let ((game, position), view) = handle.act(|t| t.start_review())?;
    let options = ReviewOptions {
        move_time: Some(Duration::from_millis(ms)),
        ..ReviewOptions::default()
    };
    let weak = Arc::downgrade(&handle);
    let app = app.clone();
    tokio::spawn(async move {
        // Reviews share the hints' threads, so a few tabs cannot take every core.
        let Ok(_permit) = app.hints.acquire().await else {
            return;
        };
        let _ = tokio::task::spawn_blocking(move || {
            let progress = |done: usize, total: usize| {
                if let Some(h) = weak.upgrade() {
                    let kept = h.lock().review_progress(position, done, total);
                    if kept {
                        h.publish();
                    }
                }
            };
            let result = gomoku_ai::review::review(&game, &options, &progress);
            if let Some(h) = weak.upgrade() {
                let kept = h.lock().finish_review(position, result);
                if kept {
                    h.publish();
                }
            }
        })
        .await;
    });
    Ok(Json(view))
}

/// `POST .../rewind`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RewindRequest {
    /// The number of moves to keep.
    ply: usize,
}

async fn rewind(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<RewindRequest>,
) -> Api<Json<GameView>> {
    Ok(Json(app.game(&id)?.act(|t| t.rewind(request.ply))?.1))
}

/// `GET .../record`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordQuery {
    format: Option<String>,
}

fn parse_format(name: &str) -> Result<Format, ApiError> {
    name.parse()
        .map_err(|e| ApiError::bad_request(format!("format: {e}")))
}

async fn download_record(
    State(app): Shared,
    Path(id): Path<String>,
    query: Result<Query<RecordQuery>, axum::extract::rejection::QueryRejection>,
) -> Api<Response> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let format = match &query.format {
        Some(name) => parse_format(name)?,
        None => Format::Json,
    };
    let handle = app.game(&id)?;
    let record = {
        let table = handle.lock();
        let mut record = Record::from_game(table.game())
            .map_err(|e| ApiError::new(StatusCode::CONFLICT, e.to_string()))?;
        record.black = Some(table.player_name(gomoku_rules::Color::Black));
        record.white = Some(table.player_name(gomoku_rules::Color::White));
        record.opening = table.opening_summary();
        record
    };
    let text = record::write_string(&record, format)
        .map_err(|e| ApiError::new(StatusCode::NOT_IMPLEMENTED, e.to_string()))?;
    let content_type = match format {
        Format::Json => "application/json",
        Format::Sgf => "application/x-go-sgf",
        Format::Rif => "application/xml",
        _ => "text/plain; charset=utf-8",
    };
    let disposition = format!("attachment; filename=\"gomoku.{}\"", format.extension());
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// `POST .../load`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadRequest {
    /// The file's text.
    text: String,
    /// The file's name: its extension tells the format.
    filename: Option<String>,
    /// The format, if neither the name nor the text tells.
    format: Option<String>,
    /// Which game of a file of several, from 1.
    game: Option<usize>,
}

async fn load_record(
    State(app): Shared,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<LoadRequest>,
) -> Api<Json<GameView>> {
    let handle = app.game(&id)?;
    let format = match (&request.format, &request.filename) {
        (Some(name), _) => parse_format(name)?,
        (None, Some(file)) => Format::from_path(std::path::Path::new(file))
            .unwrap_or_else(|| Format::detect(&request.text)),
        (None, None) => Format::detect(&request.text),
    };
    let index = match request.game {
        Some(0) => return Err(ApiError::bad_request("game: games count from 1")),
        Some(n) => n - 1,
        None => 0,
    };
    // What the file does not say comes from the current game.
    let options = {
        let table = handle.lock();
        ReadOptions {
            size: u32::from(table.game().size()),
            rule: table.game().rule(),
            game: index,
        }
    };
    let record = record::read_str_with(&request.text, format, &options).map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("not a valid {format} record: {e}"),
        )
    })?;
    Ok(Json(handle.act(|t| t.load(record.to_game()))?.1))
}

async fn events(
    State(app): Shared,
    Path(id): Path<String>,
) -> Api<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    let handle = app.game(&id)?;
    let receiver = handle.subscribe();
    let first = state_event(&handle.view());
    let weak = Arc::downgrade(&handle);
    let rest = futures_util::stream::unfold((receiver, weak), |(mut receiver, weak)| async move {
        let event = match receiver.recv().await {
            Ok(Event::State(json)) => SseEvent::default().event("state").data(json),
            Ok(Event::Info(json)) => SseEvent::default().event("info").data(json),
            // Fell behind: the whole state again says everything.
            Err(RecvError::Lagged(_)) => state_event(&weak.upgrade()?.view()),
            Err(RecvError::Closed) => return None,
        };
        Some((Ok(event), (receiver, weak)))
    });
    let stream = futures_util::stream::once(async move { Ok(first) }).chain(rest);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

fn state_event(view: &GameView) -> SseEvent {
    SseEvent::default()
        .event("state")
        .data(serde_json::to_string(view).unwrap_or_default())
}
