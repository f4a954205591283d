//! The search's numeric parameters, settable at run time by name: the margins of razoring and
//! futility pruning, the move counts, the reductions. Their defaults are the constants in
//! [`crate::params`]; a tuner (`gomoku spsa`) or a player spec (`engine,lmr_scale=0.75`) may
//! change them for one engine without rebuilding, and two engines in one process keep their own.

use std::fmt;

use thiserror::Error;

use crate::params::{
    FAIL_HIGH_MARGIN_BASE, FAIL_HIGH_MARGIN_PER_PLY, FUTILITY_MARGIN_PER_PLY, HISTORY_NEUTRAL,
    HISTORY_REDUCTION_DEEP, HISTORY_REDUCTION_SHALLOW, LMR_EXTENSION_MARGIN_BASE,
    LMR_EXTENSION_MARGIN_PER_PLY, LMR_SCALE, MOVE_COUNT_BASE, MOVE_COUNT_EXPONENT,
    NETWORK_POLICY_WEIGHT, NULL_MOVE_BASE_REDUCTION, NULL_MOVE_DEPTH_DIVISOR,
    POLICY_REDUCTION_BIAS, POLICY_REDUCTION_MAX, POLICY_REDUCTION_PER_LOGIT, POLICY_TEMPERATURE,
    RAZOR_MARGIN_BASE, RAZOR_MARGIN_PER_PLY, SINGULAR_MARGIN_PER_PLY, STALE_TT_MAX_REDUCTION,
    STALE_TT_REDUCTION_PERCENT,
};

/// Depths up to this have their move count looked up rather than computed.
pub(crate) const MOVE_COUNT_TABLE_LEN: usize = 128;

/// A parameter name that does not exist, or a value outside the parameter's range.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SearchParamError {
    /// No parameter has this name.
    #[error("unknown search parameter \"{name}\" (known: {known})")]
    UnknownName {
        /// The name given.
        name: String,
        /// The names that exist.
        known: String,
    },
    /// The value lies outside the range the parameter allows (or is not a number).
    #[error("search parameter {name}: {value} is outside {min}..={max}")]
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: f64,
        /// The least value allowed.
        min: f64,
        /// The largest value allowed.
        max: f64,
    },
}

/// What describes one run-time parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParamInfo {
    /// Its name (the constant's name in lower case: `lmr_scale` for [`LMR_SCALE`]).
    pub name: &'static str,
    /// Its default, the constant's value.
    pub default: f64,
    /// The least value it takes.
    pub min: f64,
    /// The largest value it takes.
    pub max: f64,
    /// Whether it is a whole number (a value given is rounded to the nearest).
    pub integer: bool,
}

