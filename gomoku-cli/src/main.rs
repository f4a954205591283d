//! The `gomoku` command-line program: `play`, `gui`, `match`, `tournament`, `merge`, `bench`,
//! `pbrain`, `convert`, `show`, `solve`, `analyze`, `selfplay`, `tune` and `spsa`. The arguments
//! are parsed by [`gomoku_cli::cli::Cli`]; this file hands them to the library.

use std::process::ExitCode;

use clap::Parser;

use gomoku_ai::StopFlag;
use gomoku_ai::arena::{DEFAULT_TIME_TOLERANCE, SprtConfig, TimeControl, TournamentFormat};
use gomoku_cli::cli::{
    AnalyzeArgs, Cli, ColorArg, Commands, ConvertArgs, GuiArgs, MatchArgs, PbrainArgs, PlayArgs,
    SelfplayArgs, ShowArgs, SolveArgs, SpsaArgs, TournamentArgs, TrainArgs, TuneArgs,
    openings_choice,
};
use gomoku_cli::match_runner::{self, MatchOptions};
use gomoku_cli::play::{self, ColorChoice, PlayOptions};
use gomoku_cli::player_spec::PlayerSpec;
use gomoku_cli::record_cmd;
use gomoku_cli::tournament_runner::{self, TournamentOptions};
use gomoku_rules::Game;
use gomoku_rules::record;

fn spec(text: &str) -> Result<PlayerSpec, String> {
    text.parse().map_err(|e| format!("player \"{text}\": {e}"))
}

fn play(args: PlayArgs) -> Result<(), String> {
    let options = PlayOptions {
        size: args.size,
        rule: args.rule,
        black: spec(&args.black)?,
        white: spec(&args.white)?,
        level: args.level,
        move_time: args.time,
        seed: args.seed,
        color: match args.color {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        },
        load: args.load,
        line_mode: args.lines,
        opening: args.opening,
    };
    play::run(&options).map_err(|e| e.to_string())
}

