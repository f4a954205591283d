//! Reading the search reports external engines send in `MESSAGE` lines, so that a match can
//! record what an engine thought of each position (its depth and score), as it records ours.
//!
//! There is no standard for these lines; the common shapes are read, with case ignored and `|`
//! separators skipped:
//! - ours and Yixin-like engines: `MESSAGE depth 12-20 ev 35 n 512034 ... pv h8 i9`;
//! - Rapfi: `MESSAGE Depth 12-15 | Eval +M15 | Time 7ms | H10 H11`.
//!
//! A score is an integer in the engine's own units, or a mate: `+M5` / `M5` (the side to move
//! wins in 5 plies), `-M4` (it loses in 4). A line of another line of a multi-PV search
//! (`multipv 2` and up) is not the engine's score and is skipped.

use gomoku_ai::Score;

/// What one `MESSAGE` line says about the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineReport {
    /// Nominal depth, if given.
    pub depth: Option<u32>,
    /// Selective depth, if given (`depth 12-20`).
    pub seldepth: Option<u32>,
    /// Score for the side to move.
    pub score: Score,
}

/// The report in a `MESSAGE` line (the keyword itself included), or `None` if it has no score.
pub fn parse_report(line: &str) -> Option<EngineReport> {
    let mut tokens = line.split_whitespace().filter(|t| *t != "|");
    if !tokens.next()?.eq_ignore_ascii_case("MESSAGE") {
        return None;
    }
    let mut report = None;
    let (mut depth, mut seldepth) = (None, None);
    while let Some(token) = tokens.next() {
        let key = token.to_ascii_lowercase();
        match key.as_str() {
            "depth" => {
                let Some(value) = tokens.next() else { break };
                let (d, s) = value.split_once('-').unwrap_or((value, ""));
                depth = d.parse().ok();
                seldepth = s.parse().ok();
            }
            "multipv" if tokens.next().and_then(|n| n.parse::<u32>().ok()) != Some(1) => {
                return None;
            }
            "ev" | "eval" => {
                if let Some(score) = tokens.next().and_then(parse_score) {
                    report = Some(score);
                }
            }
            _ => {}
        }
    }
    report.map(|score| EngineReport {
        depth,
        seldepth,
        score,
    })
}

/// `35`, `-120`, `+M5`, `M5`, `-M4` as a score (integers beyond the mate range are clamped
/// below it, so that an odd engine's big number is not read as a mate).
fn parse_score(text: &str) -> Option<Score> {
    let (negative, rest) = match text.as_bytes().first()? {
        b'+' => (false, &text[1..]),
        b'-' => (true, &text[1..]),
        _ => (false, text),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if let Some(plies) = rest.strip_prefix(['M', 'm']) {
        if !digits(plies) {
            return None;
        }
        let plies: u32 = plies.parse().ok()?;
        return Some(if negative {
            Score::loss_in(plies)
        } else {
            Score::win_in(plies)
        });
    }
    if !digits(rest) {
        return None;
    }
    let value: i64 = rest.parse().ok()?;
    let limit = i64::from(Score::WIN_THRESHOLD.0) - 1;
    let value = value.min(limit);
    Some(Score(if negative { -value } else { value } as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(depth: u32, seldepth: u32, score: Score) -> Option<EngineReport> {
        Some(EngineReport {
            depth: Some(depth),
            seldepth: Some(seldepth),
            score,
        })
    }

    #[test]
    fn our_own_lines() {
        assert_eq!(
            parse_report("MESSAGE depth 12-20 ev 35 n 512034 n/ms 702 tm 731 pv h8 i9 j10"),
            report(12, 20, Score(35))
        );
        assert_eq!(
            parse_report("MESSAGE depth 7-9 ev -M4 n 5 n/ms 1 tm 3"),
            report(7, 9, Score::loss_in(4))
        );
        assert_eq!(
            parse_report("MESSAGE depth 12-20 multipv 1 ev -20 n 5 n/ms 7 tm 7 pv i8"),
            report(12, 20, Score(-20))
        );
        assert_eq!(
            parse_report("MESSAGE depth 12-20 multipv 2 ev -20 n 5 n/ms 7 tm 7 pv i8"),
            None
        );
    }

    #[test]
    fn rapfi_lines() {
        assert_eq!(
            parse_report("MESSAGE Depth 8-15 | Eval 878 | Time 3ms | H10 H11 I10"),
            report(8, 15, Score(878))
        );
        assert_eq!(
            parse_report("MESSAGE Depth 12-15 | Eval +M15 | Time 7ms | H10 H11"),
            report(12, 15, Score::win_in(15))
        );
        assert_eq!(
            parse_report("MESSAGE Speed 653K | Depth 19-9 | Eval -M13 | Node 41K | Time 63ms"),
            report(19, 9, Score::loss_in(13))
        );
    }

    #[test]
    fn lines_without_a_score_or_with_a_bad_one() {
        for line in [
            "MESSAGE Load config from config.toml",
            "MESSAGE depth 3-4",
            "MESSAGE ev",
            "MESSAGE ev M",
            "MESSAGE ev 12x",
            "MESSAGE ev +",
            "MESSAGE ev --5",
            "MESSAGE ev +M-3",
            "DEBUG ev 35",
            "ev 35",
            "",
        ] {
            assert_eq!(parse_report(line), None, "{line:?}");
        }
        let only_score = parse_report("message EV 5").unwrap();
        assert_eq!((only_score.depth, only_score.score), (None, Score(5)));
    }

    #[test]
    fn huge_numbers_stay_below_the_mates() {
        for text in ["MESSAGE ev 99999999999", "MESSAGE ev -99999999999"] {
            let score = parse_report(text).unwrap().score;
            assert!(!score.is_mate(), "{text}: {score:?}");
        }
    }
}
