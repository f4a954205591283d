//! A game serialises as size, rule and moves, and deserialises only through validation.

use gomoku_rules::{Game, Rule};

#[test]
fn round_trip() {
    for rule in Rule::ALL {
        let game = Game::from_move_string(20, rule, "k10 k11 l10 t20 a1").unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert!(
            json.contains("\"moves\":[\"k10\",\"k11\",\"l10\",\"t20\",\"a1\"]"),
            "{json}"
        );
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
    }
    let won = Game::from_move_string(15, Rule::Freestyle, "a1 b1 a2 b2 a3 b3 a4 b4 a5").unwrap();
    let back: Game = serde_json::from_str(&serde_json::to_string(&won).unwrap()).unwrap();
    assert_eq!(back.outcome(), won.outcome());
}

#[test]
fn tampered_json_is_rejected() {
    let cases = [
        (
            r#"{"size":15,"rule":"freestyle","moves":["h8","h8"]}"#,
            "occupied",
        ),
        (
            r#"{"size":15,"rule":"freestyle","moves":["h8","p1"]}"#,
            "off the board",
        ),
        (
            r#"{"size":15,"rule":"freestyle","moves":["a1","b1","a2","b2","a3","b3","a4","b4","a5","o15"]}"#,
            "game is over",
        ),
        (r#"{"size":99,"rule":"freestyle","moves":[]}"#, "size 99"),
        (
            r#"{"size":15,"rule":"chess","moves":[]}"#,
            "unknown variant",
        ),
        (r#"{"size":15,"rule":"renju","moves":["h0"]}"#, "row number"),
        (
            r#"{"size":15,"rule":"renju","moves":[],"extra":1}"#,
            "unknown field",
        ),
        (r#"{"size":15,"moves":[]}"#, "missing field"),
        (r#"{"size":-1,"rule":"renju","moves":[]}"#, "invalid value"),
    ];
    for (json, why) in cases {
        let err = serde_json::from_str::<Game>(json).unwrap_err().to_string();
        assert!(err.contains(why), "{json}: {err}");
    }
}
