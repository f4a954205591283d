//! `pbrain-gomoku`: the Gomocup protocol engine for tournament managers and GUIs, which start it
//! with no arguments. Options exist for testing: `--brain SPEC` (a built-in player, default the
//! strongest), `--eval FILE` (a network or weights file for the engine brain), `--seed N` and
//! `--threads N` (search threads until `INFO thread_num`).

use std::process::ExitCode;

use clap::Parser;

use gomoku_cli::pbrain::{self, Config};

/// Speaks the Gomocup (pbrain) protocol on stdin/stdout.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The built-in player to use (e.g. "engine", "random:7").
    #[arg(long)]
    brain: Option<String>,
    /// Evaluation for the engine brain: a network file (`gomoku train`), a weights file
    /// (`gomoku tune`), `pattern` or `nnue`.
    #[arg(long)]
    eval: Option<std::path::PathBuf>,
    /// Seed for players that use randomness.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Search threads of the engine (1 to 64) until `INFO thread_num` says otherwise.
    #[arg(long)]
    threads: Option<usize>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let brain = args
        .brain
        .unwrap_or_else(|| pbrain::DEFAULT_BRAIN.to_string());
    let brain = match gomoku_cli::eval_arg::brain_with_eval(&brain, args.eval.as_deref()) {
        Ok(brain) => brain,
        Err(e) => {
            eprintln!("pbrain-gomoku: {e}");
            return ExitCode::FAILURE;
        }
    };
    let config = Config {
        brain,
        seed: args.seed,
        threads: args.threads,
    };
    match pbrain::run_stdio(&config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain-gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}
