//! `Rules::Stockfish` against an independent port of Stockfish's `Position::see_ge`.
//!
//! The oracle (module `port`) is written from the semantics of Stockfish master's
//! `src/position.cpp`: `see_ge`, the `blockersForKing`/`pinners` that `set_check_info`
//! computes through `update_slider_blockers`, `attackers_to`, and `PieceValue`. It works on
//! shakmaty's boards and attack tables and shares no code with swapoff, so an agreement
//! between the two is evidence about swapoff, not a tautology.
//!
//! The comparison runs over real positions (the first lines of `see_pairs.txt`), random
//! play from varied starting positions, and random piece placements crowded around the
//! kings (pins, checks, king recaptures), for every legal move and many thresholds.
//!
//! The table tests at the end pin down, position by position, where Stockfish's rules give
//! another answer than `Rules::Default` and than `Rules::Exact`; `docs/rules.md` cites
//! them by name.

use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::fmt::Write as _;
use swapoff::{Move, PieceValues, PreparedBoard, Rules, See};

mod common;
use common::{placement, testdata_lines, Rng, ENDGAMES, PAIRS, UHO};

/// A literal port of Stockfish's static exchange threshold test.
mod port {
    use shakmaty::{attacks, Bitboard, Chess, Color, Position, Role, Square};

    /// Stockfish's `PieceValue` for pawn, knight, bishop, rook, queen (king and empty: 0).
    pub const STOCKFISH_VALUES: [i32; 5] = [208, 781, 825, 1276, 2538];

    fn sq(index: u32) -> Square {
        Square::ALL[(index & 63) as usize]
    }

    fn bit(s: Square) -> u64 {
        1u64 << u32::from(s)
    }

    fn lsb(bb: u64) -> u64 {
        bb & bb.wrapping_neg()
    }

