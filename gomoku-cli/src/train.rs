//! `gomoku train`: trains a network (NNUE, see [`gomoku_ai::nnue`]) on game records and writes
//! a network file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gomoku_ai::Evaluator;
use gomoku_ai::PatternEvaluator;
use gomoku_ai::nnue::sibling_cache::{self, CacheUse, Valuing};
use gomoku_ai::nnue::siblings::{self, Sibling, SiblingOptions, Valuer};
use gomoku_ai::nnue::train::{Losses, TrainOptions, TrainingData};
use gomoku_ai::nnue::{Network, NnueEvaluator, ValueBase};
use gomoku_ai::tune::SampleOptions;
use gomoku_rules::{Board, Rule};

use crate::record_inputs::read_games;
use crate::sibling_valuer::ExternalValuer;

/// What to train.
#[derive(Clone, Debug)]
pub struct TrainCommand {
    /// Record files or directories of them (read recursively).
    pub inputs: Vec<PathBuf>,
    /// The network file to write.
    pub out: PathBuf,
    /// The rule trained (games of other rules are skipped; also the rule of records that do
    /// not carry one).
    pub rule: Rule,
    /// Board size of records that do not carry one.
    pub size: u32,
    /// A network to continue from.
    pub start: Option<PathBuf>,
    /// Which positions become samples.
    pub samples: SampleOptions,
    /// Weight in `[0, 1]` of the records' search scores in the value targets.
    pub score_weight: f64,
    /// The scores' units per logit; `None`: the pattern evaluator's scale fitted to the results.
    pub score_scale: Option<f64>,
    /// The evaluation units per logit the network's value is given in; `None`: the start
    /// network's, or the pattern evaluator's scale fitted to the training positions.
    pub eval_scale: Option<f64>,
    /// Whether the network's value stands alone or corrects the pattern evaluator's.
    pub base: ValueBase,
    /// Sibling positions valued by the engine's search, if any.
    pub siblings: Option<SiblingOptions>,
    /// The evaluation of the engine that values the siblings.
    pub sibling_eval: SiblingEval,
    /// The turn limit of an external engine valuing the siblings (it is told the node budget
    /// too, and stops at whichever comes first).
    pub sibling_time: Duration,
    /// A file keeping the siblings' values between runs, if any.
    pub sibling_cache: Option<PathBuf>,
    /// The training.
    pub train: TrainOptions,
}

