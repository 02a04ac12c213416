//! Where the rule sets give different answers, position by position.
//!
//! This module holds no code: it is the reference for how [`Rules::Default`],
//! [`Rules::Classic`], [`Rules::Stockfish`] and [`Rules::Exact`] differ, with one real
//! position for every cause. Every number below is asserted by a test named next to it,
//! in `crates/swapoff-lab/tests/stockfish.rs` or `crates/swapoff-lab/tests/exact.rs`; each of
//! those tests also explains the value move by move.
//!
//! Values are written as *Stockfish's values* (P 208, N 781, B 825, R 1276, Q 2538, the
//! default of [`Rules::Stockfish`]) or as *standard values* (100/300/300/500/900, the
//! default of the others). To compare rule sets, the standard-value columns count every
//! rule set in the same values.
//!
//! ```
//! # #[cfg(feature = "shakmaty")] {
//! use shakmaty::{fen::Fen, san::San, CastlingMode, Chess};
//! use swapoff::{Move, PieceValues, Rules, See};
//!
//! // Nxe6 uncovers Ba1 against Kh8, so fxe6 is illegal: Exact and Default see it.
//! let fen: Fen = "7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1".parse().unwrap();
//! let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
//! let san: San = "Nxe6".parse().unwrap();
//! let nxe6 = Move::try_from(&san.to_move(&pos).unwrap()).unwrap();
//! let standard = |rules| See::new(rules).with_values(PieceValues::STANDARD).value(&pos, nxe6);
//! assert_eq!(standard(Rules::Default), 100);
//! assert_eq!(standard(Rules::Classic), -200);
//! assert_eq!(standard(Rules::Stockfish), -200);
//! assert_eq!(standard(Rules::Exact), 100);
//! // Stockfish in its own values: 208 - 781.
//! assert_eq!(See::new(Rules::Stockfish).value(&pos, nxe6), -573);
//! # }
//! ```
//!
//! # The rule sets
//!
//! All four play the same game: the move is made, then the two sides take turns capturing
//! on its target square, and each side may stop (stand pat) whenever continuing would not
//! pay. The value is the material balance for the mover. They differ in *which* captures
//! are allowed and *which* capture a side makes.
//!
//! **Default** ([`Rules::Default`]):
//! - Each side recaptures with its least valuable attacker: pawn, knight, bishop, rook,
//!   queen, king; two pieces of one kind go lowest square first (a1, b1, …, h8).
//! - X-rays: a slider behind a piece that has left joins in (behind the first mover too,
//!   and behind the pawn an en passant capture removes).
//! - A piece may not recapture if leaving its square would expose its own king to an
//!   enemy slider on the line through that square, judged against the board as the
//!   exchange has left it at that moment (so along the pin line is fine, a pin that
//!   arises during the exchange counts, and one whose pinner was captured does not).
//! - The king recaptures only if the other side has no attacker left on the square,
//!   counting a slider that the king's own departure would uncover.
//! - A side whose king a capture has put in check from another square (the capturing
//!   piece, or the pawn taken en passant, uncovered a slider) may answer only with its
//!   king: taking the piece on the target square does not lift that check.
//! - En passant and promotions are valued; a pawn that recaptures on its last rank
//!   becomes a queen. Castling is worth 0.
//!
//! **Classic** ([`Rules::Classic`]), the chessprogramming wiki's swap algorithm: least
//! valuable attacker with x-rays and nothing else. Pins are ignored, the king's rule does
//! not look through the king's own square, a recapturing pawn stays a pawn. En passant
//! and promotions are valued, castling is 0.
//!
//! **Stockfish** ([`Rules::Stockfish`]), the semantics of Stockfish's
//! `Position::see_ge`:
//! - Only plain moves are evaluated: castling, en passant and every promotion score 0.
//! - Least valuable attacker with x-rays, as Classic, in Stockfish's values.
//! - While any slider that pins a piece of the recapturing side is still on its square,
//!   *every* piece of that side that stands alone between its king and an enemy slider
//!   sits out, even one that could capture along its pin line. Pins are those of the
//!   position before the move.
//! - The king recaptures only if the other side has no attacker left on the square (no
//!   look through the king's own square).
//! - A recapturing pawn stays a pawn.
//!
//! **Exact** ([`Rules::Exact`]): after the move, each side may stand pat or make *any
//! legal* capture on the square: any attacker in any order, any promotion piece. A capture
//! that leaves the capturer's king attacked is not allowed, which covers pins (old and
//! new), checks and king safety. Material only: a side in check with no legal capture
//! simply stands pat. Castling is 0; en passant and promotions are valued. Recaptures are
//! captures on the square itself, so an en passant reply (which lands beside it) never
//! takes part.
//!
//! # Where Stockfish differs from the exact answer
//!
//! Tests: `tests/stockfish.rs`, functions named below; each asserts every rule set's value
//! on the position, Stockfish's through swapoff and through an independent port of
//! `Position::see_ge`.
//!
//! ### Special moves score 0
//!
//! `see_ge` passes every non-plain move with the value 0.
//!
//! | position | move | Stockfish | Exact (standard) |
//! |---|---|---|---|
//! | `3r3k/8/8/3pP3/8/8/8/K2R4 w - d6 0 2` | exd6 e.p. | 0 | +100 |
//! | `7k/P7/8/8/8/8/8/K7 w - - 0 1` | a8=Q | 0 | +800 |
//! | `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1` | O-O | 0 | 0 |
//!
//! Castling is 0 under every rule set, so it is not a difference; en passant and
//! promotions are. Test: `stockfish_vs_exact_special_moves_score_zero`.
//!
//! ### Pinned pieces
//!
//! Stockfish benches all pinned pieces of a side while any of that side's pinners stands
//! on its square. That is wrong in two ways:
//!
//! - *Along the line*: `7k/8/8/8/3bn3/8/1P6/K7 b - - 0 1`, Nc3. The pawn b2 is pinned by
//!   Bd4 but bxc3 stays on the pin line, so it is legal: bxc3 Bxc3+ and Black nets -200.
//!   Stockfish: 0 (in either values). Exact: -200.
//! - *Any pinner*: `4k3/3b4/8/1B6/8/4n3/7K/3rR3 w - - 0 1`, Rxd1. Ne3's pinner is the
//!   rook that just moved, so Nxd1 is legal and the rooks come off: Exact 0. Bb5 still
//!   pins Bd7, so Stockfish benches Ne3 as well: +1276 (+500 in standard values).
//!
//! Test: `stockfish_vs_exact_pinned_pieces`.
//!
//! ### Pins arising during the exchange
//!
//! `4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1`, Nxg5. Before the move Ne4 and Be7 both block
//! Re1 from Ke8, so nothing is pinned; once the knight has gone, Bxg5 would expose the king.
//! Stockfish knows only the starting pins (Classic none) and lets the bishop recapture: 0
//! (781 - 781; 300 - 300 in standard values). Exact: +300, and so does Default, which
//! judges pins at the moment of each capture.
//! Test: `stockfish_vs_exact_pin_arising_during_the_exchange`.
//!
//! ### Checks
//!
//! `7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1`, Nxe6 (the example at the top). The capture
//! uncovers Ba1 against Kh8 and fxe6 does not answer the check. Stockfish: -573 (-200 in
//! standard values). Exact and Default: +100. Test: `stockfish_vs_exact_checks`. A double
//! check (`3q2k1/4p3/8/3N4/8/8/B7/6K1 w - - 0 1`, Nxe7+: Qxe7 takes one checker but not
//! the other) behaves the same way: Exact and Default +100, Stockfish and Classic -200
//! (`tests/exact.rs`, `checks_restrict_recaptures`).
//!
//! ### Recapture promotion
//!
//! `3N3r/2P5/k7/8/8/8/8/K7 b - - 0 1`, Rxd8. cxd8 takes the rook and becomes a queen.
//! Stockfish counts it as a pawn: -495 (781 - 1276; -200 in standard values). Exact:
//! -1000 (300 - 500 - 800). Test: `stockfish_vs_exact_recapture_promotion`.
//!
//! ### King rule: the king's square, and the king as last attacker
//!
//! *X-ray through the king's square.* Stockfish lets the king recapture when no enemy
//! piece attacks the square *with the king still on its own square*; Default also counts
//! a slider that the king's departure uncovers (the king stepping along a line away from
//! an enemy rook, say). With a legal first move this never matters. For the king's
//! departure to uncover a slider S against the target T, S, the king's square K and T
//! lie on one line with T next to K, and when the king captures every square between S
//! and K is empty. No piece standing there can ever leave during an exchange: pieces only
//! move to T, which a slider on that line cannot reach past the king, and which a knight,
//! pawn or king two or more steps away on the same line cannot reach at all. So those
//! squares were empty before the move: the king was in check from S. In a legal position
//! that is the mover's king, and a legal first move that answers the check cannot leave
//! this geometry (capturing S puts T on S; blocking puts T between S and K; a king move
//! along the checking line is illegal). The rule matters only for a pseudo-legal first
//! move that leaves the mover in check: `4r2k/8/8/8/7b/8/4K3/R3n3 w - - 0 1`, Rxe1
//! (White is in check from Re8): Rxe1 Bxe1 Kxe1 puts the king on the e-file. Stockfish:
//! +330 (+100 in standard values); Default: -200. Exact's contract asks for legal moves,
//! so it has no row here. Test: `stockfish_vs_default_king_xray`.
//!
//! *The king captures last.* `6Q1/5B2/2k1p3/3n4/8/2N5/8/7K w - - 0 1`, Nxd5. The least
//! valuable recapture exd5 opens g8-d5 for Bxd5+, after which Qg8 guards d5 and the king
//! cannot take back: Stockfish +208 (+100 in standard values). Kxd5 at once, while e6
//! still blocks, is legal and ends the exchange: Exact 0.
//! Test: `stockfish_vs_exact_king_captures_last`.
//!
//! ### Equal-value attacker order
//!
//! `4r2k/8/5n2/K7/4P3/3B1B2/8/1b6 b - - 0 1`, Nxe4. White has two bishops; the fast
//! rules take the one on the lower square, d3, which uncovers Bb1 behind it: Black keeps
//! +208 (+100 in standard values). Recapturing with Bf3 first keeps b1 shut and leaves
//! Black -100. In Stockfish's values knight and bishop differ (781, 825), so equal value
//! means two pieces of one kind; in standard values a knight and a bishop also tie, and
//! the fast rules always take the knight first. Test: `stockfish_vs_exact_equal_value_order`.
//!
//! # Where Stockfish differs from Default
//!
//! In standard values for both (test names in `tests/stockfish.rs`):
//!
//! | position | move | Stockfish | Default | why |
//! |---|---|---|---|---|
//! | `7k/8/8/8/3bn3/8/1P6/K7 b - - 0 1` | Nc3 | 0 | -200 | Stockfish benches b2 although bxc3 stays on its pin line (`stockfish_vs_default_pinned_piece_on_the_line`) |
//! | `4k3/3b4/8/1B6/8/4n3/7K/3rR3 w - - 0 1` | Rxd1 | +500 | 0 | Bb5 still pins Bd7, so Ne3 sits out though its own pinner has moved (`stockfish_vs_default_any_pinner_keeps_all_pinned_out`) |
//! | `4r2k/8/8/8/7b/8/4K3/R3n3 w - - 0 1` | Rxe1 (pseudo-legal) | +100 | -200 | no x-ray through the king's square (`stockfish_vs_default_king_xray`) |
//!
//! Besides these, Stockfish scores en passant and promotions 0 and does not promote a
//! recapturing pawn (the rows above under Exact, where Default agrees with Exact).
//!
//! # Where Default differs from the exact answer
//!
//! Default gets pins right (along the line included, and pins that arise during the
//! exchange: `pin_arising_during_the_exchange` in `tests/exact.rs`), values every special
//! move and promotes recapturing pawns; its king rule is exact for legal moves, and it
//! keeps a side in discovered (or double) check from answering with anything but its
//! king, whether the first move or a recapture gave the check
//! (`checks_restrict_recaptures`). What it misses all comes from taking the least
//! valuable attacker (values in standard values; tests in `tests/exact.rs`):
//!
//! | cause | position | move | Default | Exact | test |
//! |---|---|---|---|---|---|
//! | a costlier attacker is better | `4r2k/8/5n2/K7/4P3/2NP4/8/1b6 b - - 0 1` | Nxe4 | -100 | -200 | `exact_beats_least_valuable_attacker_order` |
//! | the same, for the mover | `4r2k/8/5n2/K7/4p3/2NP4/6B1/1b6 w - - 0 1` | Bxe4 | 0 | +100 | `exact_beats_least_valuable_attacker_order` |
//! | equal-value order | `4r2k/8/5n2/K7/4P3/3B1B2/8/1b6 b - - 0 1` | Nxe4 | +100 | -100 | `exact_beats_least_valuable_attacker_order` |
//! | the king first | `6Q1/5B2/2k1p3/3n4/8/2N5/8/7K w - - 0 1` | Nxd5 | +100 | 0 | `exact_beats_least_valuable_attacker_order` |
//!
//! In the Nxe4 with `2NP4` row, dxe4 (least valuable) uncovers Bb1; White does better with
//! Nxe4, after which Black's Rxe4 would lose the rook to dxe4.
//!
//! Default always promotes a recapturing pawn to a queen, and that is never worse than an
//! under-promotion: whether a capture of the new piece is legal, and all that follows,
//! does not depend on what the piece was, so a promotion to a piece worth `X` that wins
//! `c` is worth `c - P + min(X, m)` for an `m` that does not depend on `X`. An
//! under-promotion can tie (a rook, when the opponent would take either) but never win
//! (`promotion_choice_ties_but_never_beats_a_queen`, `promotion_value_is_monotone_in_the_piece`).
//!
//! # Where Classic differs from the exact answer
//!
//! Everything Default misses, and also:
//!
//! - Discovered and double checks (the rows under "Checks" above: Classic -200, Exact
//!   +100).
//! - Pins: `4k3/3n4/8/1B2p3/8/5N2/8/6K1 w - - 0 1`, Nxe5. Nd7 is pinned by Bb5, yet
//!   Classic lets it recapture: -200; Exact (and Default, and Stockfish): +100
//!   (`classic_lets_pinned_pieces_recapture` in `tests/exact.rs`).
//! - Recapture promotion: `3N3r/2P5/k7/8/8/8/8/K7 b - - 0 1`, Rxd8: Classic -200, Exact
//!   -1000 (`stockfish_vs_exact_recapture_promotion` asserts Classic's value too).
//!
//! # What holds between rule sets, and what does not
//!
//! - No fast rule set bounds Exact from either side: the tables above have Exact above
//!   and below each of them (`no_fast_rule_set_bounds_exact`).
//! - Under every rule set, a move is worth at most the material it wins by itself (0 for a
//!   quiet move), because the opponent may always stand pat
//!   (`no_rule_set_values_a_move_above_its_own_gain`).
//! - Exact equals a plain legal minimax over shakmaty's legal captures on the square
//!   (`exact_matches_legal_minimax_on_random_positions`, `…_on_see_pairs`).
//! - [`Rules::Stockfish`] answers every threshold test exactly as Stockfish's
//!   `see_ge` does, checked against a port of it on random and real positions under
//!   several sets of values (`port_agrees_*` in `tests/stockfish.rs`).
//!
//! [`Rules::Default`]: crate::Rules::Default
//! [`Rules::Classic`]: crate::Rules::Classic
//! [`Rules::Stockfish`]: crate::Rules::Stockfish
//! [`Rules::Exact`]: crate::Rules::Exact
