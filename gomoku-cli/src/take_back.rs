//! Undo and redo between people and AIs: against an AI, taking back goes to the last position
//! where a person is to move (the AI's reply and the person's move), and replaying stops at the
//! next one. Shared by the terminal game and the web board.

use gomoku_rules::{Color, Game, Point};

/// Takes back moves down to the last position where a person (`is_human`) is to move; one
/// move when nobody or everybody is a person. The first `floor` moves stay (a swap opening's
/// stones, which its choices were made on). Returns the moves taken back, last first (empty at
/// the start of the game or at the floor).
pub fn undo_to_person(
    game: &mut Game,
    floor: usize,
    is_human: impl Fn(Color) -> bool,
) -> Vec<Point> {
    let has_human = Color::ALL.iter().any(|&c| is_human(c));
    let mut taken = Vec::new();
    while game.moves().len() > floor {
        let Some(p) = game.undo() else { break };
        taken.push(p);
        if !has_human || is_human(game.side_to_move()) {
            break;
        }
    }
    taken
}

/// Replays taken-back moves up to the next position where a person is to move or the game
/// ends; one move when nobody is a person. Returns the moves replayed (empty when nothing was
/// taken back).
pub fn redo_to_person(game: &mut Game, is_human: impl Fn(Color) -> bool) -> Vec<Point> {
    let has_human = Color::ALL.iter().any(|&c| is_human(c));
    let mut replayed = Vec::new();
    while let Some((p, _)) = game.redo() {
        replayed.push(p);
        if game.is_over() || !has_human || is_human(game.side_to_move()) {
            break;
        }
    }
    replayed
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::Rule;

    fn game(moves: &str) -> Game {
        Game::from_move_string(15, Rule::Freestyle, moves).unwrap()
    }

    #[test]
    fn against_an_ai_both_moves_go_and_come_back() {
        let black_is_person = |c: Color| c == Color::Black;
        let mut g = game("h8 i9 h9 i10");
        let taken = undo_to_person(&mut g, 0, black_is_person);
        assert_eq!(g.move_string(), "h8 i9");
        assert_eq!(taken, ["i10".parse().unwrap(), "h9".parse().unwrap()]);
        assert_eq!(redo_to_person(&mut g, black_is_person).len(), 2);
        assert_eq!(g.move_string(), "h8 i9 h9 i10");
    }

    #[test]
    fn between_people_or_between_ais_one_move_at_a_time() {
        for everyone in [true, false] {
            let mut g = game("h8 i9 h9");
            assert_eq!(undo_to_person(&mut g, 0, |_| everyone).len(), 1);
            assert_eq!(g.move_string(), "h8 i9");
            assert_eq!(redo_to_person(&mut g, |_| everyone).len(), 1);
            assert!(redo_to_person(&mut g, |_| everyone).is_empty());
        }
        assert!(undo_to_person(&mut game(""), 0, |_| true).is_empty());
    }

    #[test]
    fn the_opening_stones_stay() {
        let white_is_person = |c: Color| c == Color::White;
        let mut g = game("h8 i9 f7 j10");
        // White (the person) is to move after the three opening stones: only j10 goes.
        assert_eq!(undo_to_person(&mut g, 3, white_is_person).len(), 1);
        assert_eq!(g.move_string(), "h8 i9 f7");
        assert!(undo_to_person(&mut g, 3, white_is_person).is_empty());
        assert!(undo_to_person(&mut g, 3, |_| true).is_empty());
    }
}