/// The evaluation under the engine that values the sibling positions (`--sibling-eval`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SiblingEval {
    /// The pattern evaluator (`pattern`, the default): the data of the shipped networks.
    #[default]
    Pattern,
    /// The compiled-in networks (`nnue`): a stronger engine values the siblings.
    Compiled,
    /// A network file, over the compiled-in networks of the other rules.
    File(PathBuf),
    /// An external Gomocup engine (`pbrain:PATH [args]`), whose scores are taken to be in the
    /// records' units (`--score-scale`): the engine that played the records.
    External {
        /// The program.
        path: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

impl SiblingEval {
    /// `pattern`, `nnue` (any case), `pbrain:PATH [args]` (words separated by spaces), or a
    /// network file's path.
    ///
    /// # Errors
    /// `pbrain:` without a program.
    pub fn named(value: &Path) -> Result<SiblingEval, String> {
        Ok(match value.to_str() {
            Some(s) if s.eq_ignore_ascii_case("pattern") => SiblingEval::Pattern,
            Some(s) if s.eq_ignore_ascii_case("nnue") => SiblingEval::Compiled,
            Some(s) if s.starts_with("pbrain:") => {
                let mut words = s["pbrain:".len()..].split_whitespace().map(str::to_string);
                let path = words.next().ok_or(
                    "--sibling-eval: pbrain: needs a program path, like pbrain:./pbrain-foo",
                )?;
                SiblingEval::External {
                    path,
                    args: words.collect(),
                }
            }
            _ => SiblingEval::File(value.to_path_buf()),
        })
    }
}

/// How the siblings' valuing engine is named in the messages and the cache file.
fn sibling_eval_name(eval: &SiblingEval, turn: Duration) -> String {
    match eval {
        SiblingEval::Pattern => "the pattern evaluator".to_string(),
        SiblingEval::Compiled => "the compiled-in networks".to_string(),
        SiblingEval::File(path) => path.display().to_string(),
        SiblingEval::External { path, args } => {
            let mut name = format!("pbrain:{path}");
            for a in args {
                name.push(' ');
                name.push_str(a);
            }
            format!("{name} within {} ms", turn.as_millis())
        }
    }
}

/// The siblings' values, through the cache file when there is one (and what was done with it).
fn label_siblings<V: Valuer>(
    options: &TrainCommand,
    boards: &[Vec<Board>],
    sibling_options: &SiblingOptions,
    valuing: &Valuing<'_, V>,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<(Vec<Vec<Sibling>>, Option<CacheUse>), String> {
    match &options.sibling_cache {
        Some(path) => sibling_cache::label_cached_with(
            path,
            boards,
            options.rule,
            sibling_options,
            valuing,
            progress,
        )
        .map(|(labelled, used)| (labelled, Some(used))),
        None => siblings::label_with(
            boards,
            options.rule,
            sibling_options,
            valuing.make,
            progress,
        )
        .map(|labelled| (labelled, None)),
    }
}

/// The siblings' values by the built-in engine over `evaluator` (each thread a copy of it).
fn label_siblings_by_engine<E: Evaluator + Clone + Send + 'static>(
    options: &TrainCommand,
    boards: &[Vec<Board>],
    sibling_options: &SiblingOptions,
    evaluator: &E,
    name: &str,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<(Vec<Vec<Sibling>>, Option<CacheUse>), String> {
    let make = siblings::engine_valuers(evaluator, sibling_options.nodes);
    let valuing = Valuing {
        name,
        repeatable: true,
        make: &make,
    };
    label_siblings(options, boards, sibling_options, &valuing, progress)
}

/// The figures of a training run.
#[derive(Clone, Copy, Debug)]
pub struct TrainSummary {
    /// Games used.
    pub games: usize,
    /// Positions used, and how many of them held out.
    pub positions: (usize, usize),
    /// The pattern evaluator's held-out value loss (the mark to beat).
    pub pattern_loss: f64,
    /// Held-out losses of the start and of the written network.
    pub initial: Losses,
    /// Held-out losses of the written network.
    pub last: Losses,
}

/// Positions the pattern evaluator's scale is fitted on.
const SCALE_POSITIONS: usize = 20_000;

fn base_text(base: ValueBase) -> &'static str {
    match base {
        ValueBase::Alone => "standing alone (--alone)",
        ValueBase::Patterns => "a correction to the pattern evaluator's (without --alone)",
    }
}

fn losses_text(l: &Losses) -> String {
    format!(
        "value {:.4}, policy {:.3} (top-1 {:.1}%)",
        l.value,
        l.policy,
        100.0 * l.top1
    )
}

