//! SEE invariants on legal positions derived from the bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| swapoff_lab::fuzz::see_invariants(data));