    fn color_index(c: Color) -> usize {
        match c {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    const ROLES: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The parts of Stockfish's `Position` and `StateInfo` that `see_ge` reads.
    pub struct SfPosition {
        by_color: [u64; 2],
        by_type: [u64; 6],
        side_to_move: Color,
        /// `st->blockersForKing[c]`: pieces of both colours alone between `c`'s king and an
        /// enemy slider.
        blockers_for_king: [u64; 2],
        /// `st->pinners[c]`: sliders of colour `c` that pin a piece of the other colour.
        pinners: [u64; 2],
        /// `PieceValue` by type, pawn first; the king is worth 0.
        values: [i32; 6],
    }

    impl SfPosition {
        /// The position as Stockfish would hold it after `set` (which calls
        /// `set_check_info`), counting in `values` (pawn, knight, bishop, rook, queen).
        pub fn new(pos: &Chess, values: [i32; 5]) -> SfPosition {
            let board = pos.board();
            let mut p = SfPosition {
                by_color: [board.white().0, board.black().0],
                by_type: ROLES.map(|r| board.by_role(r).0),
                side_to_move: pos.turn(),
                blockers_for_king: [0; 2],
                pinners: [0; 2],
                values: [values[0], values[1], values[2], values[3], values[4], 0],
            };
            // set_check_info: update_slider_blockers(WHITE), update_slider_blockers(BLACK).
            p.update_slider_blockers(Color::White);
            p.update_slider_blockers(Color::Black);
            p
        }

        fn pieces(&self) -> u64 {
            self.by_color[0] | self.by_color[1]
        }

        fn pieces_of(&self, c: Color) -> u64 {
            self.by_color[color_index(c)]
        }

        fn pieces_type(&self, r: Role) -> u64 {
            self.by_type[r as usize - 1]
        }

        fn pieces_types(&self, a: Role, b: Role) -> u64 {
            self.pieces_type(a) | self.pieces_type(b)
        }

        /// `PieceValue[piece_on(s)]`: 0 for an empty square and for a king.
        fn value_on(&self, s: Square) -> i32 {
            let b = bit(s);
            ROLES
                .iter()
                .position(|&r| self.pieces_type(r) & b != 0)
                .map_or(0, |i| self.values[i])
        }

        /// Stockfish's `update_slider_blockers(c)`: sets `blockersForKing[c]` and
        /// `pinners[~c]`.
        fn update_slider_blockers(&mut self, c: Color) {
            let ci = color_index(c);
            let them = color_index(!c);
            self.blockers_for_king[ci] = 0;
            self.pinners[them] = 0;
            let kings = self.pieces_of(c) & self.pieces_type(Role::King);
            if kings == 0 {
                return;
            }
            let ksq = sq(kings.trailing_zeros());
            // Snipers: enemy sliders that would attack the king on an empty board.
            let mut snipers = ((attacks::rook_attacks(ksq, Bitboard(0)).0
                & self.pieces_types(Role::Queen, Role::Rook))
                | (attacks::bishop_attacks(ksq, Bitboard(0)).0
                    & self.pieces_types(Role::Queen, Role::Bishop)))
                & self.pieces_of(!c);
            // Other snipers do not count as blockers.
            let occupancy = self.pieces() ^ snipers;
            while snipers != 0 {
                let sniper = sq(snipers.trailing_zeros());
                snipers &= snipers - 1;
                let b = attacks::between(ksq, sniper).0 & occupancy;
                if b != 0 && b & (b - 1) == 0 {
                    self.blockers_for_king[ci] |= b;
                    if b & self.pieces_of(c) != 0 {
                        self.pinners[them] |= bit(sniper);
                    }
                }
            }
        }

        /// Stockfish's `attackers_to(s, occupied)`: pieces of both colours attacking `s`.
        fn attackers_to(&self, s: Square, occupied: u64) -> u64 {
            let occ = Bitboard(occupied);
            (attacks::rook_attacks(s, occ).0 & self.pieces_types(Role::Rook, Role::Queen))
                | (attacks::bishop_attacks(s, occ).0 & self.pieces_types(Role::Bishop, Role::Queen))
                | (attacks::pawn_attacks(Color::Black, s).0
                    & self.pieces_of(Color::White)
                    & self.pieces_type(Role::Pawn))
                | (attacks::pawn_attacks(Color::White, s).0
                    & self.pieces_of(Color::Black)
                    & self.pieces_type(Role::Pawn))
                | (attacks::knight_attacks(s).0 & self.pieces_type(Role::Knight))
                | (attacks::king_attacks(s).0 & self.pieces_type(Role::King))
        }

        /// `Position::see_ge(m, threshold)`.
        pub fn see_ge(&self, m: &shakmaty::Move, threshold: i32) -> bool {
            // Only NORMAL moves are evaluated; promotions, en passant and castling pass
            // with the value 0.
            let (from, to) = match *m {
                shakmaty::Move::Normal {
                    from,
                    to,
                    promotion: None,
                    ..
                } => (from, to),
                _ => return 0 >= threshold,
            };

            let mut swap = self.value_on(to) - threshold;
            if swap < 0 {
                return false;
            }
            swap = self.value_on(from) - swap;
            if swap <= 0 {
                return true;
            }

            // XOR, not AND-NOT: for a quiet move this sets the empty target square, which
            // no lookup below can notice; for a capture it clears the captured piece, so
            // that a captured pinner no longer counts as being on its square.
            let mut occupied = self.pieces() ^ bit(from) ^ bit(to);
            let mut stm = self.side_to_move;
            let mut attackers = self.attackers_to(to, occupied);
            let mut res: i32 = 1;
            let diagonal = self.pieces_types(Role::Bishop, Role::Queen);
            let straight = self.pieces_types(Role::Rook, Role::Queen);

            loop {
                stm = !stm;
                attackers &= occupied;

                let mut stm_attackers = attackers & self.pieces_of(stm);
                if stm_attackers == 0 {
                    break;
                }

                // Pinned pieces sit out while any of their side's pinners is still on its
                // original square.
                if self.pinners[color_index(!stm)] & occupied != 0 {
                    stm_attackers &= !self.blockers_for_king[color_index(stm)];
                    if stm_attackers == 0 {
                        break;
                    }
                }

                res ^= 1;

                let to_bishop = |occ: u64| attacks::bishop_attacks(to, Bitboard(occ)).0;
                let to_rook = |occ: u64| attacks::rook_attacks(to, Bitboard(occ)).0;
                let bb = stm_attackers & self.pieces_type(Role::Pawn);
                if bb != 0 {
                    swap = self.values[0] - swap;
                    if swap < res {
                        break;
                    }
                    occupied ^= lsb(bb);
                    attackers |= to_bishop(occupied) & diagonal;
                    continue;
                }
                let bb = stm_attackers & self.pieces_type(Role::Knight);
                if bb != 0 {
                    swap = self.values[1] - swap;
                    if swap < res {
                        break;
                    }
                    occupied ^= lsb(bb);
                    continue;
                }
                let bb = stm_attackers & self.pieces_type(Role::Bishop);
                if bb != 0 {
                    swap = self.values[2] - swap;
                    if swap < res {
                        break;
                    }
                    occupied ^= lsb(bb);
                    attackers |= to_bishop(occupied) & diagonal;
                    continue;
                }
                let bb = stm_attackers & self.pieces_type(Role::Rook);
                if bb != 0 {
                    swap = self.values[3] - swap;
                    if swap < res {
                        break;
                    }
                    occupied ^= lsb(bb);
                    attackers |= to_rook(occupied) & straight;
                    continue;
                }
                let bb = stm_attackers & self.pieces_type(Role::Queen);
                if bb != 0 {
                    // No early exit here: the previous capture was made by a piece worth
                    // at least a queen, so the test cannot fail yet.
                    swap = self.values[4] - swap;
                    occupied ^= lsb(bb);
                    attackers |= (to_bishop(occupied) & diagonal) | (to_rook(occupied) & straight);
                    continue;
                }
                // Only the king is left. If the other side still has an attacker, the king
                // cannot really capture: undo the flip.
                return if attackers & !self.pieces_of(stm) != 0 {
                    res ^ 1 != 0
                } else {
                    res != 0
                };
            }
            res != 0
        }

        /// The largest threshold that `see_ge` accepts, by bisection over a range no
        /// exchange reaches. Only used on hand-picked positions, where the caller also
        /// checks `see_ge` at and just above the answer.
        pub fn value(&self, m: &shakmaty::Move) -> i32 {
            let (mut lo, mut hi) = (-1_000_000, 1_000_000);
            assert!(self.see_ge(m, lo) && !self.see_ge(m, hi));
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if self.see_ge(m, mid) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            lo
        }
    }
}

use port::{SfPosition, STOCKFISH_VALUES};

fn parse(fen: &str) -> Chess {
    common::board(fen).unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn uci(m: &shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

fn values_array(v: &PieceValues) -> [i32; 5] {
    [v.pawn(), v.knight(), v.bishop(), v.rook(), v.queen()]
}

/// Counts comparisons and keeps the first disagreements.
#[derive(Default)]
struct Report {
    checks: u64,
    moves: u64,
    positions: u64,
    failures: Vec<String>,
}

impl Report {
    fn finish(self, what: &str, min_checks: u64) {
        assert!(
            self.failures.is_empty(),
            "{what}: {} disagreement(s) with the Stockfish port in {} checks; first ones:\n{}",
            self.failures.len(),
            self.checks,
            self.failures.join("\n")
        );
        // Guards against a generator that silently produces nothing.
        assert!(
            self.checks >= min_checks,
            "{what}: only {} checks ({} moves, {} positions), expected at least {min_checks}",
            self.checks,
            self.moves,
            self.positions
        );
        eprintln!(
            "{what}: {} positions, {} moves, {} threshold checks agree",
            self.positions, self.moves, self.checks
        );
    }
}

/// Compares `See::ge` under `see` with the port for one move at the given thresholds, and
/// `See::value` with `ge` at the same thresholds.
fn compare_move(
    pos: &Chess,
    sf: &SfPosition,
    see: &See,
    m: &shakmaty::Move,
    thresholds: &[i32],
    report: &mut Report,
) {
    let mv = Move::try_from(m).expect("standard chess moves always convert");
    let value = see.value(pos, mv);
    report.moves += 1;
    for &t in thresholds {
        report.checks += 1;
        let want = sf.see_ge(m, t);
        let got = see.ge(pos, mv, t);
        if (want != got || got != (value >= t)) && report.failures.len() < 10 {
            report.failures.push(format!(
                "  {} ; {} ; values {:?} ; threshold {t}: port {want}, swapoff ge {got}, swapoff value {value}",
                fen_of(pos),
                uci(m),
                values_array(&see.values()),
            ));
        }
    }
}

/// Thresholds for one move: at and around swapoff's value, the usual pruning range, a few
/// random ones, and the extremes.
fn thresholds_for(value: i32, rng: &mut Rng, sweep_step: usize) -> Vec<i32> {
    let mut ts = vec![
        value - 2,
        value - 1,
        value,
        value + 1,
        value + 2,
        -1,
        0,
        1,
        -100_000,
        100_000,
    ];
    ts.extend((-300..=300).step_by(sweep_step));
    for _ in 0..3 {
        ts.push(rng.range(-300, 300));
    }
    ts.push(rng.range(-5000, 5000));
    ts
}

/// Every legal move of `pos`, under Stockfish's values and under `extra` values.
fn compare_position(pos: &Chess, extra: &[PieceValues], rng: &mut Rng, report: &mut Report) {
    report.positions += 1;
    let mut sees = vec![See::new(Rules::Stockfish)];
    sees.extend(
        extra
            .iter()
            .map(|v| See::new(Rules::Stockfish).with_values(*v)),
    );
    for see in &sees {
        let sf = SfPosition::new(pos, values_array(&see.values()));
        for m in pos.legal_moves() {
            let mv = Move::try_from(&m).expect("standard chess moves always convert");
            let ts = thresholds_for(see.value(pos, mv), rng, 50);
            compare_move(pos, &sf, see, &m, &ts, report);
        }
    }
}

/// Random values in the order swapoff requires (pawn ≤ knight ≤ bishop ≤ rook ≤ queen).
fn random_values(rng: &mut Rng) -> PieceValues {
    let mut v = [0i64; 5];
    let mut last = 1;
    for slot in &mut v {
        last = i64::from(rng.range(last as i32, last as i32 + 600));
        *slot = last;
    }
    PieceValues::new(v[0], v[1], v[2], v[3], v[4]).expect("ordered positive values")
}

#[test]
fn port_agrees_on_see_pairs() {
    let lines = testdata_lines(PAIRS, 3000);
    port_agrees_on_pairs(&lines, "see_pairs.txt, first 3000 pairs");
}

/// The same over a whole pairs file (144,673 pairs for the project's standard file),
/// opt-in: `SWAPOFF_PAIRS=FILE cargo test --release -p swapoff --test stockfish -- --ignored`.
#[test]
#[ignore = "whole-file run: set SWAPOFF_PAIRS to a FEN;UCI pairs file"]
fn port_agrees_on_whole_pairs_file() {
    let path = common::opt_in_file("SWAPOFF_PAIRS");
    let lines = common::file_lines(&path, None);
    port_agrees_on_pairs(&lines, &path.display().to_string());
}

/// Every pair of `lines` (`FEN;UCI`): the Stockfish rules agree with the port on every
/// threshold of the pruning range, in Stockfish's values and in the standard ones.
fn port_agrees_on_pairs(lines: &[String], label: &str) {
    let mut rng = Rng(0x5EE_0001);
    let mut report = Report::default();
    let standard = See::new(Rules::Stockfish).with_values(PieceValues::STANDARD);
    let mut last_fen = String::new();
    let mut cached: Option<(Chess, SfPosition, SfPosition)> = None;
    for (i, line) in lines.iter().enumerate() {
        let (fen, text) = line
            .split_once(';')
            .unwrap_or_else(|| panic!("{label} line {}: no ';' in {line:?}", i + 1));
        if fen != last_fen || cached.is_none() {
            let pos = parse(fen);
            let sf = SfPosition::new(&pos, STOCKFISH_VALUES);
            let sf_std = SfPosition::new(&pos, values_array(&PieceValues::STANDARD));
            cached = Some((pos, sf, sf_std));
            last_fen = fen.to_owned();
            report.positions += 1;
        }
        let Some((pos, sf, sf_std)) = cached.as_ref() else {
            unreachable!("filled above")
        };
        let m = text
            .trim()
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .unwrap_or_else(|| panic!("{label} line {}: bad move in {line:?}", i + 1));
        let mv = Move::try_from(&m).expect("standard chess moves always convert");
        let see = See::new(Rules::Stockfish);
        // Every threshold of the usual pruning range, one by one.
        let mut ts = thresholds_for(see.value(pos, mv), &mut rng, 1);
        ts.sort_unstable();
        ts.dedup();
        compare_move(pos, sf, &see, &m, &ts, &mut report);
        // The rule set held in a `const`, on a board that keeps its pins, as an engine
        // calls it.
        const STOCKFISH: See = See::new(Rules::Stockfish);
        let cached = PreparedBoard::new(pos);
        for &t in &ts {
            assert_eq!(
                STOCKFISH.ge(&cached, mv, t),
                see.ge(pos, mv, t),
                "{label} line {}: a const See's ge({t}) on a PreparedBoard, {line}",
                i + 1
            );
        }
        let ts = thresholds_for(standard.value(pos, mv), &mut rng, 25);
        compare_move(pos, sf_std, &standard, &m, &ts, &mut report);
    }
    report.finish(label, lines.len() as u64 * 600);
}

/// Starting points for random play: quiet openings, tactical middlegames with pins, and
/// endgames with active kings.
const START_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/4r3/8/8/4Q3/8/3K4/8 w - - 0 1",
    "3qk3/3r4/8/3N4/8/3B4/8/3RK3 w - - 0 1",
    "2r1k2r/1b1nqppp/p2bpn2/1p6/3P4/1BN1PN2/PP2QPPP/R1B2RK1 w k - 0 1",
    "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
    "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
    "8/8/3k4/3p4/2PKP3/8/8/8 w - - 0 1",
    "4k3/8/2n1b3/3p4/4P3/2N1B3/8/4K3 w - - 0 1",
    "rnbqk2r/pppp1ppp/5n2/4p3/1b2P3/2NP4/PPP2PPP/R1BQKBNR w KQkq - 1 4",
];

#[test]
fn port_agrees_on_random_play() {
    let mut starts: Vec<String> = START_FENS.iter().map(|s| s.to_string()).collect();
    starts.extend(testdata_lines(UHO, 12));
    starts.extend(testdata_lines(ENDGAMES, 12));
    let mut rng = Rng(0x5EE_0002);
    let mut report = Report::default();
    for start in &starts {
        for game in 0..2 {
            let mut pos = parse(start);
            let values = random_values(&mut rng);
            for _ply in 0..30 {
                let extra = if game == 0 {
                    vec![PieceValues::STANDARD]
                } else {
                    vec![values]
                };
                compare_position(&pos, &extra, &mut rng, &mut report);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures so that exchanges, pins and open lines come up often.
                let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
                let m = if !captures.is_empty() && rng.chance(60) {
                    *captures[rng.below(captures.len() as u64) as usize]
                } else {
                    moves[rng.below(moves.len() as u64) as usize]
                };
                pos.play_unchecked(m);
            }
        }
    }
    report.finish("random play", 200_000);
}

/// A random legal position with both kings and `pieces` other pieces crowded into a small
/// window, so that pins, checks and king recaptures are common. `None` if the placement is
/// not a legal position (side not to move in check, pawns on a back rank, ...).
fn random_crowded(rng: &mut Rng, pieces: usize) -> Option<Chess> {
    let mut board = [None::<char>; 64];
    let (cf, cr) = (rng.range(1, 6), rng.range(1, 6));
    let mut place = |rng: &mut Rng, c: char, spread: i32| -> bool {
        for _ in 0..20 {
            let f = (cf + rng.range(-spread, spread)).clamp(0, 7);
            let r = (cr + rng.range(-spread, spread)).clamp(0, 7);
            let s = (r * 8 + f) as usize;
            let pawn = c.eq_ignore_ascii_case(&'p');
            if board[s].is_none() && !(pawn && (r == 0 || r == 7)) {
                board[s] = Some(c);
                return true;
            }
        }
        false
    };
    if !place(rng, 'K', 3) || !place(rng, 'k', 3) {
        return None;
    }
    const KINDS: &[u8] = b"PPPNNBBRRQpppnnbbrrq";
    for _ in 0..pieces {
        let c = KINDS[rng.below(KINDS.len() as u64) as usize] as char;
        let spread = if rng.chance(80) { 2 } else { 7 };
        place(rng, c, spread);
    }
    let mut fen = placement(&board);
    fen.push_str(if rng.chance(50) {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    });
    common::board(&fen).ok()
}

#[test]
fn port_agrees_on_crowded_random_positions() {
    let mut rng = Rng(0x5EE_0003);
    let mut report = Report::default();
    let mut made = 0;
    while made < 1500 {
        let n = rng.range(3, 14) as usize;
        let Some(pos) = random_crowded(&mut rng, n) else {
            continue;
        };
        made += 1;
        let values = if made % 2 == 0 {
            PieceValues::STANDARD
        } else {
            random_values(&mut rng)
        };
        compare_position(&pos, &[values], &mut rng, &mut report);
    }
    report.finish("crowded random positions", 200_000);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Shrinkable version of the crowded positions: a failure shrinks towards fewer
    /// pieces, which gives a small position to report.
    #[test]
    fn port_agrees_on_generated_positions(
        kings in (0u8..64, 0u8..64),
        pieces in proptest::collection::vec((0u8..64, 0usize..10), 0..12),
        white in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mut board = [None::<char>; 64];
        board[kings.0 as usize] = Some('K');
        if board[kings.1 as usize].is_some() {
            return Ok(());
        }
        board[kings.1 as usize] = Some('k');
        for (s, kind) in pieces {
            let c = b"PNBRQpnbrq"[kind] as char;
            let rank = s / 8;
            if board[s as usize].is_none() && !(c.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
                board[s as usize] = Some(c);
            }
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            for file in 0..8 {
                fen.push(board[rank * 8 + file].unwrap_or('1'));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if white { " w - - 0 1" } else { " b - - 0 1" });
        // Digits are not merged ("11" is not valid FEN), so merge runs of empty squares.
        let fen = merge_empty(&fen);
        let Ok(pos) = common::board(&fen) else {
            return Ok(());
        };
        let mut rng = Rng(seed);
        let mut report = Report::default();
        compare_position(&pos, &[PieceValues::STANDARD], &mut rng, &mut report);
        prop_assert!(report.failures.is_empty(), "{}", report.failures.join("\n"));
    }
}

/// Turns runs of `1` in a FEN board into their count.
fn merge_empty(fen: &str) -> String {
    let mut out = String::new();
    let mut run = 0;
    for c in fen.chars() {
        if c == '1' {
            run += 1;
            continue;
        }
        if run > 0 {
            let _ = write!(out, "{run}");
            run = 0;
        }
        out.push(c);
    }
    if run > 0 {
        let _ = write!(out, "{run}");
    }
    out
}

// ---------------------------------------------------------------------------------------
// Hand-picked positions where Stockfish's rules give another answer.
//
// Each row states every rule set's value, worked out by hand in the comment above it
// (standard values P=100, N=B=300, R=500, Q=900 unless "Stockfish values" are named:
// P=208, N=781, B=825, R=1276, Q=2538). The checks run the port as well as swapoff, so a
// row also pins the port's reading of Stockfish on a position chosen for one rule.
// ---------------------------------------------------------------------------------------

/// One position and move with every rule set's value.
struct Row {
    fen: &'static str,
    /// UCI, king-to-destination for castling.
    mv: &'static str,
    /// `Rules::Stockfish` with Stockfish's own values.
    stockfish: i32,
    /// `Rules::Stockfish` counting 100/300/300/500/900, comparable with the others.
    stockfish_std: i32,
    default: i32,
    classic: i32,
    /// `Rules::Exact`; `None` when the move is only pseudo-legal (outside Exact's contract).
    exact: Option<i32>,
}

/// The shakmaty move for `uci`: legal moves through shakmaty, pseudo-legal plain moves
/// built by hand (shakmaty refuses to make an illegal move).
fn shakmaty_move(pos: &Chess, uci: &str, legal: bool) -> shakmaty::Move {
    let parsed: UciMove = uci.parse().expect("valid UCI in the table");
    if legal {
        return parsed
            .to_move(pos)
            .unwrap_or_else(|e| panic!("{uci} is not legal in {}: {e}", fen_of(pos)));
    }
    let UciMove::Normal { from, to, .. } = parsed else {
        panic!("pseudo-legal rows use plain moves");
    };
    shakmaty::Move::Normal {
        role: pos.board().role_at(from).expect("a piece on the origin"),
        from,
        capture: pos.board().role_at(to),
        to,
        promotion: None,
    }
}

fn check_row(row: &Row) {
    let pos = parse(row.fen);
    let m = shakmaty_move(&pos, row.mv, row.exact.is_some());
    let mv = Move::try_from(&m).expect("standard chess moves always convert");
    let at = |rules: Rules, values: PieceValues| See::new(rules).with_values(values);
    let std = PieceValues::STANDARD;
    let what = format!("{} ; {}", row.fen, row.mv);

    for (values, want) in [
        (PieceValues::STOCKFISH, row.stockfish),
        (std, row.stockfish_std),
    ] {
        let sf = SfPosition::new(&pos, values_array(&values));
        assert_eq!(sf.value(&m), want, "port value, {what}, {values:?}");
        assert!(
            sf.see_ge(&m, want) && !sf.see_ge(&m, want + 1),
            "port ge, {what}"
        );
        let see = at(Rules::Stockfish, values);
        assert_eq!(
            see.value(&pos, mv),
            want,
            "Rules::Stockfish, {what}, {values:?}"
        );
        assert!(see.ge(&pos, mv, want) && !see.ge(&pos, mv, want + 1));
    }
    assert_eq!(
        at(Rules::Default, std).value(&pos, mv),
        row.default,
        "Rules::Default, {what}"
    );
    assert_eq!(
        at(Rules::Classic, std).value(&pos, mv),
        row.classic,
        "Rules::Classic, {what}"
    );
    if let Some(exact) = row.exact {
        let see = at(Rules::Exact, std);
        assert_eq!(see.value(&pos, mv), exact, "Rules::Exact, {what}");
        assert!(see.ge(&pos, mv, exact) && !see.ge(&pos, mv, exact + 1));
    }
}

/// Pin rule, along the line. Black's Nc3 lands on the diagonal a1-b2-c3-d4 between the
/// pinned pawn b2 and its pinner Bd4. bxc3 is legal (the pawn stays on the line) and wins
/// the knight; Bxc3+ takes the pawn back: black nets 100 - 300 = -200 (Default, Classic,
/// Exact). Stockfish benches b2 because its pinner d4 is still on its square, so nothing
/// can take the knight: 0.
const PINNED_ON_THE_LINE: Row = Row {
    fen: "7k/8/8/8/3bn3/8/1P6/K7 b - - 0 1",
    mv: "e4c3",
    stockfish: 0,
    stockfish_std: 0,
    default: -200,
    classic: -200,
    exact: Some(-200),
};

/// Pin rule, any pinner. Rxd1 takes a rook; the pinner of Ne3 (Re1) is the piece that
/// moved, so Nxd1 is legal and trades rooks: 500 - 500 = 0 (Default, Classic, Exact).
/// Stockfish still sees a pinner on its square (Bb5, pinning Bd7), so every pinned black
/// piece sits out, Ne3 included, and White keeps the rook: +500 (+1276 in its values).
const ANY_PINNER_KEEPS_ALL_OUT: Row = Row {
    fen: "4k3/3b4/8/1B6/8/4n3/7K/3rR3 w - - 0 1",
    mv: "e1d1",
    stockfish: 1276,
    stockfish_std: 500,
    default: 0,
    classic: 0,
    exact: Some(0),
};

/// King rule, x-ray through the king's square. White is in check from Re8 and Rxe1 does
/// not answer it: a pseudo-legal move, the only kind where this rule can matter (see
/// `docs/rules.md`). Rxe1 wins a knight (+300), Bxe1 wins the rook back (-500).
/// Kxe1 would stand on the e-file that Re8 sees once the king has left e2: Default refuses
/// it and ends at 300 - 500 = -200. Stockfish (and Classic) look only at attackers that
/// reach e1 with the king still on e2, find none, and let the king take: 300 - 500 + 300 =
/// +100 (781 - 1276 + 825 = +330 in Stockfish's values).
const KING_XRAY: Row = Row {
    fen: "4r2k/8/8/8/7b/8/4K3/R3n3 w - - 0 1",
    mv: "a1e1",
    stockfish: 330,
    stockfish_std: 100,
    default: -200,
    classic: 100,
    exact: None,
};

#[test]
fn stockfish_vs_default_pinned_piece_on_the_line() {
    check_row(&PINNED_ON_THE_LINE);
    assert_ne!(PINNED_ON_THE_LINE.stockfish_std, PINNED_ON_THE_LINE.default);
}

#[test]
fn stockfish_vs_default_any_pinner_keeps_all_pinned_out() {
    check_row(&ANY_PINNER_KEEPS_ALL_OUT);
    assert_ne!(
        ANY_PINNER_KEEPS_ALL_OUT.stockfish_std,
        ANY_PINNER_KEEPS_ALL_OUT.default
    );
}

#[test]
fn stockfish_vs_default_king_xray() {
    check_row(&KING_XRAY);
    assert_ne!(KING_XRAY.stockfish_std, KING_XRAY.default);
}

/// En passant scores 0 in Stockfish. exd6 e.p. wins a pawn; Rxd6 would win it back, but
/// the captured pawn has left d5, so Rd1 now guards d6 and Rxd6 Rxd6 loses the rook:
/// Black stands pat and White keeps +100.
const EN_PASSANT: Row = Row {
    fen: "3r3k/8/8/3pP3/8/8/8/K2R4 w - d6 0 2",
    mv: "e5d6",
    stockfish: 0,
    stockfish_std: 0,
    default: 100,
    classic: 100,
    exact: Some(100),
};

/// Promotions score 0 in Stockfish. a8=Q on a square nobody guards gains 900 - 100.
const PROMOTION: Row = Row {
    fen: "7k/P7/8/8/8/8/8/K7 w - - 0 1",
    mv: "a7a8q",
    stockfish: 0,
    stockfish_std: 0,
    default: 800,
    classic: 800,
    exact: Some(800),
};

/// Castling scores 0 under every rule set, Exact included: not a difference, stated so
/// that the table covers all special moves.
const CASTLING: Row = Row {
    fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    mv: "e1g1",
    stockfish: 0,
    stockfish_std: 0,
    default: 0,
    classic: 0,
    exact: Some(0),
};

/// A pin that arises during the exchange. At the start Ne4 and Be7 both stand between
/// Re1 and Ke8, so neither is pinned. Nxg5 takes a knight and opens the file: now Be7 is
/// pinned and Bxg5 is illegal, so White keeps +300. Stockfish only knows the pins of the
/// starting position (and Classic none) and lets the bishop recapture: 300 - 300 = 0;
/// Default checks the line at the moment of each capture and agrees with Exact.
const PIN_ARISING: Row = Row {
    fen: "4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1",
    mv: "e4g5",
    stockfish: 0,
    stockfish_std: 0,
    default: 300,
    classic: 0,
    exact: Some(300),
};

/// Checks. Nxe6 uncovers Ba1 against Kh8. fxe6 does not answer the check, so Black
/// cannot recapture and White keeps the pawn: +100, as Default finds too. Stockfish and
/// Classic ignore the check: 100 - 300 = -200 (208 - 781 = -573 in Stockfish's values).
const DISCOVERED_CHECK: Row = Row {
    fen: "7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1",
    mv: "d4e6",
    stockfish: -573,
    stockfish_std: -200,
    default: 100,
    classic: -200,
    exact: Some(100),
};

/// A recapturing pawn on its last rank. Rxd8 takes a knight (+300); cxd8 takes the rook
/// and, in a real game, becomes a queen: 300 - 500 - 800 = -1000 (Default and Exact).
/// Stockfish and Classic keep it a pawn: 300 - 500 = -200 (781 - 1276 = -495).
const RECAPTURE_PROMOTION: Row = Row {
    fen: "3N3r/2P5/k7/8/8/8/8/K7 b - - 0 1",
    mv: "h8d8",
    stockfish: -495,
    stockfish_std: -200,
    default: -1000,
    classic: -200,
    exact: Some(-1000),
};

/// The king captures only as the last attacker. After Nxd5 (+300), the least valuable
/// recapture exd5 opens the diagonal g8-f7-e6-d5: Bxd5+ wins the pawn and Qg8 then
/// guards d5, so the king cannot take back: 300 - 300 + 100 = +100 for White (781 - 781 +
/// 208 = +208). Black does better with Kxd5 at once (legal: Bf7 is still blocked by e6),
/// which ends the exchange at 300 - 300 = 0.
const KING_FIRST: Row = Row {
    fen: "6Q1/5B2/2k1p3/3n4/8/2N5/8/7K w - - 0 1",
    mv: "c3d5",
    stockfish: 208,
    stockfish_std: 100,
    default: 100,
    classic: 100,
    exact: Some(0),
};

/// Order between equal attackers. After Nxe4 (+100 for Black), White has two bishops.
/// The fast rules take the one on the lower square, Bd3, which uncovers Bb1: Bd3xe4 Bxe4
/// Bf3xe4 Rxe4 gives Black 100 - 300 + 300 - 300 + 300 = +100, no better for White than
/// not recapturing at all: +100. Taking with Bf3 first keeps Bb1 shut: Bf3xe4 Rxe4 Bd3xe4
/// Bxe4 gives Black 100 - 300 + 300 - 500 + 300 = -100, and Black has nothing better on
/// the way (Exact: -100). In Stockfish's values the fast line would give Black
/// 208 - 781 + 825 - 825 + 825 = +252, so White does not recapture: +208.
const EQUAL_VALUE_ORDER: Row = Row {
    fen: "4r2k/8/5n2/K7/4P3/3B1B2/8/1b6 b - - 0 1",
    mv: "f6e4",
    stockfish: 208,
    stockfish_std: 100,
    default: 100,
    classic: 100,
    exact: Some(-100),
};

#[test]
fn stockfish_vs_exact_special_moves_score_zero() {
    for row in [&EN_PASSANT, &PROMOTION, &CASTLING] {
        check_row(row);
        assert_eq!(row.stockfish, 0);
    }
    assert_ne!(Some(EN_PASSANT.stockfish_std), EN_PASSANT.exact);
    assert_ne!(Some(PROMOTION.stockfish_std), PROMOTION.exact);
}

#[test]
fn stockfish_vs_exact_pinned_pieces() {
    for row in [&PINNED_ON_THE_LINE, &ANY_PINNER_KEEPS_ALL_OUT] {
        check_row(row);
        assert_ne!(Some(row.stockfish_std), row.exact);
    }
}

#[test]
fn stockfish_vs_exact_pin_arising_during_the_exchange() {
    check_row(&PIN_ARISING);
    assert_ne!(Some(PIN_ARISING.stockfish_std), PIN_ARISING.exact);
}

#[test]
fn stockfish_vs_exact_checks() {
    check_row(&DISCOVERED_CHECK);
    assert_ne!(Some(DISCOVERED_CHECK.stockfish_std), DISCOVERED_CHECK.exact);
}

#[test]
fn stockfish_vs_exact_recapture_promotion() {
    check_row(&RECAPTURE_PROMOTION);
    assert_ne!(
        Some(RECAPTURE_PROMOTION.stockfish_std),
        RECAPTURE_PROMOTION.exact
    );
}

#[test]
fn stockfish_vs_exact_king_captures_last() {
    check_row(&KING_FIRST);
    assert_ne!(Some(KING_FIRST.stockfish_std), KING_FIRST.exact);
}

#[test]
fn stockfish_vs_exact_equal_value_order() {
    check_row(&EQUAL_VALUE_ORDER);
    assert_ne!(
        Some(EQUAL_VALUE_ORDER.stockfish_std),
        EQUAL_VALUE_ORDER.exact
    );
}