/// Reads the records, trains and writes the network, reporting progress to `report`.
///
/// # Errors
/// A message for bad options, unreadable inputs, no positions, or a file that cannot be
/// written.
pub fn run(options: &TrainCommand, report: &mut dyn Write) -> Result<TrainSummary, String> {
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
    for (name, scale) in [
        ("--score-scale", options.score_scale),
        ("--eval-scale", options.eval_scale),
    ] {
        if let Some(scale) = scale
            && !(scale.is_finite() && scale > 0.0)
        {
            return Err(format!("{name} must be positive, not {scale}"));
        }
    }
    let t = &options.train;
    if t.epochs == 0 || t.batch == 0 || !(t.learning_rate.is_finite() && t.learning_rate > 0.0) {
        return Err("--epochs, --batch and --learning-rate must be positive".into());
    }
    if !(t.policy_weight.is_finite() && t.policy_weight >= 0.0) {
        return Err(format!(
            "--policy-weight must be 0 or more, not {}",
            t.policy_weight
        ));
    }
    let start = match &options.start {
        Some(path) => {
            let net = Network::load(path).map_err(|e| e.to_string())?;
            if net.rule() != options.rule {
                return Err(format!(
                    "{}: a network for {}, not {}",
                    path.display(),
                    net.rule(),
                    options.rule
                ));
            }
            if let Some(scale) = options.eval_scale
                && (scale as f32 - net.eval_scale()).abs() > 0.05
            {
                return Err(format!(
                    "--eval-scale {scale}: the start network's value is given at {:.1} units per logit",
                    net.eval_scale()
                ));
            }
            Some(net)
        }
        None => None,
    };
    let sibling_network = match &options.sibling_eval {
        SiblingEval::Pattern | SiblingEval::External { .. } => None,
        SiblingEval::Compiled => Some(NnueEvaluator::new()),
        SiblingEval::File(path) => {
            let net = Network::load(path).map_err(|e| format!("--sibling-eval: {e}"))?;
            Some(NnueEvaluator::with_network_over_defaults(net))
        }
    };
    let read_start = Instant::now();
    let mut data = TrainingData::new(options.rule, options.samples);
    // The games taken (with their index among them), for their siblings.
    let mut taken = Vec::new();
    let (files, bad_files) = read_games(
        &options.inputs,
        options.size,
        options.rule,
        &mut say,
        &mut |game| {
            let index = data.games();
            data.add_game(game);
            if options.siblings.is_some() && data.games() > index {
                taken.push((index, game.clone()));
            }
        },
    )?;
    let (positions, held_out) = data.positions();
    say(format!(
        "read {files} files in {:.1} s: {} games of {} ({} skipped: other rule or no result; {bad_files} unreadable files), {positions} positions ({held_out} held out)\n",
        read_start.elapsed().as_secs_f64(),
        data.games(),
        options.rule,
        data.skipped_games(),
    ));
    if positions == held_out {
        return Err(format!(
            "no training positions of {} games (held out: {held_out})",
            options.rule
        ));
    }
    let pattern = PatternEvaluator::new();
    // The pattern evaluator's fit to the game results: the scores' scale when none is given,
    // and the mark to beat when the targets stay the results.
    let (mut pattern_scale, mut pattern_loss) = data.pattern_scale(&pattern, SCALE_POSITIONS);
    let score_scale = options.score_scale.unwrap_or(pattern_scale);
    if options.score_weight > 0.0 {
        let scored = data.scored_positions();
        if scored == 0 {
            return Err("--score-weight: no position has a search score (records from `gomoku selfplay --format json` or `gomoku match --record-format json` carry them)".into());
        }
        data.blend_scores(options.score_weight, score_scale);
        say(format!(
            "{scored} positions with a search score, weighted {} at {score_scale:.1} units per logit\n",
            options.score_weight
        ));
        (pattern_scale, pattern_loss) = data.pattern_scale(&pattern, SCALE_POSITIONS);
    }
    if let Some(sibling_options) = &options.siblings {
        let label_start = Instant::now();
        let boards: Vec<_> = taken
            .iter()
            .map(|(index, game)| {
                siblings::sibling_positions(game, options.rule, sibling_options, *index)
            })
            .collect();
        let total: usize = boards.iter().map(Vec::len).sum();
        say(format!(
            "valuing {total} sibling positions of {} games, {} nodes each, {} threads, by the engine over {}\n",
            boards.len(),
            sibling_options.nodes,
            sibling_options.threads,
            sibling_eval_name(&options.sibling_eval, options.sibling_time)
        ));
        let games = boards.len();
        let step = (games / 20).max(1);
        let progress = |done: usize| {
            if done % step == 0 || done == games {
                eprint!(
                    "\r{done}/{games} games ({:.0} s)",
                    label_start.elapsed().as_secs_f64()
                );
            }
        };
        let name = sibling_eval_name(&options.sibling_eval, options.sibling_time);
        let (labelled, cache_use) = match (&options.sibling_eval, &sibling_network) {
            (SiblingEval::External { path, args }, _) => {
                let make = || {
                    ExternalValuer::start(
                        path,
                        args.clone(),
                        sibling_options.nodes,
                        options.sibling_time,
                    )
                };
                let valuing = Valuing {
                    name: &name,
                    repeatable: false,
                    make: &make,
                };
                label_siblings(options, &boards, sibling_options, &valuing, &progress)
                    .map_err(|e| format!("--sibling-eval: {e}"))?
            }
            (_, Some(nnue)) => {
                label_siblings_by_engine(options, &boards, sibling_options, nnue, &name, &progress)?
            }
            (_, None) => label_siblings_by_engine(
                options,
                &boards,
                sibling_options,
                &PatternEvaluator::new(),
                &name,
                &progress,
            )?,
        };
        eprintln!();
        if let (Some(path), Some(cache_use)) = (&options.sibling_cache, cache_use) {
            say(match cache_use {
                CacheUse::Read => format!("sibling values read from {}\n", path.display()),
                CacheUse::Written(why) => {
                    format!("sibling values written to {} ({why})\n", path.display())
                }
            });
        }
        // The engine's units to the records' score units: both through the logit. An
        // external engine's scores are taken to be in the records' units already.
        let to_record_units = match options.sibling_eval {
            SiblingEval::External { .. } => 1.0,
            _ => score_scale / pattern_scale,
        };
        let added: usize = taken
            .iter()
            .zip(&labelled)
            .map(|((index, _), s)| data.add_siblings(*index, s, to_record_units))
            .sum();
        data.blend_scores(options.score_weight, score_scale);
        (pattern_scale, pattern_loss) = data.pattern_scale(&pattern, SCALE_POSITIONS);
        let (positions, held_out) = data.positions();
        say(format!(
            "{added} sibling positions valued in {:.0} s; {positions} positions in all ({held_out} held out)\n",
            label_start.elapsed().as_secs_f64()
        ));
    }
    if let Some(net) = &start
        && net.value_base() != options.base
    {
        return Err(format!(
            "the start network's value is {}, this run's {}",
            base_text(net.value_base()),
            base_text(options.base)
        ));
    }
    data.set_value_base(options.base, &pattern);
    // A start network's scale was checked against --eval-scale above.
    let eval_scale = match (&start, options.eval_scale) {
        (Some(net), _) => net.eval_scale(),
        (None, Some(scale)) => scale as f32,
        (None, None) => pattern_scale as f32,
    };
    say(format!(
        "pattern evaluator: {pattern_scale:.1} units per logit, held-out value loss {pattern_loss:.4}; the network's value is given at {eval_scale:.1} units per logit, {}\n",
        base_text(options.base)
    ));
    let train_start = Instant::now();
    let trained = data
        .train(start.as_ref(), eval_scale, t, &mut |p| {
            say(format!(
                "epoch {:>3} ({:.0} s): training {}; held out {}\n",
                p.epoch,
                train_start.elapsed().as_secs_f64(),
                losses_text(&p.training),
                losses_text(&p.validation)
            ));
        })
        .map_err(|e| e.to_string())?;
    say(format!(
        "trained in {:.1} s on {} positions x {} epochs ({} threads): held out {} -> {} (pattern evaluator's value {pattern_loss:.4})\n",
        train_start.elapsed().as_secs_f64(),
        data.positions().0 - data.positions().1,
        t.epochs,
        t.threads,
        losses_text(&trained.initial),
        losses_text(&trained.last)
    ));
    trained
        .network
        .save(&options.out)
        .map_err(|e| e.to_string())?;
    say(format!("wrote {}\n", options.out.display()));
    Ok(TrainSummary {
        games: data.games(),
        positions: data.positions(),
        pattern_loss,
        initial: trained.initial,
        last: trained.last,
    })
}
