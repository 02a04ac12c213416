//! Property tests of the SEE core over random legal positions.
//!
//! Positions come from random play (a seeded xorshift picks the moves, captures favoured
//! so that exchanges get messy) from varied starts: the initial position, the first lines
//! of the opening and endgame books (their first lines, in testdata/), and hand-made positions rich in promotions,
//! en passant captures, pins and batteries. Every legal move of the position reached is
//! checked. proptest shrinks a failure to the fewest random plies.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::sync::OnceLock;
use swapoff::ablation::Part;
use swapoff::BoardQueries;
use swapoff::{
    Color, Move, PieceValues, PreparedBoard, Role, Rules, See, SeeBoard, Square, MAX_PIECE_VALUE,
};
use swapoff_lab::recursive;
use swapoff_lab::testing::{chess, cozy_move, cozy_of, testdata_lines, ENDGAMES, UHO};

/// Stockfish's rules held in a `const`, as an engine holds them, so that the rule set is
/// resolved when the test is compiled.
const STOCKFISH: See = See::new(Rules::Stockfish);

/// Hand-made starts for what random play from the books rarely reaches.
const EXTRA_STARTS: [&str; 8] = [
    // Pawns on both 7th ranks next to pieces to take: promotions and capture-promotions.
    "r1n1b1q1/1P1P1P1P/8/2k5/8/5K2/p1p1p1p1/1R1N1B1Q w - - 0 1",
    "1r1n1b1q/P1P1P1P1/8/3k4/8/4K3/1p1p1p1p/R1N1B1Q1 b - - 0 1",
    // Pawns ready to double-push beside enemy pawns: en passant on most moves.
    "r2qk2r/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/R2QK2R w KQkq - 0 1",
    "r2qk2r/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/R2QK2R b KQkq - 0 1",
    // En passant available now; the captured pawn hides the d1 rook from d6.
    "3r3k/8/8/3pP3/8/8/8/K2R4 w - d6 0 1",
    // Batteries and pins around the centre.
    "r3k2r/ppp2ppp/2nqbn2/2b1p3/2B1P3/2NQBN2/PPP2PPP/R3K2R w KQkq - 0 1",
    "3rr1k1/pp3ppp/2n1bq2/3p4/3P4/2NB1Q2/PP3PPP/3RR1K1 b - - 0 1",
    // Kings in the middle of the fight, few pieces: king recaptures.
    "8/3k4/2r1p3/3n4/2B1N3/3K4/4R3/8 w - - 0 1",
];

/// The start positions, read once.
fn starts() -> &'static [Chess] {
    static STARTS: OnceLock<Vec<Chess>> = OnceLock::new();
    STARTS.get_or_init(|| {
        let mut starts = vec![Chess::default()];
        let mut fens = testdata_lines(UHO, 8);
        fens.extend(testdata_lines(ENDGAMES, 8));
        fens.extend(EXTRA_STARTS.iter().map(|s| s.to_string()));
        starts.extend(fens.iter().map(|f| chess(f)));
        starts
    })
}

/// A small deterministic generator, seeded by proptest.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> XorShift {
        XorShift(seed | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn threshold(&mut self) -> i32 {
        (self.next() % 4001) as i32 - 2000
    }
}

/// Plays `plies` random legal moves from `start` (fewer if the game ends), preferring
/// captures half of the time.
fn random_position(start: &Chess, seed: u64, plies: usize) -> (Chess, XorShift) {
    let mut rng = XorShift::new(seed);
    let mut pos = start.clone();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && rng.next().is_multiple_of(2) {
            *captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos.play_unchecked(m);
    }
    (pos, rng)
}

