//! What the API answers: a game's state as JSON, ready to draw (the stones with their move
//! numbers, the winning line, Black's forbidden points, a status line), and the engine's
//! reports. Everything here is read from gomoku-rules and gomoku-ai; nothing is decided.

use serde::Serialize;

use gomoku_ai::{Explanation, SearchInfo};
use gomoku_rules::{Color, Game, OpeningStep, Outcome, Party, Point};

use crate::gui::table::{ReviewState, SearchKind, SearchReport, Table};

/// `black` or `white`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn names(points: impl IntoIterator<Item = Point>) -> Vec<String> {
    points.into_iter().map(|p| p.to_string()).collect()
}

/// One search report: live while the engine thinks, or the last one of a finished search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InfoView {
    /// The search it belongs to (to tell a late report of a cancelled search).
    pub search: u64,
    /// `move` (an AI's move) or `analysis`.
    pub kind: &'static str,
    /// The side the search is for.
    pub color: &'static str,
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for `color`, in the engine's units.
    pub score: i32,
    /// The score as the engine writes it (`+35`, `+M5` for a win in 5 plies).
    pub score_text: String,
    /// Whether the score is a proven win or loss.
    pub mate: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time spent (ms).
    pub time_ms: u64,
    /// The principal variation, best move first.
    pub pv: Vec<String>,
}

impl InfoView {
    /// The view of `info`, reported by search `search` for `color`.
    pub fn new(search: u64, kind: SearchKind, color: Color, info: &SearchInfo) -> InfoView {
        InfoView {
            search,
            kind: kind.name(),
            color: color_name(color),
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score.0,
            score_text: info.score.to_string(),
            mate: info.score.is_mate(),
            nodes: info.nodes,
            nps: info.nodes_per_second(),
            time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
            pv: names(info.pv.iter().copied()),
        }
    }
}

/// A finished search: its last report and the move it chose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportView {
    /// The move chosen.
    pub best: Option<String>,
    /// The last report.
    #[serde(flatten)]
    pub info: InfoView,
}

impl ReportView {
    fn new(report: &SearchReport) -> ReportView {
        ReportView {
            best: report.best.map(|p| p.to_string()),
            info: InfoView::new(0, report.kind, report.color, &report.info),
        }
    }
}

/// One move of a hint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintMove {
    /// The move.
    pub point: String,
    /// Its score for the side to move.
    pub score: i32,
    /// The score as the engine writes it.
    pub score_text: String,
    /// Why, in words.
    pub text: String,
}

/// The engine's advice for the side to move ([`gomoku_ai::explain()`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintView {
    /// The side it advises.
    pub color: &'static str,
    /// Forced wins found, in words.
    pub threats: Vec<String>,
    /// The best moves, best first.
    pub moves: Vec<HintMove>,
}

impl HintView {
    fn new(e: &Explanation) -> HintView {
        HintView {
            color: color_name(e.side),
            threats: e.threat_lines(),
            moves: e
                .moves
                .iter()
                .map(|m| HintMove {
                    point: m.point.to_string(),
                    score: m.score.0,
                    score_text: m.score.to_string(),
                    text: m.text.clone(),
                })
                .collect(),
        }
    }
}

/// A stone on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoneView {
    /// Where.
    pub point: String,
    /// `black` or `white`.
    pub color: &'static str,
    /// Its move number, from 1.
    pub number: usize,
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeView {
    /// `ongoing`, `win`, `foul` (Black's forbidden move lost) or `draw`.
    pub result: &'static str,
    /// The winner.
    pub winner: Option<&'static str>,
    /// The winning line's points (empty unless `win`).
    pub line: Vec<String>,
}

impl OutcomeView {
    fn new(outcome: Outcome) -> OutcomeView {
        let (result, line) = match outcome {
            Outcome::Ongoing => ("ongoing", Vec::new()),
            Outcome::Win { line, .. } => ("win", names(line.points())),
            Outcome::Foul { .. } => ("foul", Vec::new()),
            Outcome::Draw => ("draw", Vec::new()),
        };
        OutcomeView {
            result,
            winner: outcome.winner().map(color_name),
            line,
        }
    }
}

