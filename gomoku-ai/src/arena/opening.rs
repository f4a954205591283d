//! Match openings: a few stones placed before the players take over, read from the Gomocup
//! offset format or from position strings.
//!
//! The offset format (used by Gomocup tools) has one opening a line: `dx,dy, dx,dy, ...`, the
//! offsets of the stones from the centre of the board (`floor(size / 2)` from the top-left),
//! with `y` growing DOWNWARDS as in the Gomocup protocol. A position string (`h8i9j10`, also
//! used by Gomocup tools) lists the stones as a column letter and a row number counted from the
//! TOP (vertically mirrored against board notation). A file may mix both, one opening a line;
//! a line that starts with a letter is a position string. The stones alternate Black, White,
//! Black, ... Blank lines and lines starting with `#` are skipped.

use std::fmt;

use thiserror::Error;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

use gomoku_rules::record::{self, Format, ReadOptions};
use gomoku_rules::{Game, GameError, Point, Rule};

/// An opening: the stones to place before the game starts, in move order (Black first), as
/// offsets from the centre with `y` downwards.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    offsets: Vec<(i32, i32)>,
}

/// Why an opening file could not be read, with the 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("openings line {line}: {kind}")]
pub struct OpeningError {
    /// The 1-based line of the file.
    pub line: usize,
    /// What is wrong with it.
    pub kind: OpeningErrorKind,
}

/// What is wrong with one opening.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpeningErrorKind {
    /// A value is not a (small) whole number.
    #[error("\"{0}\" is not a whole number (expected offsets like \"0,0, 1,-1\")")]
    NotANumber(String),
    /// The numbers do not pair up into `dx,dy`.
    #[error("an odd number of values: offsets come in pairs dx,dy")]
    OddCount,
    /// A stone falls off the board.
    #[error("a stone is off the {size}x{size} board")]
    OffBoard {
        /// The board size.
        size: u32,
    },
    /// A position string cannot be read.
    #[error("not a position string like \"h8i9j10\": {0}")]
    Pos(String),
    /// The game is already over after the opening.
    #[error("the opening already ends the game")]
    Decided,
    /// The opening cannot be played on this board under this rule (a bad size, two stones on
    /// one point, a forbidden move).
    #[error("cannot be played on a {size}x{size} board: {source}")]
    Unplayable {
        /// The board size.
        size: u32,
        /// Why.
        source: GameError,
    },
}

/// The largest offset accepted (far beyond any board, small enough to never overflow).
const MAX_OFFSET: i32 = 1000;

impl Opening {
    /// An opening from offsets `(dx, dy)` (y downwards), Black's first.
    pub fn from_offsets(offsets: Vec<(i32, i32)>) -> Opening {
        Opening { offsets }
    }

    /// The offsets, in move order.
    pub fn offsets(&self) -> &[(i32, i32)] {
        &self.offsets
    }

