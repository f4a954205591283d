//! Readers refuse what breaks the rules or the format, and say where and why.

use gomoku_rules::record::{
    Format, GameResult, Location, ReadOptions, RecordError, RecordErrorKind, read_str,
    read_str_with,
};
use gomoku_rules::{ForbiddenKind, PlayErrorReason, Rule};

fn line_of(err: &RecordError) -> usize {
    err.location.expect("the error has a place").line
}

fn illegal(err: &RecordError) -> (usize, PlayErrorReason) {
    match &err.kind {
        RecordErrorKind::IllegalMove { number, source } => (*number, source.reason),
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

#[test]
fn overlapping_stones_are_refused_with_their_line() {
    let psq = "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n8,8,0\n";
    let err = read_str(psq, Format::Psq).unwrap_err();
    assert_eq!(illegal(&err), (3, PlayErrorReason::Occupied));
    assert_eq!(line_of(&err), 4);

    let sgf = "(;GM[4]SZ[15]\n;B[hh]\n;W[hh])";
    let err = read_str(sgf, Format::Sgf).unwrap_err();
    assert_eq!(illegal(&err), (2, PlayErrorReason::Occupied));
    assert_eq!(err.location, Some(Location { line: 3, column: 4 }));

    let json = r#"{"size": 15, "rule": "freestyle", "moves": ["h8", "h8"]}"#;
    let err = read_str(json, Format::Json).unwrap_err();
    assert_eq!(illegal(&err), (2, PlayErrorReason::Occupied));

    let err = read_str("# size: 15\nh8 i9\nj10 i9\n", Format::Moves).unwrap_err();
    assert_eq!(illegal(&err), (4, PlayErrorReason::Occupied));
    assert_eq!(err.location, Some(Location { line: 3, column: 5 }));
    assert_eq!(
        err.to_string(),
        "move list record, line 3, column 5: move 4: cannot play i9: occupied"
    );
}

#[test]
fn moves_after_the_end_are_refused() {
    let five_and_more = "h8 h9 i8 i9 j8 j9 k8 k9 l8 l9";
    let err = read_str(five_and_more, Format::Moves).unwrap_err();
    assert_eq!(illegal(&err), (10, PlayErrorReason::GameOver));
    let sgf = "(;GM[4]SZ[15];B[hh];W[hg];B[ih];W[ig];B[jh];W[jg];B[kh];W[kg];B[lh];W[lg])";
    let err = read_str(sgf, Format::Sgf).unwrap_err();
    assert_eq!(illegal(&err), (10, PlayErrorReason::GameOver));
    let rif = "<games><game rule=\"1\">\n<move>h8 h9 i8 i9 j8 j9 k8 k9 l8 l9</move></game></games>";
    let err = read_str(rif, Format::Rif).unwrap_err();
    assert_eq!(illegal(&err), (10, PlayErrorReason::GameOver));
    assert_eq!(
        err.location,
        Some(Location {
            line: 2,
            column: 34
        })
    );
}

#[test]
fn wrong_sizes_are_refused() {
    let err = read_str("Piskvorky 25x25, 0:0, 0\n", Format::Psq).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::Size(_)), "{err}");
    let err = read_str("Piskvorky 15x20, 0:0, 0\n", Format::Psq).unwrap_err();
    assert!(
        matches!(
            err.kind,
            RecordErrorKind::NotSquare {
                width: 15,
                height: 20
            }
        ),
        "{err}"
    );
    // x = 16 is off a 15x15 board.
    let err = read_str("Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0\n", Format::Psq).unwrap_err();
    assert_eq!(line_of(&err), 3);
    assert!(err.to_string().contains("off the 15x15 board"), "{err}");
    // A 20x20 point in a 15x15 SGF.
    let err = read_str("(;GM[4]SZ[15];B[ss])", Format::Sgf).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::Point(_)), "{err}");
    let err = read_str("(;GM[4]SZ[30])", Format::Sgf).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::Size(_)), "{err}");
    let err = read_str(r#"{"size": 4, "rule": "renju", "moves": []}"#, Format::Json).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::Size(_)), "{err}");
    let err = read_str("# size: 15\nh8 p3\n", Format::Moves).unwrap_err();
    assert_eq!(err.location, Some(Location { line: 2, column: 4 }));
    let err = read_str_with(
        "t20",
        Format::Pos,
        &ReadOptions {
            size: 19,
            ..ReadOptions::default()
        },
    )
    .unwrap_err();
    assert!(err.to_string().contains("19x19"), "{err}");
}

