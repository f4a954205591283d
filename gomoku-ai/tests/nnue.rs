//! The neural evaluation: its incremental state equals one computed from scratch after any
//! play/undo sequence on any board size, its file round-trips and damaged files give named
//! errors, and training lowers its loss on a small fixed set of games.

mod fitting_games;

use gomoku_ai::nnue::train::{TrainOptions, TrainingData};
use gomoku_ai::nnue::{Layout, Network, NnueError, NnueEvaluator, ValueBase};
use gomoku_ai::tune::SampleOptions;
use gomoku_ai::{Evaluator, PatternEvaluator, builtin_player};
use gomoku_rules::{Board, Point, Rule};
use proptest::prelude::*;

/// Plays `moves` (indexes into the empty points, modulo their count; `None` undoes the last
/// stone) and checks the evaluator against a fresh one after every `every`-th step (the
/// evaluator applies moves only when read, so the steps between checks pile up unapplied moves
/// and undo some of them).
fn check_sequence(size: u32, rule: Rule, seed: u64, steps: &[Option<usize>], every: usize) {
    let net = Network::random(rule, seed);
    let mut eval = NnueEvaluator::with_networks(vec![net]);
    let mut board = Board::new(size).unwrap();
    eval.reset(&board, rule);
    let mut played: Vec<Point> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        match step {
            Some(k) => {
                let empty: Vec<Point> = board.empty_points().iter().collect();
                if empty.is_empty() {
                    continue;
                }
                let p = empty[k % empty.len()];
                board.play_unchecked(p);
                eval.on_play(&board, p);
                played.push(p);
            }
            None => {
                let Some(p) = played.pop() else { continue };
                board.undo_unchecked(p);
                eval.on_undo(&board, p);
            }
        }
        if (i + 1) % every != 0 {
            continue;
        }
        // Reading the value brings only the side to move's state up to date; the whole state
        // is compared at every other check, so that in between one side's runs behind.
        let mut fresh = eval.clone();
        fresh.reset(&board, rule);
        assert_eq!(eval.evaluate(&board), fresh.evaluate(&board));
        for p in board.empty_points().iter() {
            let logit = eval.policy(&board, p).unwrap();
            assert!(logit.is_finite());
            assert_eq!(Some(logit), fresh.policy(&board, p));
        }
        if ((i + 1) / every) % 2 == 0 {
            assert!(eval.matches_scratch(&board), "after {played:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn incremental_equals_scratch(
        size in 5u32..=22,
        renju in any::<bool>(),
        seed in any::<u64>(),
        steps in prop::collection::vec(prop::option::weighted(0.7, 0usize..500), 1..60),
        every in 1usize..6,
    ) {
        let rule = if renju { Rule::Renju } else { Rule::Freestyle };
        check_sequence(size, rule, seed, &steps, every);
    }
}

#[test]
fn a_full_board_and_back_stays_exact() {
    let mut steps: Vec<Option<usize>> = vec![Some(7); 49];
    steps.extend(std::iter::repeat_n(None, 49));
    check_sequence(7, Rule::Freestyle, 3, &steps, 1);
    // Read only on the full board and at the end: 49 moves applied at once, then undone.
    check_sequence(7, Rule::Freestyle, 3, &steps, 49);
}

#[test]
fn rules_without_a_network_are_valued_by_patterns() {
    let mut eval = NnueEvaluator::with_networks(vec![Network::random(Rule::Renju, 1)]);
    let board = Board::new(15).unwrap();
    eval.reset(&board, Rule::Standard);
    assert!(!eval.has_network());
    assert_eq!(eval.policy(&board, Point::center(15)), None);
    eval.reset(&board, Rule::Renju);
    assert!(eval.has_network());
}

#[test]
fn a_saved_network_loads_and_evaluates_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.nnue");
    let net = Network::random(Rule::Renju, 9);
    net.save(&path).unwrap();
    assert!(Network::is_network_file(&path));
    let loaded = Network::load(&path).unwrap();
    assert_eq!(loaded.to_bytes(), net.to_bytes());
    assert_eq!(loaded.rule(), Rule::Renju);
    let mut board = Board::new(15).unwrap();
    for p in ["h8", "i9", "h9", "h10"] {
        board.play_unchecked(p.parse().unwrap());
    }
    let mut a = NnueEvaluator::with_networks(vec![net]);
    let mut b = NnueEvaluator::with_networks(vec![loaded]);
    a.reset(&board, Rule::Renju);
    b.reset(&board, Rule::Renju);
    assert_eq!(a.evaluate(&board), b.evaluate(&board));
    assert_eq!(a.value_logit(&board), b.value_logit(&board));
}

