//! `pbrain-gomoku`: the Gomocup protocol engine for tournament managers and GUIs, which start it
//! with no arguments. Options exist for testing: `--brain SPEC` (a built-in player, default the
//! strongest), `--eval FILE` (a network or weights file for the engine brain), `--seed N` and
//! `--threads N` (search threads until `INFO thread_num`).

use std::process::ExitCode;

use clap::Parser;

use gomoku_cli::cli::BrainCli;
use gomoku_cli::pbrain::{self, Config};

fn main() -> ExitCode {
    let args = BrainCli::parse();
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