#[test]
fn stated_results_must_agree_with_the_board() {
    // Black made five; the file claims White won.
    let sgf = "(;GM[4]SZ[15]RE[W+];B[hh];W[hg];B[ih];W[ig];B[jh];W[jg];B[kh];W[kg];B[lh])";
    let err = read_str(sgf, Format::Sgf).unwrap_err();
    assert!(
        matches!(
            err.kind,
            RecordErrorKind::ResultMismatch {
                stated: GameResult::WhiteWins,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(line_of(&err), 1);
    let rif = "<games><game bresult=\"0.5\"><move>h8 h9 i8 i9 j8 j9 k8 k9 l8</move></game></games>";
    assert!(read_str(rif, Format::Rif).is_err());
    let json = r#"{"size": 15, "rule": "freestyle", "moves": ["h8"], "times": [1, 2]}"#;
    let err = read_str(json, Format::Json).unwrap_err();
    assert!(
        matches!(
            err.kind,
            RecordErrorKind::TimesLength { times: 2, moves: 1 }
        ),
        "{err}"
    );
    let json = r#"{"size": 15, "rule": "freestyle", "moves": ["h8", "i9"], "evaluations": [null]}"#;
    let err = read_str(json, Format::Json).unwrap_err();
    assert!(
        matches!(
            err.kind,
            RecordErrorKind::EvaluationsLength {
                evaluations: 1,
                moves: 2
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().contains("1 move evaluations for 2 moves"),
        "{err}"
    );
    let json = r#"{"size": 15, "rule": "freestyle", "moves": ["h8"], "evaluations": ["x"]}"#;
    assert!(read_str(json, Format::Json).is_err());
}

#[test]
fn format_errors_say_what_was_expected() {
    let cases: [(&str, Format, usize, &str); 12] = [
        (
            "Piskvorky 15x15, 0:0, 2\n",
            Format::Psq,
            1,
            "the player who began: 0 or 1",
        ),
        ("Piskvorky fifteen\n", Format::Psq, 1, "the board width"),
        ("Gomoku 15x15\n", Format::Psq, 1, "the header"),
        (
            "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,x,0\n",
            Format::Psq,
            3,
            "a row y",
        ),
        (
            "Piskvorky 15x15, 0:0, 0\n8,8\n9,9\nAlice\nBob\nCarol\n-1\n",
            Format::Psq,
            4,
            "two player names",
        ),
        ("(;GM[1]SZ[19];B[pd])", Format::Sgf, 1, "GM[4]"),
        (
            "(;GM[4]SZ[15];B[hh]\n;W[hi]",
            Format::Sgf,
            2,
            "\")\" closing the game tree",
        ),
        ("(;GM[4]SZ[15];B[hh];B[ii])", Format::Sgf, 1, "White's turn"),
        ("(;GM[4]SZ[15]AB[hh][ii])", Format::Sgf, 1, "setup stones"),
        (
            "<games><game>\n<move>h8</mov></game></games>",
            Format::Rif,
            2,
            "end tag",
        ),
        ("# rule: chess\nh8\n", Format::Moves, 1, "unknown rule"),
        (
            "h8 i9\n# size: 19\n",
            Format::Moves,
            2,
            "header lines before the first move",
        ),
    ];
    for (text, format, line, expected) in cases {
        let err = read_str(text, format).unwrap_err();
        assert_eq!(err.format, format);
        assert_eq!(line_of(&err), line, "{text:?}: {err}");
        assert!(err.to_string().contains(expected), "{text:?}: {err}");
    }
    let err = read_str(
        r#"{"size": 15, "rule": "renju",
        "moves": ["h8"], "colour": "red"}"#,
        Format::Json,
    )
    .unwrap_err();
    assert_eq!(line_of(&err), 2);
    assert!(err.to_string().contains("unknown field"), "{err}");
    for empty in ["", "  \n", "\u{feff}"] {
        assert!(read_str(empty, Format::Psq).is_err());
        assert!(read_str(empty, Format::Sgf).is_err());
        assert!(read_str(empty, Format::Rif).is_err());
        assert!(read_str(empty, Format::Json).is_err());
        // An empty move list is an empty game.
        assert_eq!(read_str(empty, Format::Moves).unwrap().moves().len(), 0);
    }
}

#[test]
fn single_game_formats_have_only_game_zero() {
    let options = ReadOptions {
        game: 1,
        ..ReadOptions::default()
    };
    let err = read_str_with("h8", Format::Moves, &options).unwrap_err();
    assert!(matches!(
        err.kind,
        RecordErrorKind::NoSuchGame { index: 1, count: 1 }
    ));
}

/// Black's ninth move j8 makes two open threes (row 8 and column j): forbidden under Renju.
#[test]
fn forbidden_black_moves_are_refused_under_renju() {
    let moves = "h8 a1 i8 a3 j9 a5 j10 a7 j8";
    let options = ReadOptions {
        rule: Rule::Renju,
        ..ReadOptions::default()
    };
    let err = read_str_with(moves, Format::Moves, &options).unwrap_err();
    assert_eq!(
        illegal(&err),
        (9, PlayErrorReason::Forbidden(ForbiddenKind::DoubleThree))
    );
    let json = r#"{"size": 15, "rule": "renju", "moves": ["h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7", "j8"]}"#;
    assert!(read_str(json, Format::Json).is_err());
    // The same moves are a legal freestyle game.
    assert!(read_str(moves, Format::Moves).is_ok());
}