#[test]
fn damaged_data_gives_named_errors() {
    let good = Network::random(Rule::Freestyle, 2).to_bytes();
    // Truncated anywhere.
    for cut in [0, 4, 8, 20, good.len() / 2, good.len() - 1] {
        let err = Network::from_bytes(&good[..cut]).unwrap_err();
        assert!(
            matches!(err, NnueError::NotANetwork | NnueError::Truncated { .. }),
            "cut at {cut}: {err}"
        );
    }
    // One flipped bit in the weights.
    let mut flipped = good.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 0x10;
    assert!(matches!(
        Network::from_bytes(&flipped),
        Err(NnueError::Checksum { .. })
    ));
    // Extra bytes.
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(
        Network::from_bytes(&longer),
        Err(NnueError::Trailing(1))
    ));
    // Another version, architecture, rule code or dimension.
    let mut version = good.clone();
    version[8] = 99;
    assert!(matches!(
        Network::from_bytes(&version),
        Err(NnueError::Version { found: 99 })
    ));
    let mut arch = good.clone();
    arch[10] = 7;
    assert!(matches!(
        Network::from_bytes(&arch),
        Err(NnueError::Architecture { found: 7 })
    ));
    let mut rule = good.clone();
    rule[12] = 200;
    assert!(matches!(
        Network::from_bytes(&rule),
        Err(NnueError::UnknownRule(200))
    ));
    let mut base = good.clone();
    base[15] = 9;
    assert!(matches!(
        Network::from_bytes(&base),
        Err(NnueError::UnknownValueBase(9))
    ));
    let mut features = good.clone();
    features[16] = 64;
    let err = Network::from_bytes(&features).unwrap_err();
    assert!(err.to_string().contains("feature count is 64"), "{err}");
    // Not a network at all.
    assert!(matches!(
        Network::from_bytes(b"{\"rules\": []}"),
        Err(NnueError::NotANetwork)
    ));
}

#[test]
fn damaged_files_are_refused_by_name_not_by_panic() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.nnue");
    assert!(matches!(Network::load(&missing), Err(NnueError::Io { .. })));
    let damaged = dir.path().join("damaged.nnue");
    let bytes = Network::random(Rule::Freestyle, 2).to_bytes();
    std::fs::write(&damaged, &bytes[..bytes.len() - 100]).unwrap();
    let err = Network::load(&damaged).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
    let spec = format!("engine,eval={}", damaged.display());
    let err = builtin_player(&spec, 1).unwrap_err().to_string();
    assert!(err.contains("truncated"), "{err}");
}

#[test]
fn engines_take_a_network_file_and_the_named_evaluations() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.nnue");
    Network::random(Rule::Freestyle, 4).save(&path).unwrap();
    for spec in [
        format!("engine,eval={}", path.display()),
        format!("engine:3,eval={}", path.display()),
        "engine,eval=pattern".to_string(),
        "engine,eval=nnue".to_string(),
    ] {
        let mut player = builtin_player(&spec, 1).unwrap();
        let board = Board::new(15).unwrap();
        let result = player.choose(
            &board,
            Rule::Freestyle,
            &gomoku_ai::Limits::depth(2),
            &mut |_| {},
        );
        assert!(result.best.is_some_and(|p| board.is_empty_at(p)), "{spec}");
    }
}