/// `first` or `second`.
pub fn party_name(party: Party) -> &'static str {
    match party {
        Party::First => "first",
        Party::Second => "second",
    }
}

/// A choice made in a swap opening.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChoiceView {
    /// `first` or `second`.
    pub party: &'static str,
    /// `black`, `white` or `two`.
    pub choice: &'static str,
}

/// The opening: its rule and what it waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpeningView {
    /// `free`, `swap` or `swap2`.
    pub rule: &'static str,
    /// The rule in one sentence (naming what applies under Renju).
    pub explain: String,
    /// `place` (an opening stone is due), `choose` (a colour is to be chosen) or `settled`.
    pub step: &'static str,
    /// Who places or chooses (`first` or `second`); once settled, who plays Black.
    pub party: &'static str,
    /// The player of `party` (`human` or an AI spec).
    pub player: String,
    /// The colour of the stone to place (`place` only).
    pub color: Option<&'static str>,
    /// Stones left to place, the next included (`place` only).
    pub left: usize,
    /// Whether placing two more stones is offered (`choose` only).
    pub can_place_two: bool,
    /// Whether a person is to choose (the page shows the choice buttons).
    pub human_to_choose: bool,
    /// The opening stones placed.
    pub stones: usize,
    /// The choices made, in order.
    pub choices: Vec<ChoiceView>,
    /// How the opening went, in words (as records keep it); `None` for a free opening.
    pub summary: Option<String>,
}

impl OpeningView {
    fn new(table: &Table) -> OpeningView {
        let opening = table.opening();
        let step = opening.step();
        let (name, party, color, left, can_place_two) = match step {
            OpeningStep::Place { party, color, left } => {
                ("place", party, Some(color_name(color)), left, false)
            }
            OpeningStep::Choose {
                party,
                can_place_two,
            } => ("choose", party, None, 0, can_place_two),
            OpeningStep::Settled { black } => ("settled", black, None, 0, false),
        };
        OpeningView {
            rule: opening.rule().name(),
            explain: opening.rule().explain(table.game().rule()),
            step: name,
            party: party_name(party),
            player: table.party_name(party),
            color,
            left,
            can_place_two,
            human_to_choose: name == "choose"
                && table.is_human_party(party)
                && !table.game().is_over(),
            stones: opening.stones(),
            choices: opening
                .choices()
                .iter()
                .map(|&(party, choice)| ChoiceView {
                    party: party_name(party),
                    choice: choice.name(),
                })
                .collect(),
            summary: table.opening_summary(),
        }
    }
}

/// The review of the game: its progress, and once done the verdict on every move (as
/// `gomoku analyze --json` prints it) and the evaluation graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewView {
    /// Whether it still runs.
    pub running: bool,
    /// Positions searched.
    pub done: usize,
    /// Positions to search.
    pub total: usize,
    /// `{"moves": [...], "summary": {...}}` ([`crate::analyze::to_json`]), once done.
    pub report: Option<serde_json::Value>,
    /// The graph ([`crate::review_plot::review_svg`]), once done.
    pub svg: Option<String>,
}

impl ReviewView {
    fn new(review: &ReviewState) -> ReviewView {
        ReviewView {
            running: review.result.is_none(),
            done: review.done,
            total: review.total,
            report: review.result.as_ref().map(crate::analyze::to_json),
            svg: review.result.as_ref().map(crate::review_plot::review_svg),
        }
    }
}

/// The search in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThinkingView {
    /// Its id (the `search` of its `info` events).
    pub search: u64,
    /// `move` or `analysis`.
    pub kind: &'static str,
    /// The side it searches for.
    pub color: &'static str,
}

