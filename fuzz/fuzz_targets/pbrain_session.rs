//! Fuzz target: see [`gomoku_fuzz::pbrain_session`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_fuzz::pbrain_session(data));
