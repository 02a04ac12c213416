//! Arbitrary bytes through `seeswap scan`'s whole reading, as every format: no panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| swapoff_lab::fuzz::read_inputs(data));
