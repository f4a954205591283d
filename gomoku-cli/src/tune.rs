//! `gomoku tune`: fits the evaluation weights of one rule to games (see
//! [`gomoku_ai::tune::TexelData`]) and writes a weights file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use gomoku_ai::tune::{FitOptions, PolicyData, SampleOptions, TexelData};
use gomoku_ai::weights::{EvalWeights, RuleWeights};
use gomoku_rules::Rule;
use gomoku_rules::record::{self, Format, ReadOptions, Record};

/// What to fit.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Record files or directories of them (read recursively).
    pub inputs: Vec<PathBuf>,
    /// The weights file to write.
    pub out: PathBuf,
    /// The rule fitted (games of other rules are skipped; also the rule of records that do not
    /// carry one).
    pub rule: Rule,
    /// Board size of records that do not carry one.
    pub size: u32,
    /// Weights to start from (the hand-set ones if `None`).
    pub start: Option<PathBuf>,
    /// Which positions become samples.
    pub samples: SampleOptions,
    /// Weight in `[0, 1]` of the records' search scores in the targets (see
    /// [`TexelData::blend_scores`]).
    pub score_weight: f64,
    /// Evaluation units per logit of the search scores; `None`: the scale that fits the
    /// starting weights to the results.
    pub score_scale: Option<f64>,
    /// Fit only the threat-situation values (see [`TexelData::set_threats_only`]).
    pub threats_only: bool,
    /// Fit the values of the position before the last move too (see
    /// [`TexelData::set_before_values`]); always when the start has them.
    pub before_values: bool,
    /// Fit the move-ordering values to the moves played instead (see
    /// [`PolicyData`]); the evaluation tables stay those of `start`.
    pub move_values: bool,
    /// The fit.
    pub fit: FitOptions,
}

/// The figures of a fit.
#[derive(Clone, Debug)]
pub struct TuneSummary {
    /// Games used.
    pub games: usize,
    /// Positions used, and how many of them held out.
    pub positions: (usize, usize),
    /// Training and validation loss of the starting weights, and of the result.
    pub start_losses: (f64, f64),
    /// Training and validation loss of the written weights.
    pub final_losses: (f64, f64),
}

/// Writes the hand-set weights of every rule to `out`.
///
/// # Errors
/// When the file cannot be written.
pub fn write_hand_set(out: &Path) -> Result<(), String> {
    EvalWeights::hand_set().save(out).map_err(|e| e.to_string())
}

/// Every file under `path` (itself if a file), sorted.
fn files_under(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            // Hidden files are not records: a run's journal, a half-written temporary file.
            .filter(|p| {
                p.file_name()
                    .is_none_or(|n| !n.to_string_lossy().starts_with('.'))
            })
            .collect();
        entries.sort();
        for e in entries {
            files_under(&e, out)?;
        }
        Ok(())
    } else if path.exists() {
        out.push(path.to_path_buf());
        Ok(())
    } else {
        Err(format!("{}: no such file or directory", path.display()))
    }
}

/// Reads every game of the inputs and hands it to `add`; returns how many files there were and
/// how many of them could not be read (each named through `say`).
fn read_games(
    options: &TuneOptions,
    say: &mut dyn FnMut(String),
    add: &mut dyn FnMut(&Record),
) -> Result<(usize, usize), String> {
    let mut files = Vec::new();
    for input in &options.inputs {
        files_under(input, &mut files)?;
    }
    let read = ReadOptions {
        size: options.size,
        rule: options.rule,
        game: 0,
    };
    let mut bad_files = 0;
    for file in &files {
        let games = record::read_text(file)
            .map_err(|e| e.to_string())
            .and_then(|text| {
                let format = Format::from_path(file).unwrap_or_else(|| Format::detect(&text));
                record::read_all(&text, format, &read).map_err(|e| e.to_string())
            });
        match games {
            Ok(games) => games.iter().flatten().for_each(&mut *add),
            Err(e) => {
                bad_files += 1;
                say(format!("skipping {}: {e}\n", file.display()));
            }
        }
    }
    Ok((files.len(), bad_files))
}

