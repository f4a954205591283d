//! `gomoku spsa`: tunes engine parameters by SPSA (see [`gomoku_ai::tune::spsa`]): the player
//! of a parameter vector is a built-in player spec (the base) with `,NAME=VALUE` appended for
//! every parameter.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use gomoku_ai::arena::{Flow, TimeControl};
use gomoku_ai::tune::spsa::DEFAULT_R_END;
use gomoku_ai::tune::{Spsa, SpsaConfig, SpsaParam, SpsaStats, run_spsa};
use gomoku_ai::{StopFlag, builtin_player};
use gomoku_rules::Rule;
use gomoku_rules::record::write_file;

use crate::arena_settings::{ArenaSettings, OpeningsChoice, OpeningsOrder};

/// What to tune and how to play the games.
#[derive(Clone, Debug)]
pub struct SpsaOptions {
    /// The parameters.
    pub params: Vec<SpsaParam>,
    /// The built-in player spec the parameters are appended to (`engine`, `engine:2`, ...).
    pub base: String,
    /// Iterations (game pairs).
    pub iterations: u64,
    /// The clocks and node budget of every game.
    pub time: TimeControl,
    /// Pairs played at once.
    pub jobs: usize,
    /// Seed of the random directions, of the openings' order and of the players.
    pub seed: u64,
    /// Rule.
    pub rule: Rule,
    /// Board size.
    pub size: u32,
    /// The openings (played in a random order drawn from the seed).
    pub openings: OpeningsChoice,
    /// Write the final values here (and after every progress line), as `NAME=VALUE` lines.
    pub out: Option<PathBuf>,
    /// Print a progress line every this many iterations (0: only at the end).
    pub report_every: u64,
    /// Raised (by Ctrl-C) to stop and report the values so far.
    pub interrupt: StopFlag,
}

/// Parses `NAME=START,MIN,MAX,C_END[,R_END]` (R_END defaults to
/// [`DEFAULT_R_END`]); the name may hold letters, digits, `_` and `-`.
///
/// # Errors
/// A message naming what is wrong.
pub fn parse_param(text: &str) -> Result<SpsaParam, String> {
    const FORM: &str = "expected NAME=START,MIN,MAX,C_END[,R_END], e.g. lmr_scale=0.7,0.3,1.2,0.05";
    let (name, values) = text
        .split_once('=')
        .ok_or_else(|| format!("no \"=\" ({FORM})"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("no name before \"=\" ({FORM})"));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(format!(
            "name \"{name}\": '{c}' is not allowed (letters, digits, _ and - only)"
        ));
    }
    let numbers = values
        .split(',')
        .map(|v| {
            let v = v.trim();
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("{name}: \"{v}\" is not a number ({FORM})"))
        })
        .collect::<Result<Vec<f64>, String>>()?;
    if !(4..=5).contains(&numbers.len()) {
        return Err(format!("{name}: {} values given ({FORM})", numbers.len()));
    }
    let param = SpsaParam::new(name, numbers[0], numbers[1], numbers[2], numbers[3])
        .with_r_end(numbers.get(4).copied().unwrap_or(DEFAULT_R_END));
    // Check the parameter alone now, so the message names the argument.
    Spsa::new(vec![param.clone()], 1, 0).map_err(|e| e.to_string())?;
    Ok(param)
}

/// `value` with eight significant digits, without trailing zeros: `0.71234568`, `300`,
/// `-12.5`.
pub fn format_value(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return if value.is_finite() {
            "0".into()
        } else {
            value.to_string()
        };
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (7 - magnitude).clamp(0, 15) as usize;
    let text = format!("{value:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
}

/// `NAME=VALUE` for every parameter, in order.
fn assignments<'a>(
    params: &'a [SpsaParam],
    values: &'a [f64],
) -> impl Iterator<Item = String> + 'a {
    params
        .iter()
        .zip(values)
        .map(|(p, v)| format!("{}={}", p.name, format_value(*v)))
}