/// A game's whole state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// Grows with every change.
    pub version: u64,
    /// Board size.
    pub size: u8,
    /// The column letters, left to right.
    pub columns: Vec<String>,
    /// Rule name.
    pub rule: &'static str,
    /// Black's player: `human` or an AI spec.
    pub black: String,
    /// White's player.
    pub white: String,
    /// Time per engine move (ms).
    pub move_time_ms: u64,
    /// The moves played.
    pub moves: Vec<String>,
    /// The moves taken back, the next to redo first.
    pub redo: Vec<String>,
    /// The stones, in move order.
    pub stones: Vec<StoneView>,
    /// Black's stones on the board.
    pub black_stones: u32,
    /// White's stones on the board.
    pub white_stones: u32,
    /// The side to move, `None` when the game is over.
    pub to_move: Option<&'static str>,
    /// Whether a person plays the side to move (the page takes clicks).
    pub human_to_move: bool,
    /// The last move.
    pub last_move: Option<String>,
    /// How the game stands.
    pub outcome: OutcomeView,
    /// Empty points where Black may not play (Renju, Black to move).
    pub forbidden: Vec<String>,
    /// One line for people: whose turn, who thinks, who won.
    pub status: String,
    /// The search in progress.
    pub thinking: Option<ThinkingView>,
    /// Whether the engines are paused.
    pub paused: bool,
    /// The latest report of the search in progress.
    pub live: Option<InfoView>,
    /// The search behind the last engine move.
    pub last_search: Option<ReportView>,
    /// The finished analysis of this position.
    pub analysis: Option<ReportView>,
    /// The hint for this position.
    pub hint: Option<HintView>,
    /// The last engine failure.
    pub error: Option<String>,
    /// The opening rule and what it waits for.
    pub opening: OpeningView,
    /// The review of the game, running or done (dropped when the game changes).
    pub review: Option<ReviewView>,
}

/// `Black wins with ...` from `black wins with ...`: the first letter in upper case.
fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

fn status(table: &Table) -> String {
    let game = table.game();
    if game.is_over() {
        return sentence(game.outcome().to_string());
    }
    if let Some(text) = opening_status(table) {
        return text;
    }
    let color = game.side_to_move();
    if let Some(error) = table.error() {
        return format!("{color} to move; the engine failed: {error}");
    }
    let name = table.player_name(color);
    match table.searching() {
        Some((_, SearchKind::Move, _)) => format!("{color} ({name}) is thinking…"),
        _ if table.paused() && !table.is_human(color) => {
            format!("Paused: {color} ({name}) to move")
        }
        _ if table.is_human(color) => format!("{color} to move"),
        _ => format!("{color} ({name}) to move"),
    }
}

/// The status during a swap opening: who places or chooses, and what.
fn opening_status(table: &Table) -> Option<String> {
    let rule = table.opening().rule();
    let who = |party: Party| {
        let name = table.party_name(party);
        format!("{}, {party} ({name})", sentence(rule.to_string()))
    };
    match table.opening().step() {
        OpeningStep::Settled { .. } => None,
        OpeningStep::Place { party, color, left } => {
            let total = if party == Party::First { 3 } else { 2 };
            let thinking = if table.searching().is_some() {
                " (thinking…)"
            } else {
                ""
            };
            Some(format!(
                "{}: place opening stone {} of {total} ({color}){thinking}",
                who(party),
                total - left + 1
            ))
        }
        OpeningStep::Choose {
            party,
            can_place_two,
        } => Some(if table.is_human_party(party) {
            let two = if can_place_two {
                ", or place two more stones"
            } else {
                ""
            };
            format!("{}: take Black or White{two}", who(party))
        } else {
            format!("{} is choosing a colour…", who(party))
        }),
    }
}

fn column_letters(game: &Game) -> Vec<String> {
    (0..game.size())
        .map(|c| {
            let name = Point::new_unchecked(c, 0).to_string();
            name.trim_end_matches('1').to_string()
        })
        .collect()
}

