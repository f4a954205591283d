//! Save a game in every record format, load each file back, and check nothing was lost.
//!
//! Run: `cargo run --release --example records`

use gomoku_kit::core::record::{self, Format, Record};
use gomoku_kit::core::{Game, Rule};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = Game::from_move_string(15, Rule::Renju, "h8 i9 i7 j8 g8 g9 h9 h10 j7")?;
    let mut rec = Record::from_game(&game)?;
    rec.black = Some("Alice".into());
    rec.white = Some("Bob".into());

    // A fresh directory, removed with its files when `dir` is dropped (or closed, below).
    let dir = tempfile::Builder::new()
        .prefix("gomoku-records-example-")
        .tempdir()?;
    for format in [
        Format::Json,
        Format::Psq,
        Format::Sgf,
        Format::Rif,
        Format::Moves,
    ] {
        let path = dir.path().join(format!("game.{}", format.extension()));
        // Saving is atomic: a temporary file next to the target, then a rename.
        record::save(&path, &rec, format)?;
        let back = record::load(&path)?;
        assert_eq!(back.moves(), rec.moves());
        println!(
            "{:>6}: {} ({} moves)",
            format.name(),
            path.display(),
            back.moves().len()
        );
    }
    println!("\n{}", record::write_string(&rec, Format::Sgf)?);
    println!("{}", rec.game().board());
    dir.close()?;
    Ok(())
}
