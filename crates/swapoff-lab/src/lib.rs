//! The swapoff lab: what the project uses to study, check and time the SEE library, kept
//! out of the library and the tools that users install. Not published.
//!
//! - [`qsearch`]: a material-only quiescence search, to measure what SEE is worth in
//!   move ordering and pruning, and [`order`], the study that runs it on real positions
//!   (`swapoff-lab order FILE...`);
//! - [`replay`]: an engine's SEE calls replayed through its own SEE ([`vendor`]:
//!   tantabus's, MPL-2.0) and through swapoff, interleaved (`swapoff-lab replay CALLS`);
//! - [`recursive`]: a naive recursive SEE, an oracle written independently of the
//!   library's swap loop, and a comparator for the benchmarks;
//! - [`pairs`] and [`pleco_board`]: the benchmarks' `FEN;UCI` pairs, parsed by every
//!   board the benchmarks time (pleco's too);
//! - [`lichess_like`]: a Lichess-like PGN of any size, for measuring at scale, and
//!   [`read_games`]: the baseline a scan's speed is measured against (games read and
//!   played, nothing more; `swapoff-lab read-games FILE...`);
//! - [`random_games`]: positions from random games, for agreement tests, and [`testing`]:
//!   what the test files of the library and the lab share;
//! - [`fuzz`]: the checks the fuzz targets run, also replayed over the committed seeds by
//!   the library's tests;
//! - [`exit`]: exit codes of the lab's commands.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod exit;
pub mod fuzz;
pub mod lichess_like;
pub mod order;
pub mod pairs;
pub mod pleco_board;
pub mod qsearch;
pub mod random_games;
pub mod read_games;
pub mod recursive;
pub mod replay;
pub mod testing;
pub mod vendor;
