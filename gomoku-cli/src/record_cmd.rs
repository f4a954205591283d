//! `gomoku convert` and `gomoku show`: game records between formats, and on the screen.
//! The reading, validation and writing all happen in `gomoku_rules::record`.

use std::io::Write;
use std::path::Path;

use gomoku_rules::record::{self, Format, ReadOptions, Record};

/// Reads `input` (format from `from`, else the extension, else the content) and writes it to
/// `output` in `to` (else the output's extension), atomically. Returns the record written.
///
/// # Errors
/// A message naming the file and what is wrong with it (unreadable, invalid, unknown output
/// format, or a failed write, which leaves any previous output file intact).
pub fn convert(
    input: &Path,
    output: &Path,
    from: Option<Format>,
    to: Option<Format>,
    options: &ReadOptions,
) -> Result<Record, String> {
    let to = to.or_else(|| Format::from_path(output)).ok_or_else(|| {
        format!(
            "cannot tell the format of {} from its extension: name one with --to (json, psq, sgf, rif, txt, pos)",
            output.display()
        )
    })?;
    let rec = record::load_with(input, from, options).map_err(|e| e.to_string())?;
    record::save(output, &rec, to).map_err(|e| e.to_string())?;
    Ok(rec)
}

/// Prints the final position of the record in `path`: the board with move numbers, the moves,
/// the players and the result.
///
/// # Errors
/// A message naming the file and what is wrong with it; or an output error.
pub fn show(
    path: &Path,
    from: Option<Format>,
    options: &ReadOptions,
    out: &mut dyn Write,
) -> Result<(), String> {
    let rec = record::load_with(path, from, options).map_err(|e| e.to_string())?;
    write_summary(&rec, out).map_err(|e| format!("cannot write the output: {e}"))
}

fn write_summary(rec: &Record, out: &mut dyn Write) -> std::io::Result<()> {
    let game = rec.game();
    writeln!(
        out,
        "{}x{} {}, {} moves",
        rec.size(),
        rec.size(),
        rec.rule(),
        rec.moves().len()
    )?;
    if rec.black.is_some() || rec.white.is_some() {
        writeln!(
            out,
            "Black: {}   White: {}",
            rec.black.as_deref().unwrap_or("?"),
            rec.white.as_deref().unwrap_or("?")
        )?;
    }
    writeln!(out, "{}", game.board())?;
    writeln!(out, "moves: {}", game.move_string())?;
    match rec.result() {
        Some(result) => writeln!(out, "result: {result:?} ({})", game.outcome())?,
        None => writeln!(out, "result: {}", game.outcome())?,
    }
    Ok(())
}
