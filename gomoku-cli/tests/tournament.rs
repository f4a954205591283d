//! `gomoku tournament`: round robins and gauntlets between built-in AIs.

mod arena_support;

use arena_support::{f, gomoku, gomoku_json, u};

/// The arguments of a tournament of greedy against two random players, with `extra` options.
fn three_players<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let args = [
        "tournament",
        "greedy",
        "random:1",
        "random:2",
        "--time",
        "0",
    ];
    [&args[..], extra].concat()
}

#[test]
fn a_round_robin_of_three_adds_up() {
    let s = gomoku_json(&three_players(&["-n", "4", "-j", "2", "--json"]));
    assert_eq!(s["format"], "round-robin");
    assert_eq!(u(&s["games"]), 12);
    let players = s["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["greedy", "random:1", "random:2"]);
    // The scores add up to the number of games; each player played two pairings of 4.
    let total: f64 = players.iter().map(|p| f(&p["score"])).sum();
    assert_eq!(total, 12.0);
    for p in players {
        assert_eq!(u(&p["games"]), 8);
        assert_eq!(u(&p["wins"]) + u(&p["losses"]) + u(&p["draws"]), 8);
        assert!(f(&p["elo"]).is_finite() && f(&p["elo_margin"]) > 0.0, "{p}");
    }
    let wins: u64 = players.iter().map(|p| u(&p["wins"])).sum();
    let losses: u64 = players.iter().map(|p| u(&p["losses"])).sum();
    assert_eq!(wins, losses);
    // The ratings average 0; greedy beats random players and ranks first.
    let elo_sum: f64 = players.iter().map(|p| f(&p["elo"])).sum();
    assert!(elo_sum.abs() < 0.5, "{elo_sum}");
    assert_eq!(u(&players[0]["rank"]), 1, "{s}");
    let mut ranks: Vec<u64> = players.iter().map(|p| u(&p["rank"])).collect();
    ranks.sort_unstable();
    assert_eq!(ranks, [1, 2, 3]);
    // The crosstable is consistent: i's points against j plus j's against i are their games.
    let cross = &s["crosstable"];
    for i in 0..3 {
        assert!(cross[i][i].is_null());
        for j in 0..3 {
            if i != j {
                assert_eq!(u(&cross[i][j]["games"]), 4);
                assert_eq!(f(&cross[i][j]["score"]) + f(&cross[j][i]["score"]), 4.0);
            }
        }
    }
    assert_eq!(s["pairings"].as_array().unwrap().len(), 3);
}

#[test]
fn the_table_has_a_crosstable_and_a_ranking() {
    let (out, err, ok) = gomoku(&three_players(&["-n", "2"]));
    assert!(ok, "{err}");
    assert!(
        out.starts_with("round-robin, 3 players, 2 games a pairing: 6 games, freestyle 15x15"),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().collect();
    let cross = lines
        .iter()
        .position(|l| l.starts_with("Crosstable"))
        .unwrap();
    // Header, then one row a player with "-" on the diagonal.
    for (i, name) in ["greedy", "random:1", "random:2"].iter().enumerate() {
        let row: Vec<&str> = lines[cross + 2 + i].split_whitespace().collect();
        assert_eq!(row[0], (i + 1).to_string());
        assert_eq!(row[1], *name);
        assert_eq!(row[2 + i], "-", "{out}");
    }
    let ranking = lines.iter().position(|l| l.starts_with("Ranking")).unwrap();
    let first: Vec<&str> = lines[ranking + 2].split_whitespace().collect();
    assert_eq!(first[0], "1");
    assert_eq!(first[1], "greedy", "{out}");
    assert!(out.contains("Forfeits: 0\nVoid: 0\n"), "{out}");
}

#[test]
fn a_gauntlet_pairs_the_first_player_with_each_other() {
    let s = gomoku_json(&three_players(&["--gauntlet", "-n", "2", "--json"]));
    assert_eq!(s["format"], "gauntlet");
    assert_eq!(u(&s["games"]), 4);
    let games: Vec<u64> = s["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| u(&p["games"]))
        .collect();
    assert_eq!(games, [4, 2, 2]);
    assert!(s["crosstable"][1][2].is_null());
}

#[test]
fn bad_tournaments_are_refused() {
    let (_, err, ok) = gomoku(&["tournament", "greedy"]);
    assert!(!ok);
    assert!(err.contains("2 values required"), "{err}");
    let (_, err, ok) = gomoku(&["tournament", "greedy", "human", "random"]);
    assert!(!ok);
    assert!(err.contains("human"), "{err}");
    let (_, err, ok) = gomoku(&["tournament", "greedy", "nosuch"]);
    assert!(!ok);
    assert!(err.contains("nosuch"), "{err}");
}
