//! SEE test data and timing swapoff's SEE on it, in one process:
//!
//! - [`fen_move`]: `FEN;MOVE[;MORE]` lines, the one reader of them (batch evaluation, call
//!   logs, pair files and audits all take them);
//! - [`suite`]: engine authors' SEE test suites (`FEN; move; value; comment`);
//! - [`pairs`]: `FEN;UCI` pairs (the project's 144,673 pairs, or any engine's), every
//!   position parsed with both adapters and every move converted before any timing;
//! - [`calls`]: an engine's SEE calls in call order (`FEN;UCI[;VALUE]`), replayed through
//!   SEE variants in interleaved rounds;
//! - [`cases`]: what is timed on pairs (`see_ge(m, 0)`, cycling thresholds, `see`) under
//!   each rule set, the one harness of `seeswap bench` and the lab's criterion benches.
//!
//! `seeswap bench` times swapoff alone on them; the lab's `replay` puts an engine's own SEE
//! beside it. Kept apart from the I/O crate, which reads games and writes rows and has no
//! timing in it.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod calls;
pub mod cases;
pub mod fen_move;
pub mod pairs;
pub mod suite;