/// Declares the parameters once: the struct's fields, their defaults and ranges, and the table
/// of names that [`SearchParams::set`] and [`SearchParams::get`] go through.
macro_rules! search_params {
    ($($(#[$doc:meta])* $field:ident: $ty:ident = $default:expr, $min:expr, $max:expr;)*) => {
        /// The search's numeric parameters (see the module documentation). The defaults are the
        /// constants of [`crate::params`] with the same names in upper case.
        #[derive(Clone, Copy, PartialEq)]
        pub struct SearchParams {
            $($(#[$doc])* pub(crate) $field: $ty,)*
            /// `move_counts[depth]`: the move count of an improving node `depth` plies from
            /// the leaves, from `move_count_base` and `move_count_exponent`.
            move_counts: [u16; MOVE_COUNT_TABLE_LEN],
        }

        impl SearchParams {
            /// Every parameter: name, default and range.
            pub const ALL: &'static [SearchParamInfo] = &[
                $(SearchParamInfo {
                    name: stringify!($field),
                    default: $default as f64,
                    min: $min as f64,
                    max: $max as f64,
                    integer: search_params!(@integer $ty),
                },)*
            ];

            /// The parameters at their defaults.
            fn defaults() -> SearchParams {
                let mut params = SearchParams {
                    $($field: $default,)*
                    move_counts: [0; MOVE_COUNT_TABLE_LEN],
                };
                params.fill_move_counts();
                params
            }

            /// The value of parameter `name`, if there is one.
            pub fn get(&self, name: &str) -> Option<f64> {
                match name {
                    $(stringify!($field) => Some(self.$field as f64),)*
                    _ => None,
                }
            }

            /// Sets parameter `name` to `value` (rounded to the nearest whole number for a
            /// whole-number parameter).
            ///
            /// # Errors
            /// [`SearchParamError`] for an unknown name or a value outside the parameter's
            /// range (see [`SearchParams::ALL`]); the parameters are then unchanged.
            pub fn set(&mut self, name: &str, value: f64) -> Result<(), SearchParamError> {
                let info = SearchParams::info(name)?;
                let value = if info.integer { value.round() } else { value };
                if !(info.min..=info.max).contains(&value) {
                    return Err(SearchParamError::OutOfRange {
                        name: info.name,
                        value,
                        min: info.min,
                        max: info.max,
                    });
                }
                match name {
                    $(stringify!($field) => self.$field = value as $ty,)*
                    _ => unreachable!("the name was found in SearchParams::ALL"),
                }
                self.fill_move_counts();
                Ok(())
            }
        }

        impl fmt::Debug for SearchParams {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct("SearchParams")
                    $(.field(stringify!($field), &self.$field))*
                    .finish()
            }
        }
    };
    (@integer i32) => { true };
    (@integer f32) => { false };
}

search_params! {
    /// [`RAZOR_MARGIN_BASE`].
    razor_margin_base: i32 = RAZOR_MARGIN_BASE, -1000, 5000;
    /// [`RAZOR_MARGIN_PER_PLY`].
    razor_margin_per_ply: i32 = RAZOR_MARGIN_PER_PLY, 0, 5000;
    /// [`FUTILITY_MARGIN_PER_PLY`].
    futility_margin_per_ply: i32 = FUTILITY_MARGIN_PER_PLY, 0, 5000;
    /// [`FAIL_HIGH_MARGIN_BASE`].
    fail_high_margin_base: i32 = FAIL_HIGH_MARGIN_BASE, -5000, 5000;
    /// [`FAIL_HIGH_MARGIN_PER_PLY`].
    fail_high_margin_per_ply: i32 = FAIL_HIGH_MARGIN_PER_PLY, 0, 5000;
    /// [`MOVE_COUNT_BASE`].
    move_count_base: f32 = MOVE_COUNT_BASE, 0, 100;
    /// [`MOVE_COUNT_EXPONENT`].
    move_count_exponent: f32 = MOVE_COUNT_EXPONENT, 0, 3;
    /// [`NULL_MOVE_BASE_REDUCTION`].
    null_move_base_reduction: i32 = NULL_MOVE_BASE_REDUCTION, 1, 10;
    /// [`NULL_MOVE_DEPTH_DIVISOR`].
    null_move_depth_divisor: i32 = NULL_MOVE_DEPTH_DIVISOR, 1, 100;
    /// [`SINGULAR_MARGIN_PER_PLY`].
    singular_margin_per_ply: i32 = SINGULAR_MARGIN_PER_PLY, 0, 1000;
    /// [`LMR_SCALE`].
    lmr_scale: f32 = LMR_SCALE, 0, 3;
    /// [`LMR_EXTENSION_MARGIN_BASE`].
    lmr_extension_margin_base: i32 = LMR_EXTENSION_MARGIN_BASE, -5000, 5000;
    /// [`LMR_EXTENSION_MARGIN_PER_PLY`].
    lmr_extension_margin_per_ply: i32 = LMR_EXTENSION_MARGIN_PER_PLY, 0, 5000;
    /// [`STALE_TT_REDUCTION_PERCENT`].
    stale_tt_reduction_percent: i32 = STALE_TT_REDUCTION_PERCENT, 0, 100;
    /// [`STALE_TT_MAX_REDUCTION`].
    stale_tt_max_reduction: i32 = STALE_TT_MAX_REDUCTION, 0, 10;
    /// [`HISTORY_REDUCTION_SHALLOW`].
    history_reduction_shallow: f32 = HISTORY_REDUCTION_SHALLOW, 100, 1_000_000;
    /// [`HISTORY_REDUCTION_DEEP`].
    history_reduction_deep: f32 = HISTORY_REDUCTION_DEEP, 100, 1_000_000;
    /// [`HISTORY_NEUTRAL`].
    history_neutral: i32 = HISTORY_NEUTRAL, -100_000, 100_000;
    /// [`POLICY_TEMPERATURE`].
    policy_temperature: f32 = POLICY_TEMPERATURE, 1, 10_000;
    /// [`POLICY_REDUCTION_PER_LOGIT`].
    policy_reduction_per_logit: f32 = POLICY_REDUCTION_PER_LOGIT, 0, 10;
    /// [`POLICY_REDUCTION_BIAS`].
    policy_reduction_bias: f32 = POLICY_REDUCTION_BIAS, -10, 10;
    /// [`POLICY_REDUCTION_MAX`].
    policy_reduction_max: f32 = POLICY_REDUCTION_MAX, 0, 10;
    /// [`NETWORK_POLICY_WEIGHT`].
    network_policy_weight: f32 = NETWORK_POLICY_WEIGHT, 0, 10;
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::defaults()
    }
}

impl SearchParams {
    /// The description of parameter `name`.
    ///
    /// # Errors
    /// [`SearchParamError::UnknownName`] when no parameter has this name.
    pub fn info(name: &str) -> Result<&'static SearchParamInfo, SearchParamError> {
        SearchParams::ALL
            .iter()
            .find(|info| info.name == name)
            .ok_or_else(|| SearchParamError::UnknownName {
                name: name.to_string(),
                known: SearchParams::ALL
                    .iter()
                    .map(|info| info.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The parameters that differ from their defaults, as `name=value` joined by commas (empty
    /// at the defaults): what a player's name shows.
    pub fn changes(&self) -> String {
        let defaults = SearchParams::default();
        SearchParams::ALL
            .iter()
            .filter_map(|info| {
                let value = self.get(info.name)?;
                // Non-integers are kept as `f32`: shown as such, 0.8 reads "0.8".
                let shown = if info.integer {
                    format!("{value}")
                } else {
                    format!("{}", value as f32)
                };
                (defaults.get(info.name) != Some(value)).then(|| format!("{}={shown}", info.name))
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    fn fill_move_counts(&mut self) {
        for depth in 0..MOVE_COUNT_TABLE_LEN {
            self.move_counts[depth] =
                self.move_count(depth as i32).min(usize::from(u16::MAX)) as u16;
        }
    }

    /// The move count of an improving node `depth` plies from the leaves, computed.
    pub(crate) fn move_count(&self, depth: i32) -> usize {
        (self.move_count_base + (depth.max(0) as f32).powf(self.move_count_exponent)) as usize
    }

    /// The move count of an improving node `depth` plies from the leaves, looked up.
    #[inline]
    pub(crate) fn looked_up_move_count(&self, depth: i32) -> usize {
        match self.move_counts.get(depth.max(0) as usize) {
            Some(&n) => usize::from(n),
            None => self.move_count(depth),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_constants() {
        let params = SearchParams::default();
        assert_eq!(params.get("lmr_scale"), Some(f64::from(LMR_SCALE)));
        assert_eq!(
            params.get("razor_margin_base"),
            Some(f64::from(RAZOR_MARGIN_BASE))
        );
        assert_eq!(
            params.get("policy_reduction_max"),
            Some(f64::from(POLICY_REDUCTION_MAX))
        );
        for info in SearchParams::ALL {
            assert_eq!(params.get(info.name), Some(info.default), "{}", info.name);
            assert!(
                (info.min..=info.max).contains(&info.default),
                "{} default outside its range",
                info.name
            );
        }
        assert_eq!(params.changes(), "");
    }

    #[test]
    fn every_parameter_can_be_set_and_read_back() {
        for info in SearchParams::ALL {
            let mut params = SearchParams::default();
            let value = if info.integer {
                (info.min + info.max).div_euclid(2.0).round()
            } else {
                (info.min + info.max) / 2.0
            };
            params.set(info.name, value).unwrap();
            let read = params.get(info.name).unwrap();
            assert!((read - value).abs() <= value.abs() * 1e-6, "{}", info.name);
            assert!(
                params.changes().starts_with(info.name),
                "{}",
                params.changes()
            );
        }
    }

    #[test]
    fn whole_number_parameters_are_rounded() {
        let mut params = SearchParams::default();
        params.set("futility_margin_per_ply", 151.6).unwrap();
        assert_eq!(params.get("futility_margin_per_ply"), Some(152.0));
        params.set("futility_margin_per_ply", 149.4).unwrap();
        assert_eq!(params.get("futility_margin_per_ply"), Some(149.0));
    }

    #[test]
    fn unknown_names_and_values_out_of_range_are_refused_and_change_nothing() {
        let mut params = SearchParams::default();
        let err = params.set("lmr_scaling", 0.5).unwrap_err();
        assert!(matches!(err, SearchParamError::UnknownName { .. }));
        assert!(err.to_string().contains("lmr_scale"), "{err}");
        for bad in [-0.1, 3.5, f64::NAN, f64::INFINITY] {
            let err = params.set("lmr_scale", bad).unwrap_err();
            assert!(matches!(err, SearchParamError::OutOfRange { .. }), "{bad}");
        }
        assert!(params.set("null_move_depth_divisor", 0.0).is_err());
        assert_eq!(params, SearchParams::default());
    }

    /// The nodes of a fixed-depth search of a middle-game position by an engine with `set`.
    fn nodes_with(set: &[(&str, f64)]) -> u64 {
        use crate::player::{Limits, Player};
        use gomoku_rules::{Game, Rule};
        let game =
            Game::from_move_string(15, Rule::Freestyle, "h8 i9 i8 g8 j7 k6 h9 h7 g10 f11 j9")
                .unwrap();
        let mut engine = crate::search::Engine::new();
        engine.set_hash_bytes(1 << 20);
        for &(name, value) in set {
            engine.set_search_param(name, value).unwrap();
        }
        let limits = Limits::depth(8);
        engine
            .choose(game.board(), Rule::Freestyle, &limits, &mut |_| {})
            .info
            .nodes
    }

    #[test]
    fn the_search_follows_its_parameters() {
        let default = nodes_with(&[]);
        assert_eq!(nodes_with(&[("lmr_scale", f64::from(LMR_SCALE))]), default);
        // No late move reductions and no move-count pruning search more; harsher ones less.
        let full = nodes_with(&[("lmr_scale", 0.0), ("move_count_base", 100.0)]);
        let harsh = nodes_with(&[("lmr_scale", 2.0), ("move_count_exponent", 0.5)]);
        assert!(
            full > default && default > harsh,
            "{full} {default} {harsh}"
        );
    }

    #[test]
    fn move_counts_follow_their_parameters_inside_and_past_the_table() {
        let mut params = SearchParams::default();
        for depth in -3..(MOVE_COUNT_TABLE_LEN as i32 + 20) {
            let computed =
                (MOVE_COUNT_BASE + (depth.max(0) as f32).powf(MOVE_COUNT_EXPONENT)) as usize;
            assert_eq!(params.looked_up_move_count(depth), computed, "{depth}");
        }
        params.set("move_count_base", 10.0).unwrap();
        params.set("move_count_exponent", 1.0).unwrap();
        for depth in 0..(MOVE_COUNT_TABLE_LEN as i32 + 20) {
            assert_eq!(params.looked_up_move_count(depth), 10 + depth as usize);
        }
    }
}
