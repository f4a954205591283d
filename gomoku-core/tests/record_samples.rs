//! Hand-written sample files in every format parse to the expected game.
//!
//! The files live in `tests/data/records/`. `tournament.psq` is a 20x20 tournament game in
//! Piskvork's layout (CRLF line ends, levels `11:11`, per-move times, the two brain names and
//! the `-1` code line); its expected moves were written down in board notation independently of
//! this crate.

use gomoku_rules::record::{
    self, Format, GameResult, ReadOptions, Record, game_count, read_all, read_str, read_str_with,
};
use gomoku_rules::{Board, Color, Outcome, Point, Rule};

const PSQ: &str = include_str!("data/records/tournament.psq");
const SGF: &str = include_str!("data/records/renju.sgf");
const RIF: &str = include_str!("data/records/club.rif");
const JSON: &str = include_str!("data/records/caro.json");
const TXT: &str = include_str!("data/records/standard.txt");
const POS: &str = include_str!("data/records/opening.pos");

/// The PSQ game in board notation (20x20, rows from the bottom).
const PSQ_MOVES: &str = "k10 l10 k9 k11 j12 m9 n8 l11 j11 l9 l8 l12 l13 j10 m13 i9 h8 k13 k12 \
    i10 m14 n15 m12 m11 n10 n11 o11 j14 i15 m15 n12 l14 p10 q9 n16 m10 k8 m8 m7 o9 k7 k6 n6 o5 \
    n9 n7 o12 o6 p5 p12 n13 l15 o15 k15 j15 o13 n14 k14 p11 q10 p16 q17 i14 k16 k17 i13 l16 h12 \
    g11 q11 q12 r10 s9 q8 q7 o10 p9 p8 s11 r8 s8 s10 j16 h14 l18 m19 m17 p14 k19";

fn points(moves: &str) -> Vec<Point> {
    moves
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

/// The board after `record`'s moves must equal `diagram`.
fn assert_board(record: &Record, diagram: &str) {
    let expected: Board = diagram.parse().unwrap();
    assert_eq!(
        record.game().board(),
        &expected,
        "\n{}",
        record.game().board()
    );
}

#[test]
fn piskvork_tournament_psq() {
    let record = read_str(PSQ, Format::Psq).unwrap();
    assert_eq!(Format::detect(PSQ), Format::Psq);
    assert_eq!(record.size(), 20);
    assert_eq!(record.rule(), Rule::Freestyle);
    assert_eq!(record.moves(), points(PSQ_MOVES).as_slice());
    assert_eq!(record.black.as_deref(), Some("pbrain-tito2024.exe"));
    assert_eq!(record.white.as_deref(), Some("pbrain-karo17.exe"));
    let times = record.times().unwrap();
    assert_eq!(times.len(), 89);
    assert_eq!(&times[..3], &[0, 281, 94]);
    assert!(matches!(
        record.outcome(),
        Outcome::Win {
            color: Color::Black,
            ..
        }
    ));
    assert_eq!(record.result(), Some(GameResult::BlackWins));
    // The last move k19 completes Black's five.
    let Outcome::Win { line, .. } = record.outcome() else {
        unreachable!()
    };
    assert!(line.contains("k19".parse().unwrap()));
    assert_eq!(line.len, 5);
}

#[test]
fn psq_second_player_began() {
    // Header S = 1: the second name line is the player who began (Black).
    let text = "Piskvorky 15x15, 0:11, 1\n8,8,100\n9,9,200\nhomo-1\npbrain-x.exe\n0\n";
    let record = read_str(text, Format::Psq).unwrap();
    assert_eq!(record.black.as_deref(), Some("pbrain-x.exe"));
    assert_eq!(
        record.white, None,
        "homo-1 is a human player without a name"
    );
    assert_eq!(record.moves(), points("h8 i7").as_slice());
}

#[test]
fn renju_sgf_main_line() {
    let record = read_str(SGF, Format::Sgf).unwrap();
    assert_eq!(Format::detect(SGF), Format::Sgf);
    assert_eq!(
        record.rule(),
        Rule::Renju,
        "RU[RIF] is a Renju opening rule"
    );
    assert_eq!(
        record.moves(),
        points("h8 h9 i8 i9 j8 j9 k8 k9 l8").as_slice()
    );
    assert_eq!(record.black.as_deref(), Some("Alice"));
    assert_eq!(record.white.as_deref(), Some("Bob ] Jr."));
    assert_eq!(record.event.as_deref(), Some("Club championship"));
    assert_eq!(record.date.as_deref(), Some("2026-05-01"));
    assert_eq!(record.stated_result(), Some(GameResult::BlackWins));
    assert_board(
        &record,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O O O O . . . .
        . . . . . . . X X X X X . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
    );
}

#[test]
fn renjunet_database_games_by_index() {
    assert_eq!(Format::detect(RIF), Format::Rif);
    assert_eq!(game_count(RIF, Format::Rif).unwrap(), 3);
    let first = read_str(RIF, Format::Rif).unwrap();
    assert_eq!(first.rule(), Rule::Renju);
    assert_eq!(
        first.moves(),
        points("h8 h9 i8 i9 j8 j9 k8 k9 l8").as_slice()
    );
    assert_eq!(first.black.as_deref(), Some("Ana Novak"));
    assert_eq!(first.white.as_deref(), Some("Li Wei"));
    assert_eq!(first.event.as_deref(), Some("Open & Friendly Cup"));
    assert_eq!(first.result(), Some(GameResult::BlackWins));

    let options = ReadOptions {
        game: 1,
        ..ReadOptions::default()
    };
    let second = read_str_with(RIF, Format::Rif, &options).unwrap();
    assert_eq!(second.moves(), points("h8 i9 i7 g9").as_slice());
    assert_eq!(second.black.as_deref(), Some("Li Wei"));
    assert_eq!(second.stated_result(), Some(GameResult::Draw));
    assert_eq!(second.outcome(), Outcome::Ongoing);

    // The third game puts a stone on h8 twice: only that game is refused.
    let third = read_str_with(RIF, Format::Rif, &ReadOptions { game: 2, ..options });
    let err = third.unwrap_err();
    assert!(err.to_string().contains("move 3"), "{err}");
    let at = err.location.unwrap();
    assert_eq!(
        (at.line, at.column),
        (24, 19),
        "the second h8 of `<move>h8 i9 h8`"
    );
    let all = read_all(RIF, Format::Rif, &ReadOptions::default()).unwrap();
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[1].is_ok() && all[2].is_err());

    let past = read_str_with(RIF, Format::Rif, &ReadOptions { game: 3, ..options });
    assert!(past.unwrap_err().to_string().contains("holds 3"));
}

