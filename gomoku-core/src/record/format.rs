//! The record formats, and how to tell them apart.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use thiserror::Error;

/// A game record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Our JSON: size, rule, moves, times, players, result (`.json`).
    Json,
    /// Piskvork's `.psq`: a `Piskvorky WxH, L1:L2, S` line, then `x,y,ms` lines (1-based, `y`
    /// from the top), then optional player names and a code line.
    Psq,
    /// Smart Game Format with `GM[4]` (`.sgf`): `aa` is the top-left point.
    Sgf,
    /// RenjuNet XML database (`.rif`): many games, each with a `<move>` list in board notation.
    Rif,
    /// A move list in board notation (`.txt`), e.g. `h8 i9 i7`, with optional `# key: value`
    /// header lines (size, rule, black, white, result, event, date).
    Moves,
    /// A Gomocup "pos" string (`.pos`): `h8i7...` where the number is the row counted from the
    /// TOP (vertically mirrored against board notation).
    Pos,
}

/// A format name or file extension that is not known.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown record format \"{0}\" (expected json, psq, sgf, rif, txt or pos)")]
pub struct ParseFormatError(pub String);

impl Format {
    /// Every format.
    pub const ALL: [Format; 6] = [
        Format::Json,
        Format::Psq,
        Format::Sgf,
        Format::Rif,
        Format::Moves,
        Format::Pos,
    ];

    /// The usual file extension (without the dot).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Psq => "psq",
            Format::Sgf => "sgf",
            Format::Rif => "rif",
            Format::Moves => "txt",
            Format::Pos => "pos",
        }
    }

    /// The format named by a file extension (any case): `json`, `psq`, `sgf`, `rif` or `xml`,
    /// `txt` or `moves`, `pos`.
    pub fn from_extension(ext: &str) -> Option<Format> {
        match ext.to_ascii_lowercase().as_str() {
            "json" => Some(Format::Json),
            "psq" => Some(Format::Psq),
            "sgf" => Some(Format::Sgf),
            "rif" | "xml" => Some(Format::Rif),
            "txt" | "moves" => Some(Format::Moves),
            "pos" => Some(Format::Pos),
            _ => None,
        }
    }

    /// The format of a file, from its extension.
    ///
    /// ```
    /// use gomoku_rules::record::Format;
    /// assert_eq!(Format::from_path("games/final.PSQ".as_ref()), Some(Format::Psq));
    /// assert_eq!(Format::from_path("notes".as_ref()), None);
    /// ```
    pub fn from_path(path: &Path) -> Option<Format> {
        Format::from_extension(path.extension()?.to_str()?)
    }

    /// Guesses the format from the text: `{` JSON, `(` SGF, `<` RenjuNet XML, `Piskvorky` PSQ,
    /// anything else a move list. A Gomocup pos string cannot be told from a move list by its
    /// content (both read `h8i7`), so it is read as [`Format::Moves`]; use the `.pos` extension
    /// or name the format.
    ///
    /// ```
    /// use gomoku_rules::record::Format;
    /// assert_eq!(Format::detect("(;GM[4]SZ[15];B[hh])"), Format::Sgf);
    /// assert_eq!(Format::detect("\u{feff}Piskvorky 20x20, 11:11, 0\n"), Format::Psq);
    /// assert_eq!(Format::detect("h8 i9 i7"), Format::Moves);
    /// ```
    pub fn detect(text: &str) -> Format {
        let body = text.trim_start_matches('\u{feff}').trim_start();
        if body.starts_with('{') {
            Format::Json
        } else if body.starts_with('(') {
            Format::Sgf
        } else if body.starts_with('<') {
            Format::Rif
        } else if body
            .get(..9)
            .is_some_and(|s| s.eq_ignore_ascii_case("piskvorky"))
        {
            Format::Psq
        } else {
            Format::Moves
        }
    }

    /// A short name: `json`, `psq`, `sgf`, `rif`, `moves`, `pos`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Moves => "moves",
            other => other.extension(),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Json => "JSON",
            Format::Psq => "PSQ",
            Format::Sgf => "SGF",
            Format::Rif => "RenjuNet",
            Format::Moves => "move list",
            Format::Pos => "pos string",
        })
    }
}

impl FromStr for Format {
    type Err = ParseFormatError;
    /// Accepts [`Format::name`]s and the extensions of [`Format::from_extension`].
    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        Format::from_extension(s.trim().trim_start_matches('.'))
            .ok_or_else(|| ParseFormatError(s.to_string()))
    }
}