#[test]
fn training_lowers_the_loss_and_the_result_loads() {
    let rule = Rule::Freestyle;
    let mut data = TrainingData::new(
        rule,
        SampleOptions {
            skip_plies: 2,
            validation_every: 4,
        },
    );
    let records = fitting_games::games("free-", rule);
    let added: usize = records.iter().map(|r| data.add_game(r)).sum();
    let (positions, held_out) = data.positions();
    assert_eq!(added, positions);
    assert!(held_out > 0 && held_out < positions);
    let options = TrainOptions {
        epochs: 4,
        batch: 32,
        learning_rate: 5e-3,
        threads: 2,
        ..TrainOptions::default()
    };
    let mut epochs = Vec::new();
    let trained = data
        .train(None, 1000.0, &options, &mut |p| epochs.push(*p))
        .unwrap();
    assert_eq!(epochs.len(), 4);
    // Training losses fall from the first epoch to the last.
    let (first, last) = (epochs[0].training, epochs[3].training);
    assert!(first.value.is_finite() && first.policy.is_finite());
    assert!(last.policy < first.policy, "{first:?} -> {last:?}");
    assert!(last.value < first.value, "{first:?} -> {last:?}");
    // Continuing from the result starts where it ended.
    let again = data
        .train(
            Some(&trained.network),
            1000.0,
            &TrainOptions {
                epochs: 1,
                ..options
            },
            &mut |_| {},
        )
        .unwrap();
    assert!((again.initial.value - trained.last.value).abs() < 1e-9);
    // A network of another rule is refused as a start.
    let renju = Network::random(Rule::Renju, 1);
    assert!(
        data.train(Some(&renju), 1000.0, &options, &mut |_| {})
            .is_err()
    );
}

#[test]
fn a_correction_network_starts_from_the_pattern_evaluator() {
    let rule = Rule::Freestyle;
    let mut data = TrainingData::new(
        rule,
        SampleOptions {
            skip_plies: 2,
            validation_every: 4,
        },
    );
    for record in fitting_games::games("free-", rule) {
        data.add_game(&record);
    }
    let pattern = PatternEvaluator::new();
    data.set_value_base(ValueBase::Patterns, &pattern);
    assert_eq!(data.value_base(), ValueBase::Patterns);
    // Every held-out position counted: the loss a network adding nothing has.
    let (scale, pattern_loss) = data.pattern_scale(&pattern, usize::MAX);
    let options = TrainOptions {
        epochs: 2,
        batch: 32,
        learning_rate: 5e-3,
        threads: 2,
        ..TrainOptions::default()
    };
    let trained = data
        .train(None, scale as f32, &options, &mut |_| {})
        .unwrap();
    assert!(
        (trained.initial.value - pattern_loss).abs() < 1e-3,
        "{} against {pattern_loss}",
        trained.initial.value
    );
    assert_eq!(trained.network.value_base(), ValueBase::Patterns);
    // A network standing alone cannot continue a correction's training.
    let alone = Network::random(rule, 3);
    assert!(
        data.train(Some(&alone), scale as f32, &options, &mut |_| {})
            .is_err()
    );
    // A correction of zero evaluates exactly as the pattern evaluator, move after move.
    let zero = Network::from_weights(rule, 500.0, &vec![0.0; Layout::for_rule(rule).len()])
        .unwrap()
        .with_value_base(ValueBase::Patterns);
    let mut nnue = NnueEvaluator::with_networks(vec![zero]);
    let mut plain = PatternEvaluator::new();
    let mut board = Board::new(15).unwrap();
    nnue.reset(&board, rule);
    plain.reset(&board, rule);
    for m in ["h8", "i9", "h9", "h10", "j8", "g7", "i8"] {
        let p: Point = m.parse().unwrap();
        board.play_unchecked(p);
        nnue.on_play(&board, p);
        plain.on_play(&board, p);
        assert_eq!(nnue.evaluate(&board), plain.evaluate(&board), "after {m}");
    }
}

#[test]
fn a_position_of_no_game_is_valued_by_its_score_alone() {
    let rule = Rule::Freestyle;
    let mut data = TrainingData::new(rule, SampleOptions::default());
    let mut board = Board::new(15).unwrap();
    for m in ["h8", "i9", "h9"] {
        board.play_unchecked(m.parse().unwrap());
    }
    let h10: Point = "h10".parse().unwrap();
    let h8: Point = "h8".parse().unwrap();
    assert!(data.add_scored_position(&board, 400, h10, false));
    assert!(data.add_scored_position(&board, -400, h10, true));
    // The move it names must be playable.
    assert!(!data.add_scored_position(&board, 0, h8, false));
    assert_eq!(data.positions(), (2, 1));
    assert_eq!(data.scored_positions(), 2);
    // Any blend weight: the score is all it has (no game result to mix in).
    data.blend_scores(0.25, 200.0);
    // A network whose value logit is 1 everywhere: its loss tells the target.
    let layout = Layout::for_rule(rule);
    let mut weights = vec![0.0; layout.len()];
    weights[layout.b2()] = 1.0;
    let net = Network::from_weights(rule, 200.0, &weights).unwrap();
    let target = 1.0 / (1.0 + 2f64.exp()); // sigmoid(-400 / 200)
    let expected = (1.0 + 1f64.exp()).ln() - target;
    let held = data.validation_losses(&net, 1);
    assert_eq!(held.positions, 1);
    assert!(
        (held.value - expected).abs() < 1e-5,
        "{} against {expected}",
        held.value
    );
}

