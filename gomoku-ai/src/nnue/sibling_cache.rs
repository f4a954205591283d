//! Sibling values kept in a file between training runs (`gomoku train --sibling-cache FILE`).
//!
//! Valuing the siblings is nearly all of a training run's time (36,457 searches of 40,000 nodes
//! take about ten minutes on two cores; the training after them seconds), and the same records
//! and options give the same siblings and values. [`label_cached`] reads the values from the file
//! when it holds them for exactly these positions, rule, node budget and evaluator, and checks
//! them against a fresh search of the first game's siblings (so a changed engine or network is
//! noticed); otherwise it values them and writes the file.

use std::path::Path;

use gomoku_rules::{Board, Point, Rule};
use serde::{Deserialize, Serialize};

use super::siblings::{self, Sibling, SiblingOptions};
use crate::evaluator::Evaluator;

/// The version of the file's layout.
const FORMAT: u32 = 1;

/// The file: what the values were made for, and the values, game by game.
#[derive(Serialize, Deserialize)]
struct CacheFile {
    format: u32,
    rule: Rule,
    nodes: u64,
    evaluator: String,
    games: Vec<Vec<Entry>>,
}

/// One sibling's value: its position (by [`Board::hash`]), the search's score and move.
#[derive(Serialize, Deserialize)]
struct Entry {
    position: u64,
    score: i32,
    best: Point,
}

/// What [`label_cached`] did with the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheUse {
    /// The values were read from it.
    Read,
    /// The siblings were valued and the file written, for this reason.
    Written(String),
}

/// The values of `games`' siblings ([`siblings::label`] with the same arguments), read from
/// `path` when it holds them, else computed and written there (atomically). `evaluator_name`
/// tells evaluators apart in the file (`pattern`, a network's file name). Returns the values and
/// what was done with the file.
///
/// # Errors
/// The file could not be written (a file that cannot be read or does not match is not an
/// error: it is replaced).
pub fn label_cached<E: Evaluator + Clone + Send + 'static>(
    path: &Path,
    games: &[Vec<Board>],
    rule: Rule,
    options: &SiblingOptions,
    evaluator: &E,
    evaluator_name: &str,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<(Vec<Vec<Sibling>>, CacheUse), String> {
    let reason = match read(path, games, rule, options.nodes, evaluator_name) {
        Ok(saved) => {
            // The first game with siblings, valued afresh, must match what the file says.
            let first = saved.iter().position(|g| !g.is_empty());
            let fresh = first.map(|g| {
                siblings::label(
                    std::slice::from_ref(&games[g]),
                    rule,
                    &SiblingOptions {
                        threads: 1,
                        ..*options
                    },
                    evaluator,
                    &|_| {},
                )
            });
            match (first, fresh) {
                (Some(g), Some(fresh)) if fresh[0] != saved[g] => {
                    "the engine now values its siblings differently".to_string()
                }
                _ => return Ok((saved, CacheUse::Read)),
            }
        }
        Err(reason) => reason,
    };
    let labelled = siblings::label(games, rule, options, evaluator, progress);
    write(path, &labelled, rule, options.nodes, evaluator_name)?;
    Ok((labelled, CacheUse::Written(reason)))
}

/// The values `path` holds for `games`, or why it holds none for them.
fn read(
    path: &Path,
    games: &[Vec<Board>],
    rule: Rule,
    nodes: u64,
    evaluator_name: &str,
) -> Result<Vec<Vec<Sibling>>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err("no file yet".into()),
        Err(e) => return Err(format!("unreadable ({e})")),
    };
    let file: CacheFile =
        serde_json::from_str(&text).map_err(|e| format!("not a sibling cache ({e})"))?;
    if file.format != FORMAT {
        return Err(format!(
            "layout {} (this build writes {FORMAT})",
            file.format
        ));
    }
    if (file.rule, file.nodes, file.evaluator.as_str()) != (rule, nodes, evaluator_name) {
        return Err(format!(
            "made for {} at {} nodes by {}",
            file.rule, file.nodes, file.evaluator
        ));
    }
    if file.games.len() != games.len() {
        return Err(format!("made for {} games", file.games.len()));
    }
    file.games
        .iter()
        .zip(games)
        .map(|(entries, boards)| {
            // The entries follow the boards in order (a board without a legal move has none).
            let mut boards = boards.iter();
            entries
                .iter()
                .map(|entry| {
                    let board = boards
                        .find(|b| b.hash() == entry.position)
                        .ok_or("made for other positions")?;
                    if !board.is_empty_at(entry.best) {
                        return Err("damaged: a move on a stone");
                    }
                    Ok(Sibling {
                        board: board.clone(),
                        score: entry
                            .score
                            .clamp(-siblings::MATE_CLAMP, siblings::MATE_CLAMP),
                        best: entry.best,
                    })
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(str::to_string)
}

fn write(
    path: &Path,
    labelled: &[Vec<Sibling>],
    rule: Rule,
    nodes: u64,
    evaluator_name: &str,
) -> Result<(), String> {
    let file = CacheFile {
        format: FORMAT,
        rule,
        nodes,
        evaluator: evaluator_name.to_string(),
        games: labelled
            .iter()
            .map(|game| {
                game.iter()
                    .map(|s| Entry {
                        position: s.board.hash(),
                        score: s.score,
                        best: s.best,
                    })
                    .collect()
            })
            .collect(),
    };
    let text = serde_json::to_string(&file).map_err(|e| e.to_string())?;
    gomoku_rules::record::write_file(path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}
