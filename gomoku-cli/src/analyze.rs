//! `gomoku analyze FILE`: the engine's review of every move of a game record, as a table or
//! JSON, optionally written back into the record as SGF comments and drawn as an evaluation
//! graph ([`crate::review_plot`]). The review itself (scores, marks, thresholds) is
//! `gomoku_ai::review`; this reads the record and prints.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use serde_json::{Value, json};

use gomoku_ai::review::{
    self, BLUNDER_LOSS, INACCURACY_LOSS, MISTAKE_LOSS, PlayerSummary, Review, ReviewOptions,
};
use gomoku_rules::Color;
use gomoku_rules::record::{self, Record};

/// What `gomoku analyze` does besides reviewing.
#[derive(Clone, Debug)]
pub struct AnalyzeOptions {
    /// How hard to look at each position.
    pub review: ReviewOptions,
    /// Print JSON instead of a table.
    pub json: bool,
    /// Write the game with the review as SGF comments to this file (atomically).
    pub sgf_out: Option<PathBuf>,
    /// Write the evaluation graph as an SVG to this file (atomically).
    pub plot: Option<PathBuf>,
}

/// Reviews the game of `record` and prints the review to `out`: a table (or JSON) and a
/// summary per player. Progress goes to the standard error when it is a terminal.
///
/// # Errors
/// A message naming the problem: a game without moves, bad options, a failed write of the SGF
/// file (which leaves an older file intact) or of the output.
pub fn run(
    record: &Record,
    options: &AnalyzeOptions,
    out: &mut dyn Write,
) -> Result<Review, String> {
    let game = record.game();
    if game.moves().is_empty() {
        return Err("the game has no moves to review".into());
    }
    if options.review.jobs == 0 {
        return Err("-j 0: at least one job is needed".into());
    }
    if options.review.move_time.is_none() && options.review.max_nodes.is_none() {
        return Err(
            "give a limit per position: --time (e.g. 200ms) or --nodes (without either every position is searched to full depth)"
                .into(),
        );
    }
    // Fail before the review rather than after it.
    for path in options.sgf_out.iter().chain(&options.plot) {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        if dir.is_some_and(|d| !d.is_dir()) {
            return Err(format!(
                "cannot write {}: its directory does not exist",
                path.display()
            ));
        }
    }
    let show_progress = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        if show_progress {
            eprint!("\ranalysing: {done}/{total} positions");
            if done == total {
                eprint!("\r{:40}\r", "");
            }
        }
    };
    let review = review::review(game, &options.review, &progress);
    if let Some(path) = &options.sgf_out {
        let sgf = review.to_sgf(record).map_err(|e| e.to_string())?;
        record::write_file(path, sgf.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = &options.plot {
        record::write_file(path, crate::review_plot::review_svg(&review).as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let written = if options.json {
        writeln!(out, "{}", to_json(&review))
    } else {
        write_table(record, &review, out)
    };
    written.map_err(|e| format!("cannot write the output: {e}"))?;
    Ok(review)
}

/// The review as `{"moves": [{"ply", "move", "color", "score_before", "score_after", "best",
/// "mark", "black_expected"}], "summary": {"black": {...}, "white": {...}}}`: scores in
/// evaluation units from the mover's side (a forced win or loss is ±(1000000 - plies)), `best`
/// null when the move was the engine's choice, `mark` null or "inaccuracy", "mistake",
/// "blunder", `black_expected` Black's expected score after the move (0..1, the graph's curve).
pub fn to_json(review: &Review) -> Value {
    let moves: Vec<Value> = review
        .moves
        .iter()
        .map(|m| {
            json!({
                "ply": m.ply,
                "move": m.point.to_string(),
                "color": color_name(m.color),
                "score_before": m.score_before.0,
                "score_after": m.score_after.0,
                "best": m.best.map(|p| p.to_string()),
                "mark": m.mark.map(|mark| mark.as_str()),
                "black_expected": m.black_expected(),
            })
        })
        .collect();
    let summary = |s: &PlayerSummary| {
        json!({
            "moves": s.moves,
            "inaccuracies": s.inaccuracies,
            "mistakes": s.mistakes,
            "blunders": s.blunders,
            "average_loss": s.average_loss,
        })
    };
    json!({
        "moves": moves,
        "summary": {
            "black": summary(&review.black),
            "white": summary(&review.white),
        },
    })
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn write_table(record: &Record, review: &Review, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{}x{} {}, {} moves. Scores from the mover's side; marks by the loss in expected score \
         (inaccuracy {:.0}%, mistake {:.0}%, blunder {:.0}%), and blunder for a forced win \
         thrown away or allowed.",
        record.size(),
        record.size(),
        record.rule(),
        review.moves.len(),
        INACCURACY_LOSS * 100.0,
        MISTAKE_LOSS * 100.0,
        BLUNDER_LOSS * 100.0
    )?;
    writeln!(
        out,
        "{:>4}  {:<4}  {:<5}  {:>8}  {:>8}  {:>5}  {:<4}  mark",
        "ply", "move", "color", "before", "after", "loss", "best"
    )?;
    for m in &review.moves {
        let mut mark = m.mark.map_or(String::new(), |k| k.to_string());
        if m.threw_away_win {
            mark += " (throws away a forced win)";
        }
        if m.allowed_win {
            mark += " (allows a forced win)";
        }
        let line = format!(
            "{:>4}  {:<4}  {:<5}  {:>8}  {:>8}  {:>4.0}%  {:<4}  {}",
            m.ply,
            m.point.to_string(),
            color_name(m.color),
            m.score_before.to_string(),
            m.score_after.to_string(),
            m.loss * 100.0,
            m.best.map_or(String::new(), |p| p.to_string()),
            mark
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    for color in [Color::Black, Color::White] {
        let name = match color {
            Color::Black => "Black",
            Color::White => "White",
        };
        writeln!(out, "{name}: {}", review.summary(color))?;
    }
    Ok(())
}