#[test]
fn siblings_are_one_move_off_the_game_and_valued_alike_on_any_threads() {
    use gomoku_ai::nnue::siblings::{self, SiblingOptions};
    let rule = Rule::Freestyle;
    let games: Vec<_> = fitting_games::games("free-", rule)
        .into_iter()
        .take(4)
        .collect();
    let options = SiblingOptions {
        every: 3,
        nodes: 300,
        seed: 9,
        ..SiblingOptions::default()
    };
    let boards: Vec<Vec<Board>> = games
        .iter()
        .enumerate()
        .map(|(i, g)| siblings::sibling_positions(g, rule, &options, i))
        .collect();
    for (game, sibs) in games.iter().zip(&boards) {
        assert!(!sibs.is_empty());
        for sib in sibs {
            // The game's position after some ply k, and one more stone that is not the move
            // the game played there.
            let k = sib.total_stones() as usize - 1;
            assert!(k >= 4 && (k - 4) % 3 == 0, "ply {k}");
            let mut line = Board::new(15).unwrap();
            for &m in &game.moves()[..k] {
                line.play_unchecked(m);
            }
            let extra: Vec<Point> = sib
                .occupied()
                .iter()
                .filter(|&p| line.is_empty_at(p))
                .collect();
            // Every stone of the game's line stands in the sibling too.
            assert!(line.occupied().iter().all(|p| sib.get(p) == line.get(p)));
            assert_eq!(extra.len(), 1);
            assert_ne!(extra[0], game.moves()[k]);
            assert_eq!(sib.get(extra[0]), Some(line.side_to_move()));
            assert!(rule.winning_line(sib, extra[0]).is_none());
        }
    }
    let two_threads = SiblingOptions {
        threads: 2,
        ..options
    };
    let pattern = PatternEvaluator::new();
    let one = siblings::label(&boards, rule, &options, &pattern, &|_| {});
    let two = siblings::label(&boards, rule, &two_threads, &pattern, &|_| {});
    assert_eq!(one, two);
    // Valued by the network engine instead: alike on any threads too, and its own values.
    let network = NnueEvaluator::new();
    let by_net = siblings::label(&boards, rule, &options, &network, &|_| {});
    assert_eq!(
        by_net,
        siblings::label(&boards, rule, &two_threads, &network, &|_| {})
    );
    let same_boards = |a: &[Vec<siblings::Sibling>]| -> Vec<Vec<Board>> {
        a.iter()
            .map(|g| g.iter().map(|s| s.board.clone()).collect())
            .collect()
    };
    assert_eq!(same_boards(&by_net), same_boards(&one));
    assert_ne!(
        by_net, one,
        "the network engine values the siblings as the pattern one does"
    );
    for (sibs, labelled) in boards.iter().zip(&one) {
        assert_eq!(sibs.len(), labelled.len());
        for s in labelled {
            assert!(s.board.is_empty_at(s.best));
            assert!(s.score.abs() <= siblings::MATE_CLAMP);
        }
    }
    // They join the training data, held out with their game.
    let mut data = TrainingData::new(rule, SampleOptions::default());
    let added = data.add_siblings(9, &one[0], 0.5);
    assert_eq!(added, one[0].len());
    assert_eq!(data.positions(), (added, added));
}

