//! The web board's JSON API (`gomoku gui`), called through the router as the page calls it, and
//! its event stream over a real socket.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

use gomoku_cli::gui::api::{AppState, BODY_LIMIT, LOAD_LIMIT, router};
use gomoku_rules::record::Format;

/// How long a test waits for the engine before it fails (the engines here need milliseconds).
const PATIENCE: Duration = Duration::from_secs(30);

fn app() -> Router {
    router(Arc::new(AppState::default()))
}

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value, String) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let value = serde_json::from_str(&text).unwrap_or(Value::Null);
    (status, value, text)
}

async fn call(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let builder = Request::builder().method(method).uri(uri);
    let request = match body {
        Some(body) => builder
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
        None => builder.body(Body::empty()),
    }
    .unwrap();
    let (status, value, _) = send(app, request).await;
    (status, value)
}

async fn create(app: &Router, settings: Value) -> String {
    let (status, game) = call(app, "POST", "/api/games", Some(settings)).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game["id"].as_str().unwrap().to_string()
}

async fn play(app: &Router, id: &str, point: &str) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(json!({ "point": point })),
    )
    .await
}

/// Polls the game until `done` holds (the engine works in the background).
async fn wait_for(app: &Router, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (status, game) = call(app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
        if done(&game) {
            return game;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "gave up waiting; last state {game}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn moves(game: &Value) -> Vec<String> {
    game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// A refusal: the status, and a JSON message that names what is wrong.
fn assert_refused(answer: (StatusCode, Value), status: StatusCode, mentions: &str) {
    let (got, body) = answer;
    assert_eq!(got, status, "{body}");
    let message = body["error"].as_str().unwrap_or_default();
    assert!(
        message.contains(mentions),
        "\"{message}\" should mention \"{mentions}\""
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_answers_a_move_and_undo_takes_back_both() {
    let app = app();
    let id = create(
        &app,
        json!({"white": "engine:beginner", "move_time_ms": 50}),
    )
    .await;
    let (status, game) = play(&app, &id, "h8").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game)[0], "h8");
    let game = wait_for(&app, &id, |g| g["moves"].as_array().unwrap().len() == 2).await;
    assert_eq!(game["status"], "Black to move");
    assert_eq!(game["human_to_move"], true);
    assert_eq!(game["last_search"]["color"], "white");
    assert_eq!(game["last_search"]["best"], game["last_move"]);
    assert_eq!(
        (game["black_stones"].as_u64(), game["white_stones"].as_u64()),
        (Some(1), Some(1))
    );

    let (status, game) = call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(moves(&game).is_empty(), "{game}");
    assert_eq!(game["redo"].as_array().unwrap().len(), 2);
    let (status, game) = call(&app, "POST", &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(moves(&game).len(), 2);
    assert_eq!(game["to_move"], "black");
}

#[tokio::test]
async fn bad_requests_are_refused_with_a_message() {
    let app = app();
    let id = create(&app, json!({"white": "human"})).await;
    let game = format!("/api/games/{id}");
    let request = |method: &str, path: &str, content_type: &str, body: String| {
        Request::builder()
            .method(method)
            .uri(path)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap()
    };
    let raw = |app: &Router, r| {
        let app = app.clone();
        async move {
            let (status, value, _) = send(&app, r).await;
            (status, value)
        }
    };
    let mv = format!("{game}/move");
    assert_refused(
        raw(
            &app,
            request("POST", &mv, "application/json", "{\"point\":".into()),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "JSON",
    );
    assert_refused(
        raw(
            &app,
            request("POST", &mv, "application/json", "{\"pt\":\"h8\"}".into()),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "unknown field",
    );
    assert_refused(
        raw(
            &app,
            request("POST", &mv, "text/plain", "{\"point\":\"h8\"}".into()),
        )
        .await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "application/json",
    );
    let huge = format!("{{\"point\":\"{}\"}}", "h".repeat(BODY_LIMIT));
    assert_eq!(
        raw(&app, request("POST", &mv, "application/json", huge))
            .await
            .0,
        StatusCode::PAYLOAD_TOO_LARGE
    );
    assert_refused(
        play(&app, &id, "z99").await,
        StatusCode::BAD_REQUEST,
        "off the 15x15 board",
    );
    assert_refused(
        play(&app, &id, "hello").await,
        StatusCode::BAD_REQUEST,
        "point",
    );
    assert_eq!(play(&app, &id, "h8").await.0, StatusCode::OK);
    assert_refused(
        play(&app, &id, "h8").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "occupied",
    );
    assert_refused(
        call(&app, "POST", &format!("{game}/stop"), None).await,
        StatusCode::CONFLICT,
        "no search",
    );
    for (settings, field) in [
        (json!({"size": 4}), "size"),
        (json!({"size": "big"}), "size"),
        (json!({"rule": "chess"}), "rule"),
        (json!({"white": "pbrain:/bin/sh"}), "command line"),
        (json!({"black": "engine:expert"}), "expert"),
        (json!({"move_time_ms": 0}), "move_time_ms"),
        (json!({"colour": "red"}), "unknown field"),
    ] {
        assert_refused(
            call(&app, "POST", "/api/games", Some(settings.clone())).await,
            StatusCode::BAD_REQUEST,
            field,
        );
        assert_refused(
            call(&app, "POST", &format!("{game}/new"), Some(settings)).await,
            StatusCode::BAD_REQUEST,
            field,
        );
    }
    assert_refused(
        call(
            &app,
            "POST",
            &format!("{game}/analyze"),
            Some(json!({"time_ms": 5})),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "time_ms",
    );
    assert_refused(
        call(&app, "GET", &format!("{game}/record?format=doc"), None).await,
        StatusCode::BAD_REQUEST,
        "doc",
    );
    assert_refused(
        call(
            &app,
            "POST",
            &format!("{game}/load"),
            Some(json!({"text": "h8 h8"})),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not a valid move list record",
    );
    assert_refused(
        call(
            &app,
            "POST",
            &format!("{game}/load"),
            Some(json!({"text": "h8", "game": 0})),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "game",
    );
    assert_refused(
        call(&app, "GET", "/api/games/0123456789abcdef", None).await,
        StatusCode::NOT_FOUND,
        "no game",
    );
    assert_refused(
        call(&app, "GET", "/api/nothing", None).await,
        StatusCode::NOT_FOUND,
        "no such",
    );
    assert_refused(
        call(&app, "PUT", &mv, None).await,
        StatusCode::METHOD_NOT_ALLOWED,
        "method",
    );
    // None of it changed the game.
    let (_, state) = call(&app, "GET", &game, None).await;
    assert_eq!(moves(&state), ["h8"]);
    assert_eq!(state["size"], 15);
}

#[tokio::test]
async fn requests_from_other_sites_are_refused() {
    let app = app();
    let get = |host: &str, origin: Option<&str>| {
        let mut builder = Request::builder()
            .uri("/api/options")
            .header(header::HOST, host);
        if let Some(origin) = origin {
            builder = builder.header(header::ORIGIN, origin);
        }
        builder.body(Body::empty()).unwrap()
    };
    for (host, origin, expected) in [
        ("127.0.0.1:8150", None, StatusCode::OK),
        (
            "localhost:8150",
            Some("http://localhost:8150"),
            StatusCode::OK,
        ),
        ("[::1]:8150", None, StatusCode::OK),
        ("evil.example:8150", None, StatusCode::FORBIDDEN),
        (
            "127.0.0.1:8150",
            Some("http://evil.example"),
            StatusCode::FORBIDDEN,
        ),
    ] {
        let (status, body, _) = send(&app, get(host, origin)).await;
        assert_eq!(status, expected, "{host} {origin:?}: {body}");
    }
}

#[tokio::test]
async fn renju_forbidden_points_are_listed_and_refused() {
    let app = app();
    let id = create(&app, json!({"rule": "renju", "white": "human"})).await;
    for m in ["g6", "a1", "g7", "a3", "e8", "a5", "f8", "a7"] {
        assert_eq!(play(&app, &id, m).await.0, StatusCode::OK);
    }
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert!(
        game["forbidden"].as_array().unwrap().contains(&json!("g8")),
        "{game}"
    );
    assert_refused(
        play(&app, &id, "g8").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "forbidden",
    );
}

#[tokio::test]
async fn every_record_format_downloads_and_loads_back() {
    let app = app();
    let id = create(
        &app,
        json!({"white": "human", "size": 20, "rule": "standard"}),
    )
    .await;
    for m in ["k10", "l11", "k11", "a20", "k12"] {
        assert_eq!(play(&app, &id, m).await.0, StatusCode::OK);
    }
    for format in Format::ALL {
        let (status, _, text) = send(
            &app,
            Request::builder()
                .uri(format!("/api/games/{id}/record?format={}", format.name()))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{format}: {text}");
        // A fresh 20x20 standard game reads what the file does not say from itself.
        let other = create(
            &app,
            json!({"white": "human", "size": 20, "rule": "standard"}),
        )
        .await;
        let (status, game) = call(
            &app,
            "POST",
            &format!("/api/games/{other}/load"),
            Some(json!({"text": text, "filename": format!("game.{}", format.extension())})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{format}: {game}");
        assert_eq!(
            moves(&game),
            ["k10", "l11", "k11", "a20", "k12"],
            "{format}"
        );
        assert_eq!(game["size"], 20, "{format}");
    }
}

#[tokio::test]
async fn records_may_be_large_but_not_too_large() {
    let app = app();
    let id = create(&app, json!({"white": "human"})).await;
    let load = format!("/api/games/{id}/load");
    // Far over the limit of other requests: a long header line before the moves.
    let long = format!("# event: {}\nh8 i9\n", "x".repeat(100 * BODY_LIMIT));
    let (status, game) = call(
        &app,
        "POST",
        &load,
        Some(json!({"text": long, "filename": "a.txt"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game), ["h8", "i9"]);
    let too_long = format!("# event: {}\nh8\n", "x".repeat(LOAD_LIMIT));
    let (status, _) = call(&app, "POST", &load, Some(json!({"text": too_long}))).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn games_are_independent_and_deleted_games_are_gone() {
    let app = app();
    let a = create(&app, json!({"white": "human"})).await;
    let b = create(&app, json!({"white": "human", "size": 19})).await;
    assert_ne!(a, b);
    play(&app, &a, "h8").await;
    let (_, game_b) = call(&app, "GET", &format!("/api/games/{b}"), None).await;
    assert!(moves(&game_b).is_empty());
    assert_eq!(game_b["size"], 19);
    let (status, _) = call(&app, "DELETE", &format!("/api/games/{a}"), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        call(&app, "GET", &format!("/api/games/{a}"), None).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(&app, "GET", &format!("/api/games/{b}"), None).await.0,
        StatusCode::OK
    );
    // A restart keeps the settings; a new game changes what it is given.
    let (_, game) = call(
        &app,
        "POST",
        &format!("/api/games/{b}/new"),
        Some(json!({"rule": "caro"})),
    )
    .await;
    assert_eq!(
        (game["size"].as_u64(), game["rule"].as_str()),
        (Some(19), Some("caro"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_and_analysis_of_a_position() {
    let app = app();
    let id = create(&app, json!({"white": "human"})).await;
    for m in ["h8", "i9", "h9", "i10", "h10"] {
        play(&app, &id, m).await;
    }
    // White must block Black's open three.
    let (status, game) = call(&app, "POST", &format!("/api/games/{id}/hint"), None).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["hint"]["color"], "white");
    let hinted: Vec<&str> = game["hint"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["point"].as_str().unwrap())
        .collect();
    assert!(
        hinted.contains(&"h11") || hinted.contains(&"h7"),
        "{hinted:?}"
    );

    let (status, game) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/analyze"),
        Some(json!({"time_ms": 300})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["thinking"]["kind"], "analysis");
    assert_eq!(
        game["hint"], game["hint"],
        "the hint stays for this position"
    );
    assert_refused(
        call(
            &app,
            "POST",
            &format!("/api/games/{id}/analyze"),
            Some(json!({})),
        )
        .await,
        StatusCode::CONFLICT,
        "busy",
    );
    let game = wait_for(&app, &id, |g| g["thinking"].is_null()).await;
    let best = game["analysis"]["best"].as_str().unwrap();
    assert!(["h11", "h7"].contains(&best), "{game}");
    assert_eq!(game["analysis"]["pv"][0], best);
    assert_eq!(moves(&game).len(), 5, "an analysis plays nothing");
    // A move drops the analysis of the old position.
    play(&app, &id, best).await;
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert!(
        game["analysis"].is_null() && game["hint"].is_null(),
        "{game}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engines_play_each_other_until_paused() {
    let app = app();
    let id = create(
        &app,
        json!({"black": "random:1", "white": "random:2", "move_time_ms": 10}),
    )
    .await;
    // A person cannot move for an AI.
    assert_refused(play(&app, &id, "a1").await, StatusCode::CONFLICT, "turn");
    wait_for(&app, &id, |g| g["moves"].as_array().unwrap().len() >= 2).await;
    let (status, game) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/pause"),
        Some(json!({"paused": true})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["paused"], true);
    assert!(
        game["thinking"].is_null(),
        "pausing cancels the move in progress"
    );
    let count = moves(&game).len();
    // Undo while paused takes back one move and stays paused.
    let (_, game) = call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(moves(&game).len(), count - 1);
    assert!(
        game["status"].as_str().unwrap().starts_with("Paused"),
        "{game}"
    );
    let (_, game) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/pause"),
        Some(json!({"paused": false})),
    )
    .await;
    assert!(!game["thinking"].is_null(), "{game}");
    wait_for(&app, &id, |g| g["moves"].as_array().unwrap().len() > count).await;
}

/// Reads the event stream until `want` holds for the text so far.
async fn read_until(
    stream: &mut tokio::net::TcpStream,
    seen: &mut String,
    want: impl Fn(&str) -> bool,
) {
    let mut buffer = [0u8; 4096];
    tokio::time::timeout(PATIENCE, async {
        while !want(seen) {
            let n = stream.read(&mut buffer).await.unwrap();
            assert!(n > 0, "the stream ended: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buffer[..n]));
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no such event within {PATIENCE:?}: {seen}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_push_the_state_and_the_engines_progress() {
    let app = app();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let server = tokio::spawn(axum::serve(listener, app.clone()).into_future());
    let id = create(&app, json!({"white": "engine:easy", "move_time_ms": 200})).await;

    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut seen = String::new();
    read_until(&mut stream, &mut seen, |s| s.contains("event: state")).await;
    assert!(seen.starts_with("HTTP/1.1 200"), "{seen}");
    assert!(
        seen.to_ascii_lowercase()
            .contains("content-type: text/event-stream")
    );

    play(&app, &id, "h8").await;
    // The engine's reports, then the state with its move.
    read_until(&mut stream, &mut seen, |s| s.contains("event: info")).await;
    read_until(&mut stream, &mut seen, |s| {
        s.contains("\"moves\":[\"h8\",\"")
    })
    .await;
    let info_line = seen
        .lines()
        .skip_while(|l| *l != "event: info")
        .nth(1)
        .unwrap();
    let info: Value = serde_json::from_str(info_line.trim_start_matches("data: ")).unwrap();
    assert_eq!(info["kind"], "move");
    assert_eq!(info["color"], "white");
    assert!(info["depth"].as_u64().unwrap() >= 1, "{info}");
    assert!(!info["pv"].as_array().unwrap().is_empty(), "{info}");
    server.abort();
}

async fn choose(app: &Router, id: &str, choice: &str) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/games/{id}/choose"),
        Some(json!({ "choice": choice })),
    )
    .await
}

async fn record_json(app: &Router, id: &str) -> Value {
    let (status, record, text) = send(
        app,
        Request::builder()
            .uri(format!("/api/games/{id}/record?format=json"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    record
}

#[tokio::test]
async fn options_offer_the_opening_rules() {
    let (status, options) = call(&app(), "GET", "/api/options", None).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = options["openings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["free", "swap", "swap2"]);
    assert_eq!(options["defaults"]["opening"], "free");
    assert!(
        options["openings"][2]["explain"]
            .as_str()
            .unwrap()
            .contains("two more")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swap2_a_person_opens_and_the_engine_chooses() {
    let app = app();
    let id = create(
        &app,
        json!({"white": "engine:beginner", "opening": "swap2", "move_time_ms": 50}),
    )
    .await;
    let (status, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["opening"]["step"], "place");
    assert_eq!(game["opening"]["party"], "first");
    assert_eq!(
        game["status"],
        "Swap2, first player (human): place opening stone 1 of 3 (Black)"
    );
    assert_refused(
        choose(&app, &id, "black").await,
        StatusCode::CONFLICT,
        "nobody is to choose",
    );
    for p in ["h8", "i9", "f7"] {
        let (status, game) = play(&app, &id, p).await;
        assert_eq!(status, StatusCode::OK, "{game}");
    }
    let game = wait_for(&app, &id, |g| {
        g["opening"]["step"] == "settled" && g["thinking"].is_null()
    })
    .await;
    let choice = &game["opening"]["choices"][0];
    assert_eq!(choice["party"], "second");
    // The engine took a colour; when it took White it moves next.
    let took_white = choice["choice"] == "white";
    assert!(took_white || choice["choice"] == "black", "{game}");
    assert_eq!(
        game["black"],
        if took_white {
            "human"
        } else {
            "engine:beginner"
        }
    );
    let game = wait_for(&app, &id, |g| g["human_to_move"] == true).await;
    assert_eq!(moves(&game).len(), if took_white { 4 } else { 3 });
    // The opening stones stay.
    if !took_white {
        assert_refused(
            call(&app, "POST", &format!("/api/games/{id}/undo"), None).await,
            StatusCode::CONFLICT,
            "opening stones stay",
        );
    }
    let record = record_json(&app, &id).await;
    let opening = record["opening"].as_str().unwrap();
    assert!(
        opening.starts_with(
            "swap2: the first player (human) placed h8 i9 f7; the second player (engine:beginner) took"
        ),
        "{opening}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swap2_the_engine_opens_and_a_person_places_two() {
    let app = app();
    let id = create(
        &app,
        json!({"black": "engine:beginner", "white": "human", "opening": "swap2", "move_time_ms": 50}),
    )
    .await;
    // The engine's opening stones come at once.
    let game = wait_for(&app, &id, |g| g["opening"]["step"] == "choose").await;
    assert_eq!(moves(&game), ["h8", "i9", "f7"]);
    assert_eq!(game["opening"]["human_to_choose"], true);
    assert_eq!(game["opening"]["can_place_two"], true);
    assert_eq!(game["human_to_move"], false);
    assert_refused(
        play(&app, &id, "a1").await,
        StatusCode::CONFLICT,
        "choose a colour first",
    );
    assert_refused(
        choose(&app, &id, "grey").await,
        StatusCode::BAD_REQUEST,
        "choice",
    );
    let (status, game) = choose(&app, &id, "two").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["opening"]["step"], "place");
    assert_eq!(game["opening"]["color"], "white");
    assert_eq!(play(&app, &id, "j10").await.0, StatusCode::OK);
    assert_refused(
        play(&app, &id, "j10").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "occupied",
    );
    assert_eq!(play(&app, &id, "g6").await.0, StatusCode::OK);
    // The engine, as the first player, chooses by its search.
    let game = wait_for(&app, &id, |g| g["opening"]["step"] == "settled").await;
    let choice = &game["opening"]["choices"][1];
    assert_eq!(choice["party"], "first");
    let record = record_json(&app, &id).await;
    let opening = record["opening"].as_str().unwrap();
    assert!(
        opening.contains("the second player (human) placed two more stones (j10 g6); the first player (engine:beginner) took"),
        "{opening}"
    );
    // A person who took Black now waits for nothing: after the choice the person is to move
    // when the engine took Black, or the engine plays White's sixth move.
    let game = wait_for(&app, &id, |g| g["human_to_move"] == true).await;
    assert_eq!(
        game["to_move"],
        if choice["choice"] == "white" {
            "black"
        } else {
            "white"
        }
    );
}

#[tokio::test]
async fn swap_between_people_a_colour_choice_swaps_the_seats() {
    let app = app();
    let id = create(
        &app,
        json!({"black": "human", "white": "engine:1", "opening": "swap"}),
    )
    .await;
    let (status, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["opening"]["rule"], "swap");
    // A new game from the settings keeps the rule and starts the opening again.
    let (status, game) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/new"),
        Some(json!({"white": "human", "rule": "renju"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert!(
        game["opening"]["explain"]
            .as_str()
            .unwrap()
            .contains("Renju")
    );
    for p in ["h8", "i9", "f7"] {
        assert_eq!(play(&app, &id, p).await.0, StatusCode::OK);
    }
    assert_refused(
        choose(&app, &id, "two").await,
        StatusCode::CONFLICT,
        "not offered",
    );
    let (status, game) = choose(&app, &id, "black").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["opening"]["step"], "settled");
    assert_eq!(game["opening"]["party"], "second");
    assert_eq!(game["to_move"], "white");
    assert_eq!(game["status"], "White to move");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_reports_every_move_with_its_graph_and_rewind_plays_on() {
    let app = app();
    let id = create(&app, json!({"white": "human"})).await;
    let review = format!("/api/games/{id}/review");
    assert_refused(
        call(&app, "POST", &review, Some(json!({}))).await,
        StatusCode::CONFLICT,
        "no move to review",
    );
    // Black's open three on the h-file; White ignores it.
    for p in ["h8", "a1", "h9", "a2", "h10", "a3"] {
        assert_eq!(play(&app, &id, p).await.0, StatusCode::OK);
    }
    assert_refused(
        call(&app, "POST", &review, Some(json!({"time_ms": 1}))).await,
        StatusCode::BAD_REQUEST,
        "time_ms",
    );
    let (status, game) = call(&app, "POST", &review, Some(json!({"time_ms": 50}))).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["review"]["running"], true);
    assert_eq!(
        game["review"]["total"], 7,
        "six moves and the position after them"
    );
    let game = wait_for(&app, &id, |g| g["review"]["running"] == false).await;
    let review_view = &game["review"];
    assert_eq!(review_view["done"], review_view["total"]);
    let report = &review_view["report"];
    let reviewed = report["moves"].as_array().unwrap();
    assert_eq!(reviewed.len(), 6);
    for (i, m) in reviewed.iter().enumerate() {
        assert_eq!(m["ply"], i + 1);
        let share = m["black_expected"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&share), "{m}");
    }
    // a3 lets Black make an open four: a blunder, in the JSON and in the graph.
    assert_eq!(reviewed[5]["mark"], "blunder", "{}", reviewed[5]);
    assert!(
        report["summary"]["white"]["blunders"].as_u64() >= Some(1),
        "{report}"
    );
    let svg = review_view["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg id=\"review\""));
    assert_eq!(svg.matches("data-review-ply=").count(), 6);
    assert!(svg.contains(r#"data-review-ply="6" data-mark="blunder""#));

    // Playing on from move 2: the later moves are taken back (and can be redone), the review
    // goes with the position it was made for.
    let rewind = format!("/api/games/{id}/rewind");
    assert_refused(
        call(&app, "POST", &rewind, Some(json!({"ply": 7}))).await,
        StatusCode::CONFLICT,
        "moves 0 to 6",
    );
    let (status, game) = call(&app, "POST", &rewind, Some(json!({"ply": 2}))).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(moves(&game), ["h8", "a1"]);
    assert_eq!(game["redo"].as_array().unwrap().len(), 4);
    assert!(game["review"].is_null());
    assert_eq!(play(&app, &id, "j10").await.0, StatusCode::OK);
}