    /// The number of stones.
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Whether the opening has no stones.
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }

    /// Parses one line of the offset format (`"0,0, 1,1, -2,2"`).
    ///
    /// # Errors
    /// [`OpeningErrorKind`] when a value is not a number or the values do not pair up.
    pub fn parse_line(text: &str) -> Result<Opening, OpeningErrorKind> {
        let values = text
            .split([',', ' ', '\t'])
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<i32>()
                    .ok()
                    .filter(|v| v.abs() <= MAX_OFFSET)
                    .ok_or_else(|| OpeningErrorKind::NotANumber(s.to_string()))
            })
            .collect::<Result<Vec<i32>, _>>()?;
        if values.len() % 2 != 0 {
            return Err(OpeningErrorKind::OddCount);
        }
        Ok(Opening {
            offsets: values.chunks(2).map(|c| (c[0], c[1])).collect(),
        })
    }

    /// Parses a position string (`"h8i9j10"`: columns from `a`, rows counted from the top) for a
    /// `size` board under `rule`.
    ///
    /// ```
    /// use gomoku_ai::arena::Opening;
    /// use gomoku_rules::Rule;
    /// // h8 is the centre; i9 is one right and one row further DOWN (rows count from the top).
    /// let opening = Opening::parse_pos("h8i9j10", 15, Rule::Freestyle).unwrap();
    /// assert_eq!(opening.offsets(), [(0, 0), (1, 1), (2, 2)]);
    /// ```
    ///
    /// # Errors
    /// [`OpeningErrorKind`] when the text is not a position string or the stones cannot be
    /// played (see [`Opening::to_game`]).
    pub fn parse_pos(text: &str, size: u32, rule: Rule) -> Result<Opening, OpeningErrorKind> {
        let options = ReadOptions {
            size,
            rule,
            game: 0,
        };
        let rec = record::read_str_with(text, Format::Pos, &options)
            .map_err(|e| OpeningErrorKind::Pos(e.to_string()))?;
        let size8 = u8::try_from(size).map_err(|_| OpeningErrorKind::OffBoard { size })?;
        let centre = i32::from(size8 / 2);
        let offsets = rec
            .moves()
            .iter()
            .map(|p| {
                let (x, y) = p.to_gomocup(size8);
                (x as i32 - centre, y as i32 - centre)
            })
            .collect();
        let opening = Opening { offsets };
        opening.to_game(size, rule)?;
        Ok(opening)
    }

    /// The stones on a board of `size`, in move order; `None` if one falls off the board.
    pub fn points(&self, size: u8) -> Option<Vec<Point>> {
        let centre = i32::from(size / 2);
        self.offsets
            .iter()
            .map(|&(dx, dy)| {
                let x = u32::try_from(centre + dx).ok()?;
                let y = u32::try_from(centre + dy).ok()?;
                Point::from_gomocup(x, y, size).ok()
            })
            .collect()
    }

    /// The game after the opening on a `size` board under `rule`.
    ///
    /// # Errors
    /// [`OpeningErrorKind`] when a stone is off the board, two stones share a point, a stone is
    /// forbidden or the opening already decides the game.
    pub fn to_game(&self, size: u32, rule: Rule) -> Result<Game, OpeningErrorKind> {
        let size8 = u8::try_from(size).unwrap_or(u8::MAX);
        let points = self
            .points(size8)
            .ok_or(OpeningErrorKind::OffBoard { size })?;
        let game = Game::from_moves(size, rule, points)
            .map_err(|source| OpeningErrorKind::Unplayable { size, source })?;
        if game.is_over() {
            return Err(OpeningErrorKind::Decided);
        }
        Ok(game)
    }
}

impl fmt::Display for Opening {
    /// The offset format: `0,0, 1,1, -2,2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (dx, dy)) in self.offsets.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{dx},{dy}")?;
        }
        Ok(())
    }
}

/// Parses an openings file (one opening a line) and checks that each can be played on a `size`
/// board under `rule`.
///
/// # Errors
/// [`OpeningError`] with the line number of the first bad opening.
pub fn parse_openings(text: &str, size: u32, rule: Rule) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |kind| OpeningError { line: i + 1, kind };
        let opening = if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
            Opening::parse_pos(line, size, rule).map_err(err)?
        } else {
            Opening::parse_line(line).map_err(err)?
        };
        opening.to_game(size, rule).map_err(err)?;
        openings.push(opening);
    }
    Ok(openings)
}

/// Puts `openings` in a random order drawn from `seed` (the same seed, the same order).
pub fn shuffle_openings(openings: &mut [Opening], seed: u64) {
    openings.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
}

/// The built-in freestyle/standard/caro openings: 80, each judged near-even for the side to move
/// by a strong engine (made for this project): 50 three-stone openings near the centre, then 30
/// early positions (5 to 8 stones) of that engine's games against itself. The more openings, the
/// less a match's games repeat one another.
const FREESTYLE_OPENINGS: &str = include_str!("openings/freestyle15.txt");
/// The built-in Renju openings: 107 three-stone openings near the centre, each judged near-even
/// for the side to move by a strong engine under Renju.
const RENJU_OPENINGS: &str = include_str!("openings/renju15.txt");