/// `--move-values`: fits the move-ordering values to the moves played and writes `start` with
/// them.
fn fit_move_values(
    options: &TuneOptions,
    start: RuleWeights,
    say: &mut dyn FnMut(String),
) -> Result<TuneSummary, String> {
    let read_start = Instant::now();
    let mut data = PolicyData::new(options.rule, options.samples);
    let (files, bad_files) = read_games(options, say, &mut |game| {
        data.add_game(game);
    })?;
    let (positions, held_out) = data.positions();
    say(format!(
        "read {files} files in {:.1} s: {} games of {} ({} skipped: other rule; {bad_files} unreadable files), {positions} move choices ({held_out} held out)\n",
        read_start.elapsed().as_secs_f64(),
        data.games(),
        options.rule,
        data.skipped_games(),
    ));
    if positions == 0 {
        return Err(format!("no move choices of {} games to fit", options.rule));
    }
    let fit_start = Instant::now();
    let fitted = data.fit(&start, &options.fit, &mut |p| {
        say(format!(
            "epoch {:>5}: training loss {:.5}, validation loss {:.5}, validation top-1 {:.1}%\n",
            p.epoch,
            p.training_loss,
            p.validation_loss,
            100.0 * p.validation_top1
        ));
    });
    say(format!(
        "fitted in {:.1} s at {:.1} units per logit: start values validation loss {:.5} top-1 {:.1}% -> written values {:.5} top-1 {:.1}%\n",
        fit_start.elapsed().as_secs_f64(),
        fitted.temperature,
        fitted.initial.validation_loss,
        100.0 * fitted.initial.validation_top1,
        fitted.last.validation_loss,
        100.0 * fitted.last.validation_top1,
    ));
    let weights = EvalWeights::new(vec![fitted.weights]).map_err(|e| e.to_string())?;
    weights.save(&options.out).map_err(|e| e.to_string())?;
    say(format!("wrote {}\n", options.out.display()));
    Ok(TuneSummary {
        games: data.games(),
        positions: data.positions(),
        start_losses: (fitted.initial.training_loss, fitted.initial.validation_loss),
        final_losses: (fitted.last.training_loss, fitted.last.validation_loss),
    })
}

/// Reads the games, fits, writes the weights; progress and figures go to `report`.
///
/// # Errors
/// A message naming the problem: a missing input, no usable games, unreadable start weights,
/// an unwritable output.
pub fn run(options: &TuneOptions, report: &mut dyn Write) -> Result<TuneSummary, String> {
    let mut say = |text: String| {
        let _ = report.write_all(text.as_bytes());
        let _ = report.flush();
    };
    if !(0.0..=1.0).contains(&options.score_weight) {
        return Err(format!(
            "--score-weight must be between 0 and 1, not {}",
            options.score_weight
        ));
    }
    if let Some(scale) = options.score_scale {
        if !(scale.is_finite() && scale > 0.0) {
            return Err(format!("--score-scale must be positive, not {scale}"));
        }
    }
    let start = match &options.start {
        Some(path) => {
            let w = EvalWeights::load(path).map_err(|e| e.to_string())?;
            let rule_weights = w
                .for_rule(options.rule)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            RuleWeights::clone(rule_weights)
        }
        None => RuleWeights::hand_set(options.rule),
    };
    if options.move_values {
        return fit_move_values(options, start, &mut say);
    }
    let read_start = Instant::now();
    let mut data = TexelData::new(options.rule, start.tempo_eighths(), options.samples);
    data.set_threats_only(options.threats_only);
    data.set_before_values(options.before_values || start.has_before_values());
    let (files, bad_files) = read_games(options, &mut say, &mut |game| {
        data.add_game(game);
    })?;
    let (positions, held_out) = data.positions();
    say(format!(
        "read {files} files in {:.1} s: {} games of {} ({} skipped: other rule or no result; {bad_files} unreadable files), {positions} positions ({held_out} held out)\n",
        read_start.elapsed().as_secs_f64(),
        data.games(),
        options.rule,
        data.skipped_games(),
    ));
    if positions == 0 {
        return Err(format!("no positions of {} games to fit", options.rule));
    }
    if options.score_weight > 0.0 {
        let scored = data.scored_positions();
        if scored == 0 {
            return Err(
                "--score-weight: no position has a search score (records from `gomoku selfplay --format json` carry them)"
                    .into(),
            );
        }
        let scale = options.score_scale.unwrap_or_else(|| data.losses(&start).2);
        data.blend_scores(options.score_weight, scale);
        say(format!(
            "{scored} positions with a search score, weighted {} at {scale:.1} units per logit\n",
            options.score_weight
        ));
    }
    let fit_start = Instant::now();
    let fitted = data.fit(&start, &options.fit, &mut |p| {
        say(format!(
            "epoch {:>5}: training loss {:.5}, validation loss {:.5}\n",
            p.epoch, p.training_loss, p.validation_loss
        ));
    });
    say(format!(
        "fitted in {:.1} s at scale {:.1}: start weights training {:.5} validation {:.5} -> written weights training {:.5} validation {:.5}\n",
        fit_start.elapsed().as_secs_f64(),
        fitted.scale,
        fitted.initial.training_loss,
        fitted.initial.validation_loss,
        fitted.rounded.training_loss,
        fitted.rounded.validation_loss
    ));
    let weights = EvalWeights::new(vec![fitted.weights]).map_err(|e| e.to_string())?;
    weights.save(&options.out).map_err(|e| e.to_string())?;
    say(format!("wrote {}\n", options.out.display()));
    Ok(TuneSummary {
        games: data.games(),
        positions: data.positions(),
        start_losses: (fitted.initial.training_loss, fitted.initial.validation_loss),
        final_losses: (fitted.rounded.training_loss, fitted.rounded.validation_loss),
    })
}
