//! A deliberately simple recursive SEE, the chessprogramming wiki's didactic form.
//!
//! It exists to check the fast code (a second, independent implementation must agree
//! with it) and to serve as the slow comparator in the benchmarks. It finds attackers by
//! looking at every piece on the board, recurses once per capture, and applies the same
//! rules as [`crate::Rules::Default`] or [`crate::Rules::Classic`]. Do not use it in an
//! engine.
