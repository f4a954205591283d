//! The `--eval FILE` option of the protocol engines: a network file ([`Network`]), a weights
//! file ([`EvalWeights`]), or the names `pattern` and `nnue`, checked on the command line
//! rather than at the first protocol command.

use std::path::Path;

use gomoku_ai::nnue::Network;
use gomoku_ai::weights::EvalWeights;

/// The player spec `brain` with `eval` added (`BRAIN,eval=FILE`), after checking that `eval`
/// names an evaluation that loads.
///
/// # Errors
/// Why the file cannot be used (unreadable, damaged, neither a network nor weights).
pub fn brain_with_eval(brain: &str, eval: Option<&Path>) -> Result<String, String> {
    let Some(path) = eval else {
        return Ok(brain.to_string());
    };
    let named = path
        .to_str()
        .is_some_and(|s| s.eq_ignore_ascii_case("pattern") || s.eq_ignore_ascii_case("nnue"));
    if !named {
        if Network::is_network_file(path) {
            Network::load(path).map_err(|e| e.to_string())?;
        } else {
            EvalWeights::load(path).map_err(|e| e.to_string())?;
        }
    }
    Ok(format!("{brain},eval={}", path.display()))
}
