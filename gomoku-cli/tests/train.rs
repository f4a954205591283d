//! `gomoku train`: trains a network on self-play records, writes a file the engine takes, and
//! refuses bad options and mismatched starts with messages.

mod arena_support;
mod scratch;

use arena_support::gomoku;
use scratch::scratch_dir;

#[test]
fn train_writes_a_network_the_engine_plays_with() {
    let tmp = scratch_dir("train-flow");
    let dir = tmp.path();
    let games = dir.join("games");
    let (out, err, ok) = gomoku(&[
        "selfplay",
        "-n",
        "6",
        "--nodes",
        "300",
        "-j",
        "2",
        "--size",
        "11",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    let net = dir.join("net.nnue");
    let games_arg = games.to_str().unwrap();
    let net_arg = net.to_str().unwrap();
    let train = |extra: &[&str]| {
        let mut args = vec![
            "train",
            games_arg,
            "--epochs",
            "2",
            "--threads",
            "2",
            "--validation-every",
            "3",
        ];
        args.extend_from_slice(extra);
        gomoku(&args)
    };
    let (out, err, ok) = train(&["--out", net_arg, "--score-weight", "0.5"]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("6 games of freestyle"), "{out}");
    assert!(out.contains("held-out value loss"), "{out}");
    assert!(
        out.contains("a correction to the pattern evaluator's"),
        "{out}"
    );
    assert!(out.contains("epoch   2"), "{out}");
    assert!(out.contains(&format!("wrote {net_arg}")), "{out}");
    // The engine plays with it.
    let spec = format!("engine:2,eval={net_arg}");
    let (out, err, ok) = gomoku(&[
        "match", &spec, "random", "-n", "2", "--size", "11", "--time", "0",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("2 games"), "{out}");
    // With sibling positions valued by the engine's search.
    let (out, err, ok) = train(&[
        "--out",
        net_arg,
        "--siblings",
        "3",
        "--sibling-nodes",
        "200",
    ]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("sibling positions of 6 games, 200 nodes each"),
        "{out}"
    );
    assert!(out.contains("sibling positions valued in"), "{out}");
    assert!(
        out.contains("by the engine over the pattern evaluator"),
        "{out}"
    );
    // Valued by an engine over a network file instead; a file that is no network is named.
    let relabelled = dir.join("relabelled.nnue");
    let (out, err, ok) = train(&[
        "--out",
        relabelled.to_str().unwrap(),
        "--siblings",
        "3",
        "--sibling-nodes",
        "200",
        "--sibling-eval",
        net_arg,
    ]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!("by the engine over {net_arg}")),
        "{out}"
    );
    assert!(relabelled.exists());
    // Their values kept in a file: written once, then read, and the same network comes out.
    let cache = dir.join("siblings.json");
    let cache_arg = cache.to_str().unwrap();
    let cached_net = dir.join("cached.nnue");
    // Siblings every 3 plies, their values kept in `cache`.
    let cached = |cache: &std::path::Path, out_file: &std::path::Path, extra: &[&str]| {
        let mut args = vec![
            "--out",
            out_file.to_str().unwrap(),
            "--siblings",
            "3",
            "--sibling-cache",
            cache.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        train(&args)
    };
    let with_cache =
        |out_file: &std::path::Path| cached(&cache, out_file, &["--sibling-nodes", "200"]);
    let (out, err, ok) = with_cache(&cached_net);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!(
            "sibling values written to {cache_arg} (no file yet)"
        )),
        "{out}"
    );
    let first = std::fs::read(&cached_net).unwrap();
    let (out, err, ok) = with_cache(&cached_net);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!("sibling values read from {cache_arg}")),
        "{out}"
    );
    assert_eq!(std::fs::read(&cached_net).unwrap(), first);
    // A damaged cache is replaced, saying why.
    std::fs::write(&cache, "{\"format\": 1").unwrap();
    let (out, err, ok) = with_cache(&cached_net);
    assert!(ok, "{out}{err}");
    assert!(out.contains("(not a sibling cache"), "{out}");
    assert_eq!(std::fs::read(&cached_net).unwrap(), first);
    // Valued by an external engine (our own, through the protocol), kept in a file, then read
    // back as they are: an external engine's values are trusted, not searched again.
    let external = format!("pbrain:{}", env!("CARGO_BIN_EXE_pbrain-gomoku"));
    let external_cache = dir.join("external-siblings.json");
    let by_external = |out_file: &std::path::Path| {
        cached(
            &external_cache,
            out_file,
            &[
                "--sibling-nodes",
                "300",
                "--sibling-eval",
                &external,
                "--sibling-time",
                "2s",
                "--score-scale",
                "500",
            ],
        )
    };
    let external_net = dir.join("external.nnue");
    let (out, err, ok) = by_external(&external_net);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!("by the engine over {external} within 2000 ms")),
        "{out}"
    );
    assert!(out.contains("(no file yet)"), "{out}");
    let valued: usize = out
        .lines()
        .find(|l| l.contains(" sibling positions valued in"))
        .and_then(|l| l.split_whitespace().next()?.parse().ok())
        .expect("how many siblings were valued");
    assert!(valued > 0, "{out}");
    let first = std::fs::read(&external_net).unwrap();
    let (out, err, ok) = by_external(&external_net);
    assert!(ok, "{out}{err}");
    assert!(out.contains("sibling values read from"), "{out}");
    assert_eq!(std::fs::read(&external_net).unwrap(), first);
    // A file that is no network, a program that is not there and `pbrain:` without one are
    // named.
    for (eval, named) in [
        (games_arg, "--sibling-eval"),
        (
            "pbrain:/nonexistent/pbrain-none",
            "/nonexistent/pbrain-none",
        ),
        ("pbrain:", "needs a program path"),
    ] {
        let (out, err, ok) = train(&[
            "--out",
            relabelled.to_str().unwrap(),
            "--siblings",
            "3",
            "--sibling-eval",
            eval,
        ]);
        assert!(!ok, "{eval}: {out}");
        assert!(
            err.contains("--sibling-eval") && err.contains(named),
            "{eval}: {err}"
        );
    }
    // Continuing it as a network standing alone is refused, naming both.
    let alone = dir.join("alone.nnue");
    let (out, err, ok) = train(&[
        "--out",
        alone.to_str().unwrap(),
        "--alone",
        "--start",
        net_arg,
    ]);
    assert!(!ok, "{out}");
    assert!(err.contains("standing alone"), "{err}");
    assert!(!alone.exists());
    // The value's scale may be given; a start network's scale is kept, and another refused.
    let scaled = dir.join("scaled.nnue");
    let (out, err, ok) = train(&["--out", scaled.to_str().unwrap(), "--eval-scale", "575"]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("the network's value is given at 575.0 units per logit"),
        "{out}"
    );
    let (out, err, ok) = train(&[
        "--out",
        scaled.to_str().unwrap(),
        "--start",
        scaled.to_str().unwrap(),
        "--eval-scale",
        "575",
    ]);
    assert!(ok, "{out}{err}");
    let (out, err, ok) = train(&[
        "--out",
        alone.to_str().unwrap(),
        "--start",
        scaled.to_str().unwrap(),
        "--eval-scale",
        "900",
    ]);
    assert!(!ok, "{out}");
    assert!(
        err.contains("--eval-scale 900") && err.contains("575.0 units per logit"),
        "{err}"
    );
    assert!(!alone.exists());
    // Bad options are named.
    for (option, value) in [
        ("--score-weight", "2"),
        ("--score-scale", "0"),
        ("--eval-scale", "0"),
        ("--score-scale", "inf"),
        ("--eval-scale", "NaN"),
    ] {
        let (_, err, ok) = train(&["--out", net_arg, option, value]);
        assert!(!ok, "{option} {value}");
        assert!(err.contains(option), "{option} {value}: {err}");
    }
    let (_, err, ok) = gomoku(&["train", "missing-dir", "--out", net_arg]);
    assert!(!ok);
    assert!(err.contains("missing-dir"), "{err}");
}
