//! Fuzz target: see [`gomoku_fuzz::notation`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::notation(data));
