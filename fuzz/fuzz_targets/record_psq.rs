//! Fuzz target: the Psq record reader, see [`gomoku_fuzz::record`].
#![no_main]

use gomoku_rules::record::Format;

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::record(Format::Psq, data));
