//! The `gomoku` program's frontends, as a library so the binaries stay thin and tests can drive
//! them: the terminal game, the Gomocup protocol engine and the match runner. No game logic lives
//! here; rules come from gomoku-core and players from gomoku-ai.

pub mod pbrain;
