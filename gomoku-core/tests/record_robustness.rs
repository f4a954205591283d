//! Parsers never panic: arbitrary text and bytes, and valid files with random edits. Whatever a
//! reader accepts is a legal game.

use gomoku_rules::record::{Format, ReadOptions, Record, game_count, read_all, read_str_with};
use proptest::prelude::*;

const SAMPLES: [(Format, &str); 6] = [
    (Format::Psq, include_str!("data/records/tournament.psq")),
    (Format::Sgf, include_str!("data/records/renju.sgf")),
    (Format::Rif, include_str!("data/records/club.rif")),
    (Format::Json, include_str!("data/records/caro.json")),
    (Format::Moves, include_str!("data/records/standard.txt")),
    (Format::Pos, include_str!("data/records/opening.pos")),
];

/// Reads `text` in every format (and every game of it), checking that nothing panics and that
/// an accepted record replays legally.
fn read_everything(text: &str) {
    for format in Format::ALL {
        for options in [
            ReadOptions::default(),
            ReadOptions {
                size: 20,
                game: 1,
                ..ReadOptions::default()
            },
        ] {
            if let Ok(record) = read_str_with(text, format, &options) {
                assert_replays(&record);
            }
        }
        let _ = game_count(text, format);
        if let Ok(all) = read_all(text, format, &ReadOptions::default()) {
            for record in all.into_iter().flatten() {
                assert_replays(&record);
            }
        }
    }
    let _ = Format::detect(text);
}

fn assert_replays(record: &Record) {
    let again = Record::from_moves(
        record.size() as u32,
        record.rule(),
        record.moves().iter().copied(),
    )
    .expect("an accepted record replays legally");
    assert_eq!(again.game(), record.game());
    if let Some(times) = record.times() {
        assert_eq!(times.len(), record.moves().len());
    }
}

/// One random edit of a text.
#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let piece = prop_oneof![
        "[0-9]{1,3}",
        "[a-z][0-9]{1,2}",
        Just(",".to_string()),
        Just("\n".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just(";B[".to_string()),
        Just("]".to_string()),
        Just("<".to_string()),
        Just(">".to_string()),
        Just("</game>".to_string()),
        Just("&".to_string()),
        Just("\"".to_string()),
        Just("-".to_string()),
        Just("é".to_string()),
        Just("\\".to_string()),
        Just("#size: 99\n".to_string()),
    ];
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(at, len)| Edit::Delete(at, len)),
        (any::<usize>(), piece).prop_map(|(at, s)| Edit::Insert(at, s)),
        (any::<usize>(), any::<char>()).prop_map(|(at, c)| Edit::Replace(at, c)),
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Edit::Duplicate(at, len)),
    ]
}

/// The char boundary at or before `at % (len + 1)`.
fn boundary(text: &str, at: usize) -> usize {
    let mut i = at % (text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &mut String, edit: &Edit) {
    match edit {
        Edit::Delete(at, len) => {
            let start = boundary(text, *at);
            let end = boundary(text, start + len);
            if end > start {
                text.replace_range(start..end, "");
            }
        }
        Edit::Insert(at, s) => {
            let at = boundary(text, *at);
            text.insert_str(at, s);
        }
        Edit::Replace(at, c) => {
            let at = boundary(text, *at);
            if let Some(old) = text[at..].chars().next() {
                text.replace_range(at..at + old.len_utf8(), &c.to_string());
            }
        }
        Edit::Duplicate(at, len) => {
            let start = boundary(text, *at);
            let end = boundary(text, (start + len).min(text.len()));
            let copy = text[start..end].to_string();
            text.insert_str(end, &copy);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        read_everything(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        read_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn format_alphabet_soup_never_panics(
        text in "[()\\[\\];BWGMSZRUPEDTCAX0-9a-t,.:/<>=\"'&#!?x \n\r-]{0,160}",
    ) {
        read_everything(&text);
        read_everything(&format!("Piskvorky 15x15, 0:0, 0\n{text}"));
        read_everything(&format!("(;GM[4]SZ[15]{text}"));
        read_everything(&format!("<games><game><move>{text}</move></game></games>"));
    }

    #[test]
    fn mutated_valid_files_never_panic(
        sample in 0..SAMPLES.len(),
        edits in proptest::collection::vec(edit(), 1..6),
    ) {
        let (format, original) = SAMPLES[sample];
        let mut text = original.to_string();
        for e in &edits {
            apply(&mut text, e);
        }
        if let Ok(record) = read_str_with(&text, format, &ReadOptions::default()) {
            assert_replays(&record);
        }
        read_everything(&text);
    }
}

#[test]
fn deeply_nested_sgf_variations_do_not_overflow_the_stack() {
    let depth = 200_000;
    let text = format!(
        "(;GM[4]SZ[15]{}{}",
        "(;B[hh]".repeat(depth),
        ")".repeat(depth + 1)
    );
    // Every nested tree is the first variation of its parent, so all are on the main line: the
    // second Black move in a row is out of turn.
    let err = read_str_with(&text, Format::Sgf, &ReadOptions::default()).unwrap_err();
    assert!(err.to_string().contains("move 2"), "{err}");
}