fn run_match(args: MatchArgs) -> Result<(), String> {
    let options = MatchOptions {
        a: spec(&args.a)?,
        b: spec(&args.b)?,
        sprt: args.sprt.map(|sprt| SprtConfig {
            model: args.sprt_model,
            ..sprt
        }),
        sprt_play_all: args.sprt_play_all,
        arena: args.arena.settings(interrupt_on_ctrl_c()),
    };
    let mut out = std::io::stdout().lock();
    match_runner::run(&options, &mut out)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn gui(args: GuiArgs) -> Result<(), String> {
    let options = gomoku_cli::gui::GuiOptions {
        host: args.host,
        port: args.port,
        open: args.open,
    };
    gomoku_cli::gui::run(&options).map_err(|e| e.to_string())
}

/// A flag raised by the first Ctrl-C (the match then reports the games finished so far); a
/// second Ctrl-C exits at once.
fn interrupt_on_ctrl_c() -> StopFlag {
    let flag = StopFlag::new();
    let raised = flag.clone();
    let installed = ctrlc::set_handler(move || {
        if raised.is_stopped() {
            std::process::exit(130);
        }
        raised.stop();
        eprintln!("\ngomoku: interrupted; stopping the games in flight (Ctrl-C again to quit now)");
    });
    if let Err(e) = installed {
        eprintln!("gomoku: Ctrl-C will not stop the match cleanly: {e}");
    }
    flag
}

fn run_tournament(args: TournamentArgs) -> Result<(), String> {
    let options = TournamentOptions {
        players: args
            .players
            .iter()
            .map(|p| spec(p))
            .collect::<Result<_, _>>()?,
        format: if args.gauntlet {
            TournamentFormat::Gauntlet
        } else {
            TournamentFormat::RoundRobin
        },
        arena: args.arena.settings(interrupt_on_ctrl_c()),
    };
    let mut out = std::io::stdout().lock();
    tournament_runner::run(&options, &mut out)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn pbrain(args: PbrainArgs) -> Result<(), String> {
    let brain = gomoku_cli::eval_arg::brain_with_eval(&args.brain, args.eval.as_deref())?;
    let config = gomoku_cli::pbrain::Config {
        brain,
        seed: args.seed,
        threads: args.threads,
    };
    gomoku_cli::pbrain::run_stdio(&config).map_err(|e| e.to_string())
}

fn convert(args: ConvertArgs) -> Result<(), String> {
    let options = args.read.options()?;
    let rec = record_cmd::convert(&args.input, &args.output, args.read.from, args.to, &options)?;
    println!(
        "wrote {} ({} moves)",
        args.output.display(),
        rec.moves().len()
    );
    Ok(())
}

fn show(args: ShowArgs) -> Result<(), String> {
    let options = args.read.options()?;
    record_cmd::show(
        &args.file,
        args.read.from,
        &options,
        &mut std::io::stdout().lock(),
    )
}

fn solve(args: SolveArgs) -> Result<(), String> {
    let options = args.read.options()?;
    let game = match (&args.file, &args.moves) {
        (Some(path), _) => record::load_with(path, args.read.from, &options)
            .map_err(|e| e.to_string())?
            .to_game(),
        (None, Some(moves)) => {
            Game::from_move_string(options.size, options.rule, moves).map_err(|e| e.to_string())?
        }
        (None, None) => return Err("give a record file or --moves \"h8 i9 ...\"".into()),
    };
    if game.is_over() {
        return Err(format!("the game is over: {}", game.outcome()));
    }
    println!("{}", game.board());
    let solve_options = gomoku_cli::solve::SolveOptions {
        vct: args.vct,
        max_nodes: args.nodes,
        time: args.time,
    };
    gomoku_cli::solve::solve(
        game.board(),
        game.rule(),
        &solve_options,
        &mut std::io::stdout().lock(),
    )
    .map(|_| ())
    .map_err(|e| format!("cannot write the output: {e}"))
}

fn analyze(args: AnalyzeArgs) -> Result<(), String> {
    let options = args.read.options()?;
    let rec = record::load_with(&args.file, args.read.from, &options).map_err(|e| e.to_string())?;
    let analyze_options = gomoku_cli::analyze::AnalyzeOptions {
        review: gomoku_ai::review::ReviewOptions {
            move_time: (!args.time.is_zero()).then_some(args.time),
            max_nodes: args.nodes,
            threat_nodes: args.threat_nodes,
            jobs: args.jobs,
        },
        json: args.json,
        sgf_out: args.sgf_out,
        plot: args.plot,
    };
    gomoku_cli::analyze::run(&rec, &analyze_options, &mut std::io::stdout().lock()).map(|_| ())
}

fn selfplay(args: SelfplayArgs) -> Result<(), String> {
    let options = gomoku_cli::selfplay::SelfplayOptions {
        games: args.games,
        size: args.size,
        rule: args.rule,
        move_time: args.time,
        nodes: args.nodes,
        jobs: args.jobs,
        out: args.out,
        seed: args.seed,
        eval: args.eval,
        format: args.format,
        shard: args.shard,
        resume: args.resume,
    };
    let start = std::time::Instant::now();
    let summary = gomoku_cli::selfplay::run(&options, &mut std::io::stderr())?;
    println!(
        "{} games, {} moves in {:.1} s: Black {} White {} draws {}",
        summary.games,
        summary.moves,
        start.elapsed().as_secs_f64(),
        summary.results[0],
        summary.results[1],
        summary.results[2]
    );
    Ok(())
}

fn tune(args: TuneArgs) -> Result<(), String> {
    if args.hand_set {
        gomoku_cli::tune::write_hand_set(&args.out)?;
        println!(
            "wrote the hand-set weights of every rule to {}",
            args.out.display()
        );
        return Ok(());
    }
    if args.inputs.is_empty() {
        return Err("give record files or directories to fit to (or --hand-set)".into());
    }
    let options = gomoku_cli::tune::TuneOptions {
        inputs: args.inputs,
        out: args.out,
        rule: args.rule,
        size: args.size,
        start: args.start,
        samples: gomoku_ai::tune::SampleOptions {
            skip_plies: args.skip_plies,
            validation_every: args.validation_every,
        },
        score_weight: args.score_weight,
        score_scale: args.score_scale,
        threats_only: args.threats_only,
        before_values: args.before_values,
        move_values: args.move_values,
        fit: gomoku_ai::tune::FitOptions {
            epochs: args.epochs,
            learning_rate: args.learning_rate,
            l2: args.l2,
            scale: None,
            report_every: args.report_every,
        },
    };
    gomoku_cli::tune::run(&options, &mut std::io::stdout().lock()).map(|_| ())
}

fn train(args: TrainArgs) -> Result<(), String> {
    let options = gomoku_cli::train::TrainCommand {
        inputs: args.inputs,
        out: args.out,
        rule: args.rule,
        size: args.size,
        start: args.start,
        samples: gomoku_ai::tune::SampleOptions {
            skip_plies: args.skip_plies,
            validation_every: args.validation_every,
        },
        score_weight: args.score_weight,
        score_scale: args.score_scale,
        eval_scale: args.eval_scale,
        base: if args.alone {
            gomoku_ai::nnue::ValueBase::Alone
        } else {
            gomoku_ai::nnue::ValueBase::Patterns
        },
        siblings: (args.siblings > 0).then_some(gomoku_ai::nnue::siblings::SiblingOptions {
            every: args.siblings,
            skip_plies: args.skip_plies,
            nodes: args.sibling_nodes,
            threads: args.threads,
            seed: args.seed,
            pick: args.sibling_pick,
        }),
        sibling_eval: gomoku_cli::train::SiblingEval::named(&args.sibling_eval)?,
        sibling_time: args.sibling_time,
        sibling_cache: args.sibling_cache,
        train: gomoku_ai::nnue::train::TrainOptions {
            epochs: args.epochs,
            batch: args.batch,
            learning_rate: args.learning_rate,
            policy_weight: args.policy_weight,
            threads: args.threads,
            weight_decay: args.weight_decay,
            seed: args.seed,
        },
    };
    gomoku_cli::train::run(&options, &mut std::io::stdout().lock()).map(|_| ())
}

fn spsa(args: SpsaArgs) -> Result<(), String> {
    let options = gomoku_cli::spsa::SpsaOptions {
        params: args.params,
        base: args.base,
        iterations: args.iterations,
        time: TimeControl {
            move_time: args.time.filter(|t| !t.is_zero()),
            game_time: None,
            tolerance: DEFAULT_TIME_TOLERANCE,
            nodes: args.nodes,
        },
        jobs: args.jobs,
        seed: args.seed,
        rule: args.rule,
        size: args.size,
        openings: openings_choice(&args.openings),
        out: args.out,
        report_every: args.report_every,
        interrupt: interrupt_on_ctrl_c(),
    };
    gomoku_cli::spsa::run(&options, &mut std::io::stdout().lock()).map(|_| ())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Commands::Play(args) => play(args),
        Commands::Gui(args) => gui(args),
        Commands::Match(args) => run_match(args),
        Commands::Tournament(args) => run_tournament(args),
        Commands::Merge(args) => {
            gomoku_cli::merge::run(&args.results, args.json, &mut std::io::stdout().lock())
                .map_err(|e| e.to_string())
        }
        Commands::Bench(args) => {
            let mut out = std::io::stdout().lock();
            if args.mates {
                gomoku_cli::bench::run_mates(&mut out, args.nodes)
            } else {
                gomoku_cli::bench::run(&mut out)
            }
            .map_err(|e| e.to_string())
        }
        Commands::Pbrain(args) => pbrain(args),
        Commands::Convert(args) => convert(args),
        Commands::Show(args) => show(args),
        Commands::Solve(args) => solve(args),
        Commands::Analyze(args) => analyze(args),
        Commands::Selfplay(args) => selfplay(args),
        Commands::Tune(args) => tune(args),
        Commands::Train(args) => train(args),
        Commands::Spsa(args) => spsa(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}