impl GameView {
    /// The state of `table`, known as `id`; `live` is the latest report of a running search.
    pub fn new(id: &str, table: &Table, live: Option<&InfoView>) -> GameView {
        let game = table.game();
        let board = game.board();
        let thinking = table.searching().map(|(search, kind, color)| ThinkingView {
            search,
            kind: kind.name(),
            color: color_name(color),
        });
        let live = match (&thinking, live) {
            (Some(t), Some(info)) if info.search == t.search => Some(info.clone()),
            _ => None,
        };
        let to_move = (!game.is_over()).then(|| game.side_to_move());
        let opening = OpeningView::new(table);
        let party = table.party_to_act();
        let human_to_move =
            to_move.is_some() && table.is_human_party(party) && opening.step != "choose";
        GameView {
            id: id.to_string(),
            version: table.version(),
            size: game.size(),
            columns: column_letters(game),
            rule: game.rule().name(),
            black: table.player_name(Color::Black),
            white: table.player_name(Color::White),
            move_time_ms: u64::try_from(table.settings().move_time.as_millis()).unwrap_or(u64::MAX),
            moves: names(game.moves().iter().copied()),
            redo: names(game.redo_moves().iter().rev().copied()),
            stones: game
                .moves()
                .iter()
                .enumerate()
                .filter_map(|(i, &p)| {
                    Some(StoneView {
                        point: p.to_string(),
                        color: color_name(board.get(p)?),
                        number: i + 1,
                    })
                })
                .collect(),
            black_stones: board.stone_count(Color::Black),
            white_stones: board.stone_count(Color::White),
            to_move: to_move.map(color_name),
            human_to_move,
            last_move: game.last_move().map(|p| p.to_string()),
            outcome: OutcomeView::new(game.outcome()),
            forbidden: names(table.forbidden_points().iter()),
            status: status(table),
            thinking,
            paused: table.paused(),
            live,
            last_search: table.last_search().map(ReportView::new),
            analysis: table.analysis().map(ReportView::new),
            hint: table.hint().map(HintView::new),
            error: table.error().map(str::to_string),
            opening,
            review: table.review().map(ReviewView::new),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::settings::Settings;

    #[test]
    fn a_won_game_shows_its_line_numbers_and_status() {
        let mut table = Table::new(Settings {
            players: ["human".parse().unwrap(), "human".parse().unwrap()],
            ..Settings::default()
        })
        .unwrap();
        for m in ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"] {
            table.play(m.parse().unwrap()).unwrap();
        }
        let view = GameView::new("g", &table, None);
        assert_eq!(view.outcome.result, "win");
        assert_eq!(view.outcome.winner, Some("black"));
        assert_eq!(view.outcome.line, ["h8", "h9", "h10", "h11", "h12"]);
        assert_eq!(view.status, "Black wins with h8 h9 h10 h11 h12");
        assert_eq!((view.black_stones, view.white_stones), (5, 4));
        assert_eq!(view.stones[1].point, "a1");
        assert_eq!(view.stones[1].color, "white");
        assert_eq!(view.stones[1].number, 2);
        assert_eq!(view.to_move, None);
        assert!(!view.human_to_move);
        assert_eq!(view.columns.len(), 15);
        assert_eq!(view.columns[8], "i");
        table.undo().unwrap();
        table.undo().unwrap();
        let view = GameView::new("g", &table, None);
        assert_eq!(view.redo, ["a4", "h12"]);
        assert_eq!(view.status, "White to move");
    }

    #[test]
    fn renju_shows_blacks_forbidden_points() {
        let mut table = Table::new(Settings {
            rule: gomoku_rules::Rule::Renju,
            players: ["human".parse().unwrap(), "human".parse().unwrap()],
            ..Settings::default()
        })
        .unwrap();
        // Black threes on the g-file and the 8th row meet at g8: a double three.
        for m in ["g6", "a1", "g7", "a3", "e8", "a5", "f8", "a7"] {
            table.play(m.parse().unwrap()).unwrap();
        }
        let view = GameView::new("g", &table, None);
        assert!(
            view.forbidden.contains(&"g8".to_string()),
            "{:?}",
            view.forbidden
        );
    }
}
