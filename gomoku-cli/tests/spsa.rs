//! `gomoku spsa`: a tiny node-limited tuning run, and the errors of bad arguments.

mod arena_support;
mod scratch;

use arena_support::gomoku;
use scratch::scratch_dir;

/// Needs the engine's run-time search parameters (`engine,lmr_scale=0.7`).
#[test]
fn a_tiny_run_prints_and_writes_the_values_the_same_every_time() {
    let tmp = scratch_dir("spsa");
    let mut outputs = Vec::new();
    for run in 0..2 {
        let out_file = tmp.path().join(format!("values-{run}.txt"));
        let (out, err, ok) = gomoku(&[
            "spsa",
            "--param",
            "lmr_scale=0.7,0.3,1.2,0.05",
            "--base",
            "engine:2",
            "--nodes",
            "200",
            "--iterations",
            "3",
            "--report-every",
            "2",
            "--seed",
            "5",
            "--out",
            out_file.to_str().unwrap(),
        ]);
        assert!(ok, "{out}{err}");
        assert!(out.contains("iteration 2/3: 4 games: pairs +"), "{out}");
        assert!(out.contains("iteration 3/3: 6 games"), "{out}");
        assert!(out.contains("final values after 3 iterations"), "{out}");
        assert!(out.contains("player: engine:2,lmr_scale="), "{out}");
        let written = std::fs::read_to_string(&out_file).unwrap();
        let value: f64 = written
            .trim()
            .strip_prefix("lmr_scale=")
            .unwrap_or_else(|| panic!("{written}"))
            .parse()
            .unwrap();
        assert!((0.3..=1.2).contains(&value), "{value}");
        assert!(out.contains(&format!("\n{}", written.trim())), "{out}");
        outputs.push(written);
    }
    // Node-limited games on one thread: the same seed, the same values.
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn bad_arguments_are_named() {
    for (args, says) in [
        (
            vec!["--param", "lmr_scale=0.7,0.3"],
            "lmr_scale: 2 values given",
        ),
        (vec!["--param", "lmr_scale"], "no \"=\""),
        (vec!["--param", "x=1,0,two,1"], "\"two\" is not a number"),
        (vec!["--param", "x=5,0,2,1"], "outside [0, 2]"),
        (vec!["--param", "x=1,0,2,-1"], "c_end must be positive"),
        (
            vec!["--param", "x=1,0,2,1", "--param", "x=1,0,2,1"],
            "\"x\" is given twice",
        ),
        (
            vec!["--param", "x=1,0,2,1", "--iterations", "0"],
            "--iterations must be at least 1",
        ),
        (
            vec!["--param", "x=1,0,2,1", "--base", "nope"],
            "--base \"nope\": unknown player",
        ),
        (
            vec!["--param", "no_such_parameter=1,0,2,1", "--base", "engine:2"],
            "the player \"engine:2,no_such_parameter=1\" is refused",
        ),
        (
            vec!["--param", "x=1,0,2,1", "--openings", "/no/such/file"],
            "/no/such/file",
        ),
    ] {
        let mut all = vec!["spsa", "--nodes", "100"];
        if !args.contains(&"--iterations") {
            all.extend(["--iterations", "2"]);
        }
        all.extend(&args);
        let (out, err, ok) = gomoku(&all);
        assert!(!ok, "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