/// With `pick`, a sibling's move is one of the best few by the pattern evaluator's move
/// ordering, never the move the game played.
#[test]
fn picked_siblings_are_among_the_best_ordered_moves() {
    use gomoku_ai::nnue::siblings::{self, SiblingOptions};
    let rule = Rule::Freestyle;
    let options = SiblingOptions {
        every: 2,
        pick: 3,
        ..SiblingOptions::default()
    };
    let mut checked = 0;
    for (i, game) in fitting_games::games("free-", rule)
        .iter()
        .take(4)
        .enumerate()
    {
        let sibs = siblings::sibling_positions(game, rule, &options, i);
        // A different pick gives other positions somewhere.
        let any =
            siblings::sibling_positions(game, rule, &SiblingOptions { pick: 0, ..options }, i);
        assert_eq!(sibs.len(), any.len());
        for sib in &sibs {
            let k = sib.total_stones() as usize - 1;
            let mut line = Board::new(15).unwrap();
            for &m in &game.moves()[..k] {
                line.play_unchecked(m);
            }
            let extra = sib
                .occupied()
                .iter()
                .find(|&p| line.is_empty_at(p))
                .unwrap();
            let played = game.moves()[k];
            let near = line.neighbourhood(2);
            let mut ordering = PatternEvaluator::new();
            ordering.reset(&line, rule);
            let mut scores: Vec<i32> = line
                .empty_points()
                .iter()
                .filter(|&p| near.contains(p) && p != played)
                .map(|p| ordering.score_move(&line, p))
                .collect();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            let third = scores[2.min(scores.len() - 1)];
            assert!(
                ordering.score_move(&line, extra) >= third,
                "game {i} ply {k}: {extra} is not among the 3 best"
            );
            assert_ne!(extra, played);
            checked += 1;
        }
    }
    assert!(checked > 20);
}

/// The sibling positions of the first `games` freestyle fitting games.
fn first_games_siblings(
    games: usize,
    options: &gomoku_ai::nnue::siblings::SiblingOptions,
) -> Vec<Vec<Board>> {
    let rule = Rule::Freestyle;
    fitting_games::games("free-", rule)
        .iter()
        .take(games)
        .enumerate()
        .map(|(i, g)| gomoku_ai::nnue::siblings::sibling_positions(g, rule, options, i))
        .collect()
}

/// A toy valuer: scores a position by its stone count (odd counts give no value), plays the
/// first empty point, and breaks down after `fails_after` positions.
struct CountingValuer {
    valued: usize,
    fails_after: usize,
}

impl gomoku_ai::nnue::siblings::Valuer for CountingValuer {
    fn new_game(&mut self) {}

    fn value(&mut self, board: &Board, _rule: Rule) -> Result<Option<(i32, Point)>, String> {
        self.valued += 1;
        if self.valued > self.fails_after {
            return Err("the toy valuer broke down".into());
        }
        let stones = board.total_stones() as i32;
        let best = board.empty_points().iter().next();
        Ok(best
            .filter(|_| stones % 2 == 0)
            .map(|p| (stones * 1_000_000, p)))
    }
}

#[test]
fn siblings_are_labelled_by_any_valuer() {
    use gomoku_ai::nnue::siblings::{self, EngineValuer, SiblingOptions};
    let rule = Rule::Freestyle;
    let options = SiblingOptions {
        every: 1,
        nodes: 300,
        threads: 2,
        seed: 3,
        ..SiblingOptions::default()
    };
    let boards = first_games_siblings(3, &options);
    let make = || {
        Ok(CountingValuer {
            valued: 0,
            fails_after: usize::MAX,
        })
    };
    let labelled = siblings::label_with(&boards, rule, &options, &make, &|_| {}).unwrap();
    for (sibs, valued) in boards.iter().zip(&labelled) {
        // The positions the valuer gives a value, in order; the others left out.
        let expected: Vec<&Board> = sibs.iter().filter(|b| b.total_stones() % 2 == 0).collect();
        assert!(!expected.is_empty());
        assert_eq!(
            valued.iter().map(|s| &s.board).collect::<Vec<_>>(),
            expected
        );
        for s in valued {
            // Clamped to the mate bound, and the valuer's move kept.
            assert_eq!(s.score, siblings::MATE_CLAMP);
            assert_eq!(Some(s.best), s.board.empty_points().iter().next());
        }
    }
    // A valuer that breaks down stops the labelling with its message; one that cannot be made too.
    let breaking = || {
        Ok(CountingValuer {
            valued: 0,
            fails_after: 2,
        })
    };
    let err = siblings::label_with(&boards, rule, &options, &breaking, &|_| {}).unwrap_err();
    assert!(err.contains("broke down"), "{err}");
    let unmade = || -> Result<CountingValuer, String> { Err("no such engine".into()) };
    let err = siblings::label_with(&boards, rule, &options, &unmade, &|_| {}).unwrap_err();
    assert_eq!(err, "no such engine");
    // The built-in engine as a valuer is what `label` uses.
    let pattern = PatternEvaluator::new();
    let by_engine = || Ok(EngineValuer::new(pattern.clone(), options.nodes));
    assert_eq!(
        siblings::label_with(&boards, rule, &options, &by_engine, &|_| {}).unwrap(),
        siblings::label(&boards, rule, &options, &pattern, &|_| {})
    );
}