fn fen(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Every legal move of `pos`, as shakmaty and swapoff moves.
fn moves(pos: &Chess) -> Vec<(shakmaty::Move, Move)> {
    pos.legal_moves()
        .iter()
        .map(|m| (*m, Move::try_from(m).expect("standard chess has no drops")))
        .collect()
}

fn see(rules: Rules) -> See {
    See::new(rules)
}

/// The standard strategy: a seed, a start and a number of random plies.
fn walk() -> impl Strategy<Value = (u64, usize, usize)> {
    (any::<u64>(), 0..starts().len(), 0usize..36)
}

/// A runner for `cases` cases; the `PROPTEST_CASES` environment variable overrides the
/// count (for long hunts by hand).
fn runner(cases: u32) -> TestRunner {
    let cases = if std::env::var_os("PROPTEST_CASES").is_some() {
        Config::default().cases
    } else {
        cases
    };
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

/// Runs `check` on the positions of `cases` random walks, with the walk's generator.
fn for_random_positions(
    cases: u32,
    check: impl Fn(&Chess, &mut XorShift) -> Result<(), TestCaseError>,
) {
    let starts = starts();
    let result = runner(cases).run(&walk(), |(seed, start, plies)| {
        let (pos, mut rng) = random_position(&starts[start], seed, plies);
        check(&pos, &mut rng)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// (a) `ge(m, t) == (value(m) >= t)` for thresholds around the value, 0 and a random one,
/// on the board and on a [`PreparedBoard`] of it (a board with a piece array, which `see_ge`
/// reads differently), and the same for the free functions of the default and the
/// Stockfish rules.
#[test]
fn ge_agrees_with_value() {
    for_random_positions(48, |pos, rng| {
        let cached = PreparedBoard::new(pos);
        for (_, mv) in moves(pos) {
            for rules in Rules::ALL {
                let s = see(rules);
                let v = s.value(pos, mv);
                prop_assert_eq!(s.value(&cached, mv), v, "{} {} {}", fen(pos), mv, rules);
                if rules == Rules::Default {
                    prop_assert_eq!(swapoff::see(pos, mv), v);
                    prop_assert_eq!(swapoff::see(&cached, mv), v);
                }
                if rules == Rules::Stockfish {
                    // The rule set held in a `const`, as an engine holds it.
                    prop_assert_eq!(STOCKFISH.value(pos, mv), v);
                    prop_assert_eq!(STOCKFISH.value(&cached, mv), v);
                }
                for t in [v - 1, v, v + 1, 0, rng.threshold()] {
                    let at = format!("{} {} {}: value {} threshold {}", fen(pos), mv, rules, v, t);
                    prop_assert_eq!(s.ge(pos, mv, t), v >= t, "{}", at);
                    prop_assert_eq!(s.ge(&cached, mv, t), v >= t, "{} (cached)", at);
                    if rules == Rules::Default {
                        prop_assert_eq!(swapoff::see_ge(pos, mv, t), v >= t, "{} (free)", at);
                        prop_assert_eq!(swapoff::see_ge(&cached, mv, t), v >= t, "{}", at);
                    }
                    if rules == Rules::Stockfish {
                        prop_assert_eq!(STOCKFISH.ge(pos, mv, t), v >= t, "{} (const)", at);
                        let cached_ge = STOCKFISH.ge(&cached, mv, t);
                        prop_assert_eq!(cached_ge, v >= t, "{} (const, cached)", at);
                    }
                }
                // The window clamps: exact inside, a bound outside.
                let (lo, hi) = (v - 50, v + 50);
                prop_assert_eq!(s.window(pos, mv, lo, hi), v);
                prop_assert_eq!(s.window(pos, mv, v + 1, v + 60), v + 1);
                prop_assert_eq!(s.window(pos, mv, v - 60, v - 1), v - 1);
            }
        }
        Ok(())
    });
}

/// (b) shakmaty and cozy-chess give the same move and the same value, for every rule set.
#[test]
fn adapters_agree() {
    for_random_positions(48, |pos, _| {
        let board = cozy_of(pos);
        for (m, mv) in moves(pos) {
            prop_assert_eq!(cozy_move(&board, &m), mv, "{} {}", fen(pos), mv);
            for rules in Rules::ALL {
                let s = see(rules);
                prop_assert_eq!(
                    s.value(pos, mv),
                    s.value(&board, mv),
                    "{} {} {}",
                    fen(pos),
                    mv,
                    rules
                );
            }
        }
        // The bitboards themselves agree.
        for c in [Color::White, Color::Black] {
            prop_assert_eq!(SeeBoard::by_color(pos, c), SeeBoard::by_color(&board, c));
            prop_assert_eq!(
                BoardQueries::king_square(pos, c),
                BoardQueries::king_square(&board, c)
            );
            prop_assert_eq!(SeeBoard::pins(pos, c), SeeBoard::pins(&board, c));
        }
        for r in Role::ALL {
            prop_assert_eq!(SeeBoard::by_role(pos, r), SeeBoard::by_role(&board, r));
        }
        Ok(())
    });
}

fn mirror_square(sq: Square) -> Square {
    Square::new((sq.index() ^ 56) as u8).expect("a square")
}

fn mirror_move(mv: Move) -> Move {
    Move {
        from: mirror_square(mv.from),
        to: mirror_square(mv.to),
        kind: mv.kind,
    }
}

/// Whether two pieces of one kind and one colour could ever both attack `mv.to` (on an
/// empty board, the moving piece aside). Only then does the "lowest square first"
/// tie-break choose between them, and only then can the fast rule sets' values differ
/// between a position and its colour mirror (the tie-break picks the a1 side in one and
/// the a8 side in the other, and x-rays behind the two pieces may differ). Without such a
/// pair, every choice is forced and mirroring must leave the value unchanged.
fn tie_possible(board: &Chess, mv: Move) -> bool {
    use shakmaty::attacks;
    let to = mv.to;
    let others = !mv.from.bit();
    [Color::White, Color::Black].into_iter().any(|c| {
        Role::ALL.into_iter().any(|role| {
            // Squares from which a piece of this kind and colour attacks `to`.
            // shakmaty's attack tables: independent of the library's.
            let at: shakmaty::Square = to.into();
            let reach = match role {
                Role::Pawn => attacks::pawn_attacks((!c).into(), at),
                Role::Knight => attacks::knight_attacks(at),
                Role::Bishop => attacks::bishop_attacks(at, shakmaty::Bitboard(0)),
                Role::Rook => attacks::rook_attacks(at, shakmaty::Bitboard(0)),
                Role::Queen => attacks::queen_attacks(at, shakmaty::Bitboard(0)),
                Role::King => attacks::king_attacks(at),
            }
            .0;
            let pieces = SeeBoard::by_role(board, role) & SeeBoard::by_color(board, c) & others;
            (reach & pieces).count_ones() > 1
        })
    })
}

/// (c) The colour-mirrored position gives the same values: always under `Exact` (it tries
/// every capture, so no tie-break exists), and under the fast rule sets whenever no
/// tie-break can be involved (see [`tie_possible`]).
#[test]
fn mirrored_positions_agree() {
    let mut compared = [0usize; 2];
    let counts = std::cell::RefCell::new(&mut compared);
    for_random_positions(40, |pos, _| {
        let mirrored: Chess = pos
            .to_setup(EnPassantMode::Legal)
            .into_mirrored()
            .position(CastlingMode::Standard)
            .map_err(|e| TestCaseError::fail(format!("mirror of {} refused: {e}", fen(pos))))?;
        for (_, mv) in moves(pos) {
            let mm = mirror_move(mv);
            let tie = tie_possible(pos, mv);
            counts.borrow_mut()[usize::from(tie)] += 1;
            for rules in Rules::ALL {
                if tie && rules != Rules::Exact {
                    continue;
                }
                let s = see(rules);
                prop_assert_eq!(
                    s.value(pos, mv),
                    s.value(&mirrored, mm),
                    "{} {} vs mirror {} {} under {}",
                    fen(pos),
                    mv,
                    fen(&mirrored),
                    mm,
                    rules
                );
            }
        }
        Ok(())
    });
    eprintln!(
        "mirror: {} moves compared under every rule set, {} under Exact only",
        compared[0], compared[1]
    );
    // The filter must leave most moves in: otherwise the property says little.
    assert!(
        compared[0] > compared[1],
        "only {} of {} moves were free of ties",
        compared[0],
        compared[0] + compared[1]
    );
}

/// Why (c) leaves ties out: here the two white rooks b5 and e6 both guard e5 after
/// ...Ne5, and a black rook stands behind e6 on the e-file. Lowest square first, White
/// takes with Rb5 first: Rbxe5 Qxe5 Rxe5 Rxe5 leaves Black at -200 (as the exact search
/// finds: Re6 first would let Re8 join early). In the colour mirror the same tie-break
/// picks the rook with the enemy rook behind it (its square is now the lower one), and the
/// fast value becomes 0. Exact, which tries both rooks, gives -200 on both sides.
#[test]
fn tie_break_is_not_mirror_symmetric() {
    let pos = chess("3rrk2/pp3pp1/4R2p/1R6/8/2q2n2/PPB2PPP/7K b - - 2 6");
    let mv = swapoff_lab::testing::see_move(&pos, "f3e5").expect("legal");
    let mirrored = chess("7k/ppb2ppp/2Q2N2/8/1r6/4r2P/PP3PP1/3RRK2 w - - 2 6");
    let mm = swapoff_lab::testing::see_move(&mirrored, "f6e4").expect("legal");
    assert_eq!(mirror_move(mv), mm);
    assert!(tie_possible(&pos, mv));
    let t = see(Rules::Default).trace(&pos, mv);
    let froms: Vec<String> = t.captures.iter().map(|c| c.from.to_string()).collect();
    assert_eq!(froms, ["f3", "b5", "c3", "e6", "e8"]);
    assert_eq!(t.value, -200);
    let tm = see(Rules::Default).trace(&mirrored, mm);
    let froms: Vec<String> = tm.captures.iter().map(|c| c.from.to_string()).collect();
    assert_eq!(froms, ["f6", "e3", "e1", "b4", "c6"]);
    assert_eq!(tm.value, 0);
    assert_eq!(see(Rules::Exact).value(&pos, mv), -200);
    assert_eq!(see(Rules::Exact).value(&mirrored, mm), -200);
}

/// Ordered random piece values, from 1 up to [`MAX_PIECE_VALUE`].
fn values_strategy() -> impl Strategy<Value = PieceValues> {
    prop::collection::vec(1..=MAX_PIECE_VALUE, 5).prop_map(|mut v| {
        v.sort_unstable();
        PieceValues::new(
            v[0].into(),
            v[1].into(),
            v[2].into(),
            v[3].into(),
            v[4].into(),
        )
        .expect("sorted values in range")
    })
}

/// (d) The slow recursive oracle agrees with the fast code, for the three fast rule
/// sets, with the standard values, Stockfish's, and random ordered ones.
#[test]
fn recursive_oracle_agrees() {
    let starts = starts();
    let small_values = (
        1i64..=1500,
        0i64..=500,
        0i64..=100,
        0i64..=1000,
        0i64..=2000,
    )
        .prop_map(|(p, n, b, r, q)| {
            PieceValues::new(p, p + n, p + n + b, p + n + b + r, p + n + b + r + q)
                .expect("ordered values")
        });
    let strategy = (walk(), small_values);
    let result = runner(48).run(&strategy, |((seed, start, plies), custom)| {
        let (pos, _) = random_position(&starts[start], seed, plies);
        for (_, mv) in moves(&pos) {
            for values in [PieceValues::STANDARD, PieceValues::STOCKFISH, custom] {
                for rules in Rules::FAST {
                    prop_assert_eq!(
                        See::new(rules).with_values(values).value(&pos, mv),
                        recursive::see(&pos, mv, rules, &values),
                        "{} {} under {} with {}",
                        fen(&pos),
                        mv,
                        rules,
                        values
                    );
                }
                // The default rules' parts too (the match harness's ablation).
                for part in Part::ALL {
                    prop_assert_eq!(
                        See::part(part).with_values(values).value(&pos, mv),
                        recursive::see_part(&pos, mv, part, &values),
                        "{} {} under {} with {}",
                        fen(&pos),
                        mv,
                        part,
                        values
                    );
                }
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// (e) The trace's value is the value, its negamax starts with it, and its lists have
/// the documented shapes.
#[test]
fn trace_agrees_with_value() {
    for_random_positions(40, |pos, _| {
        for (_, mv) in moves(pos) {
            for rules in Rules::ALL {
                let s = see(rules);
                let v = s.value(pos, mv);
                let t = s.trace(pos, mv);
                let at = format!("{} {} {}:\n{t}", fen(pos), mv, rules);
                prop_assert_eq!(t.value, v, "{}", at);
                prop_assert_eq!(t.negamax.first().copied(), Some(v), "{}", at);
                prop_assert_eq!(t.gains.len(), t.captures.len() + 1, "{}", at);
                prop_assert_eq!(t.negamax.len(), t.gains.len(), "{}", at);
                prop_assert!(t.played >= 1 && t.played <= t.captures.len(), "{}", at);
                prop_assert_eq!(t.captures[0].from, mv.from, "{}", at);
                for (d, c) in t.captures.iter().enumerate() {
                    prop_assert_eq!(c.to, mv.to, "{}", at);
                    // Sides alternate, starting with the mover.
                    let mover = BoardQueries::color_on(pos, mv.from);
                    let side = if d % 2 == 0 { mover } else { mover.map(|m| !m) };
                    prop_assert_eq!(Some(c.side), side, "{}", at);
                }
            }
        }
        Ok(())
    });
}

/// (f) Extreme thresholds and extreme piece values: no panic (debug builds check
/// overflow), and the answers stay consistent.
#[test]
fn extremes_are_consistent() {
    let starts = starts();
    let strategy = (walk(), values_strategy());
    let result = runner(32).run(&strategy, |((seed, start, plies), random)| {
        let (pos, _) = random_position(&starts[start], seed, plies);
        let m = MAX_PIECE_VALUE;
        let all_max = PieceValues::new(m.into(), m.into(), m.into(), m.into(), m.into())
            .expect("equal maximal values");
        let pawn_cheap =
            PieceValues::new(1, m.into(), m.into(), m.into(), m.into()).expect("ordered");
        let queen_dear = PieceValues::new(1, 1, 1, 1, m.into()).expect("ordered");
        for (_, mv) in moves(&pos) {
            for rules in Rules::ALL {
                for values in [
                    rules.default_values(),
                    all_max,
                    pawn_cheap,
                    queen_dear,
                    random,
                ] {
                    let s = See::new(rules).with_values(values);
                    let v = s.value(&pos, mv);
                    let at = format!("{} {} {} {}", fen(&pos), mv, rules, values);
                    prop_assert!(s.ge(&pos, mv, i32::MIN), "{}", at);
                    prop_assert!(!s.ge(&pos, mv, i32::MAX), "{}", at);
                    prop_assert_eq!(s.ge(&pos, mv, i32::MIN + 1), v > i32::MIN, "{}", at);
                    prop_assert_eq!(s.ge(&pos, mv, i32::MAX - 1), v >= i32::MAX - 1, "{}", at);
                    for t in [v, v + 1, v - 1] {
                        prop_assert_eq!(s.ge(&pos, mv, t), v >= t, "{} t={}", at, t);
                    }
                    prop_assert_eq!(s.window(&pos, mv, i32::MIN, i32::MAX), v, "{}", at);
                    // Degenerate windows answer without panicking.
                    let _ = s.window(&pos, mv, i32::MAX, i32::MIN);
                    let _ = s.window(&pos, mv, i32::MAX - 1, i32::MAX);
                    let _ = s.window(&pos, mv, i32::MIN, i32::MIN + 1);
                    // No exchange moves more than every piece's worth (32 pieces, each a
                    // queen at most, plus 16 promotions).
                    prop_assert!(v.unsigned_abs() <= 64 * m.unsigned_abs(), "{}", at);
                    let t = s.trace(&pos, mv);
                    prop_assert_eq!(t.value, v, "{}", at);
                    if rules != Rules::Exact {
                        prop_assert_eq!(recursive::see(&pos, mv, rules, &values), v, "{}", at);
                    }
                }
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The oracle never panics on moves that make no sense: empty origin squares, a piece
/// taking its own side's piece, moves of the side not to move, bogus kinds.
#[test]
fn nonsense_moves_do_not_panic() {
    for pos in starts() {
        for from in (0u8..64).filter_map(Square::new) {
            for to in (0u8..64).step_by(7).filter_map(Square::new) {
                for mv in [
                    Move::normal(from, to),
                    Move::en_passant(from, to),
                    Move::promotion(from, to, Role::Queen),
                    Move::promotion(from, to, Role::King),
                    Move::castle(from, to),
                ] {
                    for rules in Rules::ALL {
                        let v = recursive::see(pos, mv, rules, &rules.default_values());
                        if SeeBoard::role_on(pos, from).is_none() {
                            assert_eq!(v, 0, "{} {mv} {rules}", fen(pos));
                        }
                        let _ = See::new(rules).value(pos, mv);
                    }
                }
            }
        }
    }
}

/// Boards no game can reach (no kings, three kings, pawns on the last ranks) are fine
/// for the oracle and the library alike: it agrees with the fast code.
#[test]
fn odd_boards_do_not_panic() {
    let boards = [
        "8/8/8/3p4/8/8/8/3R4",
        "3r4/8/8/3p4/2P5/8/8/3RK3",
        "kkk5/8/3q4/3p4/4P3/8/8/KKKQ4",
        "P3p3/8/8/8/8/8/8/4p2P",
        "8/8/8/8/8/8/8/8",
    ];
    for text in boards {
        let board: shakmaty::Board = text.parse().expect("a board FEN");
        for from in (0u8..64).filter_map(Square::new) {
            for to in (0u8..64).filter_map(Square::new) {
                for mv in [
                    Move::normal(from, to),
                    Move::promotion(from, to, Role::Queen),
                ] {
                    for rules in Rules::FAST {
                        let values = rules.default_values();
                        let slow = recursive::see(&board, mv, rules, &values);
                        let fast = See::new(rules).value(&board, mv);
                        let own_piece_on_target = BoardQueries::color_on(&board, to).is_some()
                            && BoardQueries::color_on(&board, to)
                                == BoardQueries::color_on(&board, from);
                        let empty_origin = SeeBoard::role_on(&board, from).is_none();
                        // A move from an empty square, onto its own piece or onto itself
                        // has no meaning (the fast code does not even look whether a
                        // piece stands on the origin of a normal move); the rest must
                        // agree.
                        if from != to && !own_piece_on_target && !empty_origin {
                            assert_eq!(fast, slow, "{text} {mv} {rules}");
                        }
                    }
                }
            }
        }
    }
}

/// A [`PreparedBoard`] answers `pawn_promotes_capturing_on` from its own bitboard of squares
/// (pawn shifts) as the board does from its attack tables, on every square, files a and h
/// included.
#[test]
fn cached_promotion_squares_agree() {
    for_random_positions(48, |pos, _| {
        let cached = PreparedBoard::new(pos);
        for sq in (0u8..64).filter_map(Square::new) {
            prop_assert_eq!(
                cached.pawn_promotes_capturing_on(sq),
                pos.pawn_promotes_capturing_on(sq),
                "{} {}",
                fen(pos),
                sq
            );
        }
        Ok(())
    });
    // White pawns on a7 and h7, a black one on a2: b8, g8 and b1, nothing else.
    let pos = swapoff_lab::testing::position("7k/P6P/8/8/8/8/p7/K7 w - - 0 1").unwrap();
    let cached = PreparedBoard::new(&pos);
    let found: Vec<String> = (0u8..64)
        .filter_map(Square::new)
        .filter(|&sq| cached.pawn_promotes_capturing_on(sq))
        .map(|sq| sq.to_string())
        .collect();
    assert_eq!(found, ["b1", "b8", "g8"]);
}
