//! Every format round-trips random legal games of every rule on 15x15 and 20x20: what the format
//! carries comes back exactly, and what it does not carry comes from the read options.

use gomoku_rules::record::{
    Format, GameResult, ReadOptions, Record, read_all, read_str_with, write_many, write_string,
};
use gomoku_rules::{Game, Point, Rule};
use proptest::prelude::*;

/// A random legal game: each choice picks one of the legal moves (near the centre when
/// `local`, so that games often end in a win), until the choices run out or the game ends.
fn random_game(size: u32, rule: Rule, choices: &[u32], local: bool) -> Game {
    let mut game = Game::new(size, rule).unwrap();
    let centre = Point::center(size as u8);
    for &choice in choices {
        if game.is_over() {
            break;
        }
        let legal: Vec<Point> = game.legal_moves().iter().collect();
        let near: Vec<Point> = legal
            .iter()
            .copied()
            .filter(|p| p.distance(centre) <= 3)
            .collect();
        let pool = if local && !near.is_empty() {
            near
        } else {
            legal
        };
        if pool.is_empty() {
            break;
        }
        game.play(pool[choice as usize % pool.len()]).unwrap();
    }
    game
}

/// Names with characters that need escaping in SGF and XML, and non-ASCII letters.
fn name() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9 .&<>'\"\\[\\]\\\\_:-]{0,10}[A-Za-z0-9]")
}

#[derive(Debug, Clone)]
struct Meta {
    black: Option<String>,
    white: Option<String>,
    event: Option<String>,
    date: Option<String>,
    opening: Option<String>,
    result_choice: u8,
    times_seed: Option<u32>,
    evaluations_seed: Option<u32>,
}

fn meta() -> impl Strategy<Value = Meta> {
    (
        name(),
        name(),
        name(),
        proptest::option::of("20[0-9]{2}-[01][0-9]-[0-3][0-9]"),
        name(),
        0u8..4,
        proptest::option::of(any::<u32>()),
        proptest::option::of(any::<u32>()),
    )
        .prop_map(
            |(black, white, event, date, opening, result_choice, times_seed, evaluations_seed)| {
                Meta {
                    black,
                    white,
                    event,
                    date,
                    opening,
                    result_choice,
                    times_seed,
                    evaluations_seed,
                }
            },
        )
}

fn make_record(game: &Game, meta: &Meta) -> Record {
    let mut record = Record::from_game(game).unwrap();
    record.black = meta.black.clone();
    record.white = meta.white.clone();
    record.event = meta.event.clone();
    record.date = meta.date.clone();
    record.opening = meta.opening.clone();
    let result = match GameResult::of_outcome(record.outcome()) {
        // A finished game: either state its result or leave it to the board.
        Some(actual) => (meta.result_choice % 2 == 0).then_some(actual),
        None => [
            None,
            Some(GameResult::BlackWins),
            Some(GameResult::WhiteWins),
            Some(GameResult::Draw),
        ][meta.result_choice as usize],
    };
    record.set_result(result).unwrap();
    if let Some(seed) = meta.times_seed {
        let times = (0..record.moves().len() as u32)
            .map(|i| seed.wrapping_mul(i + 1) % 60_000 + 1)
            .collect();
        record.set_times(Some(times)).unwrap();
    }
    if let Some(seed) = meta.evaluations_seed {
        // Some moves without an evaluation, the others anywhere in i32 (mate scores too).
        let evaluations = (0..record.moves().len() as u32)
            .map(|i| {
                let v = seed.wrapping_mul(i + 7).rotate_left(i);
                (v % 3 != 0).then_some(v as i32)
            })
            .collect();
        record.set_evaluations(Some(evaluations)).unwrap();
    }
    record
}

/// `record` with only what `format` carries.
fn carried(record: &Record, format: Format) -> Record {
    let mut expected = record.clone();
    let keep_times = matches!(format, Format::Json | Format::Psq);
    let keep_names = format != Format::Pos;
    let keep_rest = !matches!(format, Format::Psq | Format::Pos);
    if !keep_times {
        expected.set_times(None).unwrap();
    }
    if format != Format::Json {
        expected.set_evaluations(None).unwrap();
    }
    if !keep_names {
        expected.black = None;
        expected.white = None;
    }
    if !keep_rest {
        expected.set_result(None).unwrap();
        expected.event = None;
        expected.date = None;
    }
    // How a swap opening went: JSON and SGF (ON) only.
    if !matches!(format, Format::Json | Format::Sgf) {
        expected.opening = None;
    }
    expected
}

/// Read options that supply only what a format cannot carry.
fn options_for(format: Format, record: &Record) -> ReadOptions {
    let mut options = ReadOptions::default();
    if matches!(format, Format::Psq | Format::Pos) {
        options.rule = record.rule();
    }
    if format == Format::Pos {
        options.size = record.size() as u32;
    }
    options
}

fn game_params() -> impl Strategy<Value = (u32, Rule, Vec<u32>, bool)> {
    (
        prop_oneof![Just(15u32), Just(20u32)],
        proptest::sample::select(Rule::ALL.to_vec()),
        proptest::collection::vec(any::<u32>(), 0..90),
        any::<bool>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_format_round_trips((size, rule, choices, local) in game_params(), meta in meta()) {
        let game = random_game(size, rule, &choices, local);
        let record = make_record(&game, &meta);
        for format in Format::ALL {
            let text = write_string(&record, format).unwrap();
            prop_assert_eq!(Format::detect(&text) == format, format != Format::Pos, "{:?}", format);
            let back = read_str_with(&text, format, &options_for(format, &record));
            let back = match back {
                Ok(back) => back,
                Err(e) => return Err(TestCaseError::fail(format!("{format:?}: {e}\n{text}"))),
            };
            prop_assert_eq!(&back, &carried(&record, format), "{:?}\n{}", format, text);
            prop_assert_eq!(back.game().board(), game.board());
        }
    }

    #[test]
    fn several_games_round_trip_in_rif_and_sgf(
        games in proptest::collection::vec((game_params(), meta()), 1..4),
    ) {
        let records: Vec<Record> = games
            .iter()
            .map(|((size, rule, choices, local), meta)| {
                make_record(&random_game(*size, *rule, choices, *local), meta)
            })
            .collect();
        for format in [Format::Rif, Format::Sgf] {
            let text = write_many(&records, format).unwrap();
            let back = read_all(&text, format, &ReadOptions::default()).unwrap();
            prop_assert_eq!(back.len(), records.len());
            for (read, written) in back.into_iter().zip(&records) {
                prop_assert_eq!(read.unwrap(), carried(written, format));
            }
        }
    }
}

#[test]
fn several_games_do_not_fit_a_single_game_format() {
    let record = Record::new(15, Rule::Freestyle).unwrap();
    let two = [record.clone(), record];
    for format in [Format::Json, Format::Psq, Format::Moves, Format::Pos] {
        assert!(write_many(&two, format).is_err(), "{format:?}");
        assert!(write_many(&two[..1], format).is_ok(), "{format:?}");
    }
}
