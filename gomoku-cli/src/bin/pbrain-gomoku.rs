//! `pbrain-gomoku`: the Gomocup protocol engine for tournament managers and GUIs, which start it
//! with no arguments. Options exist for testing: `--brain SPEC` (a built-in player, default the
//! strongest), `--seed N` and `--threads N` (search threads until `INFO thread_num`).

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
    /// Seed for players that use randomness.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Search threads of the engine (1 to 64) until `INFO thread_num` says otherwise.
    #[arg(long)]
    threads: Option<usize>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let config = Config {
        brain: args
            .brain
            .unwrap_or_else(|| pbrain::DEFAULT_BRAIN.to_string()),
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