/// The player spec of `values`: `base` with `,NAME=VALUE` for every parameter.
pub fn player_spec(base: &str, params: &[SpsaParam], values: &[f64]) -> String {
    assignments(params, values).fold(base.to_string(), |spec, a| spec + "," + &a)
}

/// `NAME=VALUE` lines, one per parameter.
pub fn value_lines(params: &[SpsaParam], values: &[f64]) -> String {
    assignments(params, values).map(|a| a + "\n").collect()
}

/// `name=value name=value ...`, for the progress lines.
fn values_inline(params: &[SpsaParam], values: &[f64]) -> String {
    assignments(params, values).collect::<Vec<_>>().join(" ")
}

/// The figures of a run.
#[derive(Clone, Debug)]
pub struct SpsaReport {
    /// The final values, in the order of the parameters.
    pub theta: Vec<f64>,
    /// Iterations applied.
    pub iterations: u64,
    /// The tally.
    pub stats: SpsaStats,
    /// Whether Ctrl-C cut the run short.
    pub interrupted: bool,
}

/// Checks the settings, plays the iterations, prints progress and the final values to
/// `report` and writes them to [`SpsaOptions::out`].
///
/// # Errors
/// A message naming the problem: bad parameters, a base spec that is not a built-in player or
/// does not take the parameters, bad openings, an unwritable output.
pub fn run(options: &SpsaOptions, report: &mut dyn Write) -> Result<SpsaReport, String> {
    let mut say = |text: String| {
        let _ = report.write_all(text.as_bytes());
        let _ = report.flush();
    };
    let base = options.base.trim();
    builtin_player(base, 0).map_err(|e| format!("--base \"{base}\": {e}"))?;
    let mut spsa = Spsa::new(options.params.clone(), options.iterations, options.seed).map_err(
        |e| match e {
            gomoku_ai::tune::SpsaError::NoIterations => {
                "--iterations must be at least 1".to_string()
            }
            gomoku_ai::tune::SpsaError::NoParams => {
                "give at least one --param NAME=START,MIN,MAX,C_END[,R_END]".to_string()
            }
            e => format!("--param: {e}"),
        },
    )?;
    let params = spsa.params().to_vec();
    let settings = ArenaSettings {
        games: 0,
        openings: options.openings.clone(),
        openings_order: OpeningsOrder::Random,
        rule: options.rule,
        size: options.size,
        time: options.time,
        threads: options.jobs.max(1),
        seed: options.seed,
        json: false,
        records: None,
        record_format: gomoku_rules::record::Format::Json,
        void_replays: 0,
        interrupt: options.interrupt.clone(),
        scale_out: crate::resume::ScaleOut::default(),
    };
    let openings = settings.load_openings().map_err(|e| e.to_string())?;
    // The player must take every parameter at its start and at both bounds.
    let corners: [Vec<f64>; 3] = [
        spsa.theta().to_vec(),
        params.iter().map(|p| p.min).collect(),
        params.iter().map(|p| p.max).collect(),
    ];
    for values in &corners {
        let spec = player_spec(base, &params, values);
        builtin_player(&spec, 0).map_err(|e| format!("the player \"{spec}\" is refused: {e}"))?;
    }
    say(format!(
        "spsa: {} iterations of {} on {} ({} parameters)\n",
        options.iterations,
        base,
        settings.setup_text(openings.len()),
        params.len()
    ));
    say(format!("start: {}\n", values_inline(&params, spsa.theta())));
    let write_out = |theta: &[f64]| -> Result<(), String> {
        match &options.out {
            Some(path) => write_file(path, value_lines(&params, theta).as_bytes())
                .map_err(|e| format!("{}: {e}", path.display())),
            None => Ok(()),
        }
    };
    let config = SpsaConfig {
        size: options.size,
        rule: options.rule,
        openings,
        time: options.time,
        jobs: options.jobs.max(1),
        stop: options.interrupt.clone(),
    };
    let build =
        |values: &[f64], seed: u64| builtin_player(&player_spec(base, &params, values), seed);
    let started = Instant::now();
    let mut write_error = None;
    let summary = run_spsa(&mut spsa, &config, &build, &mut |progress| {
        let done = progress.spsa.iteration() + progress.stats.void_pairs;
        let last = done == options.iterations;
        if options.report_every > 0 && (done % options.report_every == 0 || last) {
            say(format!(
                "iteration {done}/{}: {} | {} ({:.0} s)\n",
                options.iterations,
                progress.stats,
                values_inline(&params, progress.spsa.theta()),
                started.elapsed().as_secs_f64()
            ));
            if let Err(e) = write_out(progress.spsa.theta()) {
                write_error.get_or_insert(e);
                return Flow::Stop;
            }
        }
        Flow::Continue
    })
    .map_err(|e| e.to_string())?;
    if let Some(e) = write_error {
        return Err(e);
    }
    let theta = spsa.theta().to_vec();
    let interrupted = if summary.interrupted {
        " (interrupted)"
    } else {
        ""
    };
    say(format!(
        "final values after {} iterations{interrupted}, {} in {:.1} s:\n{}",
        spsa.iteration(),
        summary.stats,
        started.elapsed().as_secs_f64(),
        value_lines(&params, &theta)
    ));
    say(format!("player: {}\n", player_spec(base, &params, &theta)));
    write_out(&theta)?;
    if let Some(path) = &options.out {
        say(format!("wrote {}\n", path.display()));
    }
    Ok(SpsaReport {
        theta,
        iterations: spsa.iteration(),
        stats: summary.stats,
        interrupted: summary.interrupted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_parse_with_a_default_learning_rate() {
        let p = parse_param("lmr_scale=0.7,0.3,1.2,0.05").unwrap();
        assert_eq!(p, SpsaParam::new("lmr_scale", 0.7, 0.3, 1.2, 0.05));
        assert_eq!(p.r_end, DEFAULT_R_END);
        let p = parse_param(" razor-base = 300, 100, 600, 20, 0.004 ").unwrap();
        assert_eq!(
            (p.name.as_str(), p.start, p.r_end),
            ("razor-base", 300.0, 0.004)
        );
        for (bad, says) in [
            ("lmr_scale", "no \"=\""),
            ("=1,0,2,1", "no name"),
            ("a,b=1,0,2,1", "not allowed"),
            ("x=1,0,2", "3 values given"),
            ("x=1,0,2,1,1,1", "6 values given"),
            ("x=1,0,two,1", "\"two\" is not a number"),
            ("x=1,0,inf,1", "\"inf\" is not a number"),
            ("x=3,0,2,1", "outside [0, 2]"),
            ("x=1,2,0,1", "below the maximum"),
            ("x=1,0,2,0", "c_end must be positive"),
            ("x=1,0,2,1,-1", "r_end must be positive"),
        ] {
            let err = parse_param(bad).unwrap_err();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }

    #[test]
    fn values_print_with_eight_significant_digits() {
        assert_eq!(format_value(0.712_345_678_9), "0.71234568");
        assert_eq!(format_value(300.0), "300");
        assert_eq!(format_value(299.999_999_99), "300");
        assert_eq!(format_value(-12.5), "-12.5");
        assert_eq!(format_value(0.0), "0");
        assert_eq!(format_value(-0.000_000_001), "-0.000000001");
        assert_eq!(format_value(123_456_789.4), "123456789");
        let params = [
            SpsaParam::new("a", 0.5, 0.0, 1.0, 0.1),
            SpsaParam::new("b", 5.0, 0.0, 10.0, 1.0),
        ];
        assert_eq!(
            player_spec("engine:2", &params, &[0.25, 7.0]),
            "engine:2,a=0.25,b=7"
        );
        assert_eq!(value_lines(&params, &[0.25, 7.0]), "a=0.25\nb=7\n");
    }
}
