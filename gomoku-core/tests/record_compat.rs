//! Files shaped like those other programs write (shapes seen in public code and fixtures; the
//! texts here are our own).

use gomoku_rules::record::{Format, GameResult, RecordErrorKind, read_str};

/// Some training pipelines write PSQ with the names, the `-1` code line and then an extra
/// `winner,rule` line (e.g. `1,Freestyle`). The extra line is ignored.
#[test]
fn psq_with_an_extra_line_after_the_code() {
    let text =
        "Piskvorky 20x20, 11:11, 0\n11,11,0\n12,12,0\n11,12,0\nZero 1\nZero 2\n-1\n1,Freestyle\n";
    let record = read_str(text, Format::Psq).unwrap();
    assert_eq!(record.moves().len(), 3);
    assert_eq!(record.black.as_deref(), Some("Zero 1"));
    assert_eq!(record.white.as_deref(), Some("Zero 2"));
}

/// Piskvork itself reads `x,y` lines without a time, and a file without trailer.
#[test]
fn psq_without_times_or_trailer() {
    let record = read_str("Piskvorky 15x15, 0:0, 0\r\n8,8\r\n9,9\r\n", Format::Psq).unwrap();
    assert_eq!(record.moves().len(), 2);
    assert_eq!(record.times(), None);
    assert_eq!(record.black, None);
}

/// Match records exported by some GUIs put every move in the root node, without `;`, and
/// write a draw as `RE[0]`.
#[test]
fn sgf_with_all_moves_in_one_node() {
    let text = "(;GM[4]FF[4]SZ[15]DT[2018-04-15]PB[Engine A]PW[Engine B]RE[0]B[hh]W[ig]B[gj])";
    let record = read_str(text, Format::Sgf).unwrap();
    let moves: Vec<String> = record.moves().iter().map(|p| p.to_string()).collect();
    assert_eq!(moves, ["h8", "i9", "g6"]);
    assert_eq!(record.stated_result(), Some(GameResult::Draw));
    assert_eq!(record.white.as_deref(), Some("Engine B"));
}

/// Renju servers add their own properties (opening stones, comments, ratings in names) and
/// write `RE[B+]`; unknown properties are skipped.
#[test]
fn sgf_with_unknown_properties() {
    let text = "(;GM[4]FF[4]SZ[15]GN[club]RE[B+]\nPB[p1 (1800)]PW[p2 (1750)]XX[a,b]\n;B[hh]C[first];W[ig]BL[599.5];B[ii])";
    let record = read_str(text, Format::Sgf).unwrap();
    assert_eq!(record.moves().len(), 3);
    assert_eq!(record.black.as_deref(), Some("p1 (1800)"));
    assert_eq!(record.stated_result(), Some(GameResult::BlackWins));
}

/// Positions given as setup stones are not games: refused with a clear reason.
#[test]
fn sgf_setup_positions_are_refused_clearly() {
    let text = "(;GM[4]FF[4]CA[UTF-8]ST[0]SZ[15]PB[Black]PW[White]AB[hh][ig]AW[gi][gh])";
    let err = read_str(text, Format::Sgf).unwrap_err();
    assert!(matches!(err.kind, RecordErrorKind::Unsupported(_)), "{err}");
    assert!(err.to_string().contains("setup stones"), "{err}");
}
