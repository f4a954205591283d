//! Durations on the command line: `250ms`, `2s`, `1.5s`, `1m`, or a plain number of
//! milliseconds.

use std::time::Duration;

use thiserror::Error;

/// A duration that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad duration \"{0}\" (expected e.g. 250ms, 2s, 1.5s, 1m or milliseconds)")]
pub struct DurationError(pub String);

/// The longest duration accepted (a day), so arithmetic on it never overflows.
const MAX_SECONDS: f64 = 86_400.0;

/// Parses a duration.
///
/// # Errors
/// [`DurationError`] for anything else, negative or over a day.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let t = text.trim().to_ascii_lowercase();
    let err = || DurationError(text.to_string());
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t.as_str(), 0.001)
    };
    let value: f64 = number.trim().parse().map_err(|_| err())?;
    let seconds = value * scale;
    if !seconds.is_finite() || !(0.0..=MAX_SECONDS).contains(&seconds) {
        return Err(err());
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units() {
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("250"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        for bad in ["", "x", "-1s", "1e300s", "nan", "5h"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