#[test]
fn caro_json_with_times() {
    let record = read_str(JSON, Format::Json).unwrap();
    assert_eq!(Format::detect(JSON), Format::Json);
    assert_eq!(record.rule(), Rule::Caro);
    // Black's five h8..l8 is blocked at both ends by g8 and m8: no win under Caro.
    assert_eq!(record.outcome(), Outcome::Ongoing);
    assert_eq!(record.result(), None);
    assert_eq!(record.times().unwrap()[3], 950);
    assert_eq!(record.black.as_deref(), Some("Nguyen"));
    assert_eq!(record.date.as_deref(), Some("2026-03-14"));
    assert_board(
        &record,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O X X X X X O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .",
    );
}

#[test]
fn standard_move_list_with_header() {
    let record = read_str(TXT, Format::Moves).unwrap();
    assert_eq!(Format::detect(TXT), Format::Moves);
    assert_eq!(record.rule(), Rule::Standard);
    // Black's six h8..m8 is an overline: no win under the standard rule.
    assert_eq!(record.outcome(), Outcome::Ongoing);
    assert_eq!(record.result(), Some(GameResult::WhiteWins));
    assert_eq!(record.white.as_deref(), Some("Dmitri"));
    assert_eq!(record.moves().len(), 11);
}

#[test]
fn gomocup_pos_string_is_mirrored() {
    let record = read_str(POS, Format::Pos).unwrap();
    // "i7" counts the row from the top: it is i9 in board notation.
    assert_eq!(record.moves(), points("h8 i9 j7").as_slice());
    assert_board(
        &record,
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
    );
    // Read as a move list, the same text means other points.
    let plain = read_str(POS, Format::Moves).unwrap();
    assert_eq!(plain.moves(), points("h8 i7 j9").as_slice());
    assert_eq!(record::write_string(&record, Format::Pos).unwrap(), POS);
}

#[test]
fn files_load_by_extension_and_content() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let pos = record::load(&dir.join("opening.pos")).unwrap();
    assert_eq!(pos.moves(), points("h8 i9 j7").as_slice());
    let psq = record::load(&dir.join("tournament.psq")).unwrap();
    assert_eq!(psq.moves().len(), 89);
    let missing = record::load(&dir.join("missing.psq")).unwrap_err();
    assert!(
        matches!(missing, record::FileError::Read { .. }),
        "{missing}"
    );
}
