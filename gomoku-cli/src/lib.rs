//! The `gomoku` program's frontends, as a library so the binaries stay thin and tests can drive
//! them: the terminal game, the web board, the Gomocup protocol engine, the match and tournament
//! runners, record conversion, game review, the threat solver and the SPSA tuner. No game logic
//! lives here; rules come from gomoku-rules and players from gomoku-ai.

pub mod analyze;
pub mod arena_settings;
pub mod bench;
pub mod cli;
pub mod duration_arg;
pub mod engine_report;
pub mod eval_arg;
pub mod events;
pub mod external;
pub mod gui;
pub mod match_runner;
pub mod merge;
pub mod pbrain;
pub mod play;
pub mod player_spec;
pub mod record_cmd;
pub mod record_inputs;
pub mod resume;
pub mod review_plot;
pub mod run_settings;
pub mod selfplay;
pub mod sibling_valuer;
pub mod solve;
pub mod spsa;
pub mod take_back;
pub mod tournament_runner;
pub mod train;
pub mod tune;