/// A game's sibling values do not depend on the games the labelling engine searched before
/// it (its threat solver's tables are cleared with each new game, as its transposition table
/// is): the same game labelled twice in a row on one thread gets the same values both times.
/// (Games from the same opening share positions, so a table kept from one game changed the
/// next one's values: two runs of `gomoku train --siblings` on 2 threads gave different
/// networks.)
#[test]
fn sibling_values_do_not_depend_on_the_games_searched_before() {
    use gomoku_ai::nnue::siblings::{self, SiblingOptions};
    let rule = Rule::Freestyle;
    let options = SiblingOptions {
        seed: 5,
        ..SiblingOptions::default()
    };
    let pattern = PatternEvaluator::new();
    for (i, game) in fitting_games::games("free-", rule)
        .iter()
        .take(4)
        .enumerate()
    {
        let boards = siblings::sibling_positions(game, rule, &options, i);
        let twice = siblings::label(&[boards.clone(), boards], rule, &options, &pattern, &|_| {});
        assert_eq!(twice[0], twice[1], "game {i}");
    }
}

#[test]
fn sibling_values_are_kept_in_a_file_and_relabelled_when_the_engine_changes() {
    use gomoku_ai::nnue::sibling_cache::{CacheUse, label_cached};
    use gomoku_ai::nnue::siblings::{self, SiblingOptions};
    let rule = Rule::Freestyle;
    let options = SiblingOptions {
        every: 4,
        nodes: 200,
        threads: 2,
        seed: 3,
        ..SiblingOptions::default()
    };
    let boards = first_games_siblings(3, &options);
    let dir = std::env::temp_dir().join(format!("gomoku-sibling-cache-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("siblings.json");
    let pattern = PatternEvaluator::new();
    let expected = siblings::label(&boards, rule, &options, &pattern, &|_| {});
    let cached = |eval_name: &str| {
        label_cached(&path, &boards, rule, &options, &pattern, eval_name, &|_| {}).unwrap()
    };
    let (values, used) = cached("pattern");
    assert_eq!(values, expected);
    assert_eq!(used, CacheUse::Written("no file yet".into()));
    assert_eq!(cached("pattern"), (expected.clone(), CacheUse::Read));
    // Another evaluator's name, node budget or positions: valued again.
    let (values, used) = cached("other");
    assert_eq!(values, expected);
    assert!(
        matches!(&used, CacheUse::Written(why) if why.contains("by pattern")),
        "{used:?}"
    );
    let fewer = &boards[..2];
    let (values, used) =
        label_cached(&path, fewer, rule, &options, &pattern, "other", &|_| {}).unwrap();
    assert_eq!(values, expected[..2]);
    assert!(
        matches!(&used, CacheUse::Written(why) if why.contains("3 games")),
        "{used:?}"
    );
    // The same name over an engine that now values the siblings differently: noticed.
    let (_, used) = label_cached(
        &path,
        fewer,
        rule,
        &options,
        &NnueEvaluator::new(),
        "other",
        &|_| {},
    )
    .unwrap();
    assert!(
        matches!(&used, CacheUse::Written(why) if why.contains("differently")),
        "{used:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A freestyle middle game of ten stones, which the compiled-in network corrects.
fn middle_game() -> gomoku_rules::Game {
    gomoku_rules::Game::from_move_string(15, Rule::Freestyle, "h8 i9 i8 g8 j7 k6 h9 h7 g10 f11")
        .unwrap()
}

/// The nodes the built-in player of `spec` searches on `board` to `depth`.
fn search_nodes(spec: &str, board: &Board, depth: u32) -> u64 {
    let mut player = builtin_player(spec, 1).unwrap();
    player
        .choose(
            board,
            Rule::Freestyle,
            &gomoku_ai::Limits::depth(depth),
            &mut |_| {},
        )
        .info
        .nodes
}

#[test]
fn the_compiled_in_network_values_freestyle_and_is_the_engines_default() {
    assert!(NnueEvaluator::has_default_network(Rule::Freestyle));
    for rule in [Rule::Standard, Rule::Renju, Rule::Caro] {
        assert!(!NnueEvaluator::has_default_network(rule), "{rule:?}");
    }
    // The network corrects the pattern evaluator's value of a middle-game position.
    let game = middle_game();
    let board = game.board();
    let mut nnue = NnueEvaluator::new();
    nnue.reset(board, Rule::Freestyle);
    assert!(nnue.has_network());
    let mut patterns = PatternEvaluator::new();
    patterns.reset(board, Rule::Freestyle);
    assert_ne!(nnue.evaluate(board), patterns.evaluate(board));
    // `engine` searches as `engine,eval=nnue` does, node for node.
    let nodes = |spec: &str| search_nodes(spec, board, 5);
    assert_eq!(nodes("engine"), nodes("engine,eval=nnue"));
    assert_ne!(nodes("engine,eval=nnue"), nodes("engine,eval=pattern"));
}

#[test]
fn the_network_policy_joins_the_move_values_when_weighted() {
    let game = gomoku_rules::Game::from_move_string(15, Rule::Freestyle, "h8 i9 i8 g8 j7").unwrap();
    let board = game.board();
    let mut nnue = NnueEvaluator::new();
    nnue.reset(board, Rule::Freestyle);
    let mut patterns = PatternEvaluator::new();
    patterns.reset(board, Rule::Freestyle);
    let p: Point = "k6".parse().unwrap();
    assert!(nnue.move_logit(board, p).is_some_and(f32::is_finite));
    assert_eq!(patterns.move_logit(board, p), None);
    // Weighted in, the policy changes the search; at weight 0 it is left out.
    let nodes = |spec: &str| search_nodes(spec, board, 6);
    assert_eq!(nodes("engine"), nodes("engine,network_policy_weight=0"));
    assert_ne!(nodes("engine"), nodes("engine,network_policy_weight=1"));
}

#[test]
fn the_networks_correction_is_weighted_and_the_engine_spec_sets_the_weight() {
    let game = middle_game();
    let board = game.board();
    let value = |weight: f32| {
        let mut nnue = NnueEvaluator::new().with_correction_weight(weight);
        nnue.reset(board, Rule::Freestyle);
        nnue.evaluate(board).0
    };
    let mut patterns = PatternEvaluator::new();
    patterns.reset(board, Rule::Freestyle);
    let base = patterns.evaluate(board).0;
    // Weight 0 is the pattern evaluator; the correction grows in proportion to the weight
    // (each value rounded to a unit).
    assert_eq!(value(0.0), base);
    let whole = value(1.0) - base;
    assert!(
        whole.abs() > 10,
        "the network corrects this position: {whole}"
    );
    assert!((2 * (value(0.5) - base) - whole).abs() <= 2);
    assert!((value(2.0) - base - 2 * whole).abs() <= 2);
    // Out-of-range weights are clamped, not taken.
    let default = NnueEvaluator::new().correction_weight();
    assert_eq!(
        NnueEvaluator::new()
            .with_correction_weight(-1.0)
            .correction_weight(),
        0.0
    );
    assert_eq!(
        NnueEvaluator::new()
            .with_correction_weight(f32::NAN)
            .correction_weight(),
        default
    );
    assert_eq!(
        NnueEvaluator::new()
            .with_correction_weight(1e9)
            .correction_weight(),
        gomoku_ai::nnue::MAX_CORRECTION_WEIGHT
    );
    // The engine spec: a weight other than the default is named and searches differently; the
    // default weight changes nothing; bad weights and a weight without a network are refused.
    let nodes = |spec: &str| search_nodes(spec, board, 5);
    let other = if default == 0.5 { 1.0 } else { 0.5 };
    let spec = format!("engine,network_weight={other}");
    assert_eq!(
        builtin_player(&spec, 1).unwrap().name(),
        format!("engine:network_weight={other}")
    );
    assert_ne!(nodes(&spec), nodes("engine"));
    assert_eq!(
        nodes(&format!("engine,network_weight={default}")),
        nodes("engine")
    );
    for (spec, says) in [
        ("engine,network_weight=5", "from 0 to 4"),
        ("engine,network_weight=-0.5", "from 0 to 4"),
        ("engine,network_weight=half", "from 0 to 4"),
        ("engine,eval=pattern,network_weight=0.5", "not eval=pattern"),
    ] {
        let Err(err) = builtin_player(spec, 1) else {
            panic!("{spec} was accepted");
        };
        let err = err.to_string();
        assert!(
            err.contains(says) && err.contains("network_weight"),
            "{spec}: {err}"
        );
    }
}
