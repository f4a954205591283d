//! Fuzz target: the move-list and pos-string readers (one parser, two row orders), see
//! [`gomoku_fuzz::record`].
#![no_main]

use gomoku_rules::record::Format;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    gomoku_fuzz::record(Format::Moves, data);
    gomoku_fuzz::record(Format::Pos, data);
});