/// The built-in set of balanced openings for `rule` on a `size` board: stones near the centre,
/// chosen on 15x15 (the Renju set under Renju, the freestyle set otherwise). Openings
/// that do not fit a small board are left out.
pub fn default_openings(size: u32, rule: Rule) -> Vec<Opening> {
    let text = if rule.has_fouls() {
        RENJU_OPENINGS
    } else {
        FREESTYLE_OPENINGS
    };
    text.lines()
        .filter_map(|line| Opening::parse_line(line.trim()).ok())
        .filter(|o| !o.is_empty() && o.to_game(size, rule).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest of the eight turned and mirrored forms of `o`'s offsets (move order kept).
    fn canonical(o: &Opening) -> Vec<(i32, i32)> {
        let forms = (0..8).map(|k| {
            o.offsets()
                .iter()
                .map(|&(x, y)| {
                    let (a, b) = if k & 4 != 0 { (y, x) } else { (x, y) };
                    (
                        if k & 1 != 0 { -a } else { a },
                        if k & 2 != 0 { -b } else { b },
                    )
                })
                .collect::<Vec<_>>()
        });
        forms.min().unwrap()
    }

    #[test]
    fn offsets_are_from_the_centre_with_y_down() {
        let opening = Opening::parse_line("0,0, 1,1, -2,2").unwrap();
        let pts: Vec<String> = opening
            .points(15)
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect();
        // Centre h8; (1,1) is one right and one DOWN: i7; (-2,2): f6.
        assert_eq!(pts, ["h8", "i7", "f6"]);
        assert_eq!(opening.to_string(), "0,0, 1,1, -2,2");
        let game = opening.to_game(15, Rule::Freestyle).unwrap();
        assert_eq!(game.move_string(), "h8 i7 f6");
    }

    #[test]
    fn bad_lines_name_the_line() {
        let err = parse_openings("0,0, 1,1\n\n0,0, x,1\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(matches!(err.kind, OpeningErrorKind::NotANumber(ref s) if s == "x"));
        let err = parse_openings("0,0, 1\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(err.kind, OpeningErrorKind::OddCount);
        let err = parse_openings("0,0, 0,0\n", 15, Rule::Freestyle).unwrap_err();
        assert!(matches!(err.kind, OpeningErrorKind::Unplayable { .. }));
        let err = parse_openings("# c\n9,0\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.to_string().contains("line 2"), "{err}");
        let err = parse_openings("99999999999,0\n", 15, Rule::Freestyle).unwrap_err();
        assert!(matches!(err.kind, OpeningErrorKind::NotANumber(_)));
    }

    #[test]
    fn position_strings_count_rows_from_the_top() {
        let text = "# pos strings and offsets mixed\nh8i9j10\n0,0, 1,1, 2,2\n";
        let openings = parse_openings(text, 15, Rule::Freestyle).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0], openings[1]);
        let game = openings[0].to_game(15, Rule::Freestyle).unwrap();
        // Rows from the top: i9 is board i7, j10 is j6.
        assert_eq!(game.move_string(), "h8 i7 j6");
        // On 20x20 the centre is k11 (k10 in board notation).
        let big = Opening::parse_pos("k11", 20, Rule::Freestyle).unwrap();
        assert_eq!(big.offsets(), [(0, 0)]);
        let err = parse_openings("h8\nh8h8\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(err.line, 2);
        let err = parse_openings("h8z99\n", 15, Rule::Freestyle).unwrap_err();
        assert!(matches!(err.kind, OpeningErrorKind::Pos(_)), "{err}");
        assert!(err.to_string().contains("line 1"), "{err}");
    }

    #[test]
    fn shuffling_is_a_seeded_permutation() {
        let set = default_openings(15, Rule::Freestyle);
        let mut a = set.clone();
        let mut b = set.clone();
        let mut c = set.clone();
        shuffle_openings(&mut a, 1);
        shuffle_openings(&mut b, 1);
        shuffle_openings(&mut c, 2);
        assert_eq!(a, b);
        assert_ne!(a, set);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort_by_key(|o| o.to_string());
        let mut original = set.clone();
        original.sort_by_key(|o| o.to_string());
        assert_eq!(sorted, original);
    }

    #[test]
    fn default_sets_are_all_playable_and_distinct() {
        for rule in Rule::ALL {
            let set = default_openings(15, rule);
            let expected = if rule.has_fouls() { 107 } else { 80 };
            assert_eq!(set.len(), expected, "{rule}");
            for o in &set {
                let stones = if rule.has_fouls() { 3..=3 } else { 3..=8 };
                assert!(stones.contains(&o.len()), "{o}");
                assert!(!o.to_game(15, rule).unwrap().is_over(), "{o}");
            }
            // No opening is another one turned or mirrored.
            let mut seen = std::collections::HashSet::new();
            for o in &set {
                assert!(seen.insert(canonical(o)), "{rule}: {o} repeats an opening");
            }
        }
        // A tiny board keeps only the openings that fit.
        assert!(default_openings(5, Rule::Freestyle).len() < 24);
    }
}
