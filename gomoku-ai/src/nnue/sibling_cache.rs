//! Sibling values kept in a file between training runs (`gomoku train --sibling-cache FILE`).
//!
//! Valuing the siblings is nearly all of a training run's time (36,457 searches of 40,000 nodes
//! take about ten minutes on two cores; the training after them seconds), and the same records
//! and options give the same siblings and values. [`label_cached`] reads the values from the file
//! when it holds them for exactly these positions, rule, node budget and evaluator, and checks
//! them against a fresh search of the first game's siblings (so a changed engine or network is
//! noticed); otherwise it values them and writes the file. [`label_cached_with`] does the same
//! for any [`Valuer`] (an external engine's values are trusted as they are: they cannot be
//! repeated exactly).

use std::path::Path;

use gomoku_rules::{Board, Point, Rule};
use serde::{Deserialize, Serialize};

use super::siblings::{self, Sibling, SiblingOptions, Valuer};
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
    let make = siblings::engine_valuers(evaluator, options.nodes);
    let valuing = Valuing {
        name: evaluator_name,
        repeatable: true,
        make: &make,
    };
    label_cached_with(path, games, rule, options, &valuing, progress)
}

/// The valuers of [`label_cached_with`], and how the file knows them.
pub struct Valuing<'a, V: Valuer> {
    /// Tells valuers apart in the file (an engine's command, a network's file name).
    pub name: &'a str,
    /// Whether the valuer gives a position the same value each time (the built-in engine at a
    /// node budget): then a file that matches is also checked against a fresh valuing of its
    /// first game's siblings, so that a changed engine is noticed. An external engine under a
    /// clock or on several threads is not: a matching file is trusted.
    pub repeatable: bool,
    /// Makes one valuer a thread ([`siblings::label_with`]).
    pub make: &'a (dyn Fn() -> Result<V, String> + Sync),
}

impl<V: Valuer> std::fmt::Debug for Valuing<'_, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Valuing")
            .field("name", &self.name)
            .field("repeatable", &self.repeatable)
            .finish_non_exhaustive()
    }
}

/// The values of `games`' siblings ([`siblings::label_with`] with the same arguments), read
/// from `path` when it holds them for `valuing`'s name, else computed and written there
/// (atomically). Returns the values and what was done with the file.
///
/// # Errors
/// The file could not be written, or the valuing failed (a file that cannot be read or does
/// not match is not an error: it is replaced).
pub fn label_cached_with<V: Valuer>(
    path: &Path,
    games: &[Vec<Board>],
    rule: Rule,
    options: &SiblingOptions,
    valuing: &Valuing<'_, V>,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<(Vec<Vec<Sibling>>, CacheUse), String> {
    let reason = match read(path, games, rule, options.nodes, valuing.name) {
        Ok(saved) if !valuing.repeatable => return Ok((saved, CacheUse::Read)),
        Ok(saved) => {
            // The first game with siblings, valued afresh, must match what the file says.
            match saved.iter().position(|g| !g.is_empty()) {
                Some(g) => {
                    let fresh = siblings::label_with(
                        std::slice::from_ref(&games[g]),
                        rule,
                        &SiblingOptions {
                            threads: 1,
                            ..*options
                        },
                        valuing.make,
                        &|_| {},
                    )?;
                    if fresh[0] == saved[g] {
                        return Ok((saved, CacheUse::Read));
                    }
                    "the engine now values its siblings differently".to_string()
                }
                None => return Ok((saved, CacheUse::Read)),
            }
        }
        Err(reason) => reason,
    };
    let labelled = siblings::label_with(games, rule, options, valuing.make, progress)?;
    write(path, &labelled, rule, options.nodes, valuing.name)?;
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
