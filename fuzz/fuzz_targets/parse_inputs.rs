//! Arbitrary bytes through every text parser: FEN, move, suite line, values, rules.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| swapoff_lab::fuzz::parse_inputs(data));
