//! `Rules::Exact` on hand-checked tricky positions, against an independent legal minimax
//! built on shakmaty's move generator, and the relations between rule sets that really
//! hold.
//!
//! Every hand case states its value with the reasoning that gives it (values P=100,
//! N=B=300, R=500, Q=900). The oracle `legal_exchange` knows nothing of swapoff: it plays
//! the move with shakmaty and then searches every legal capture on the target square
//! (shakmaty decides legality: pins, checks, king safety), with stand-pat for both sides.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position, Role};
use swapoff::{Move, PieceValues, PreparedBoard, Rules, See};

mod common;
use common::{placement, testdata_lines, Rng, ENDGAMES, PAIRS, UHO};

fn parse(fen: &str) -> Chess {
    common::board(fen).unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn legal_move(pos: &Chess, uci: &str) -> shakmaty::Move {
    let parsed: UciMove = uci.parse().expect("valid UCI in the table");
    parsed
        .to_move(pos)
        .unwrap_or_else(|e| panic!("{uci} is not legal in {}: {e}", fen_of(pos)))
}

fn see_move(m: &shakmaty::Move) -> Move {
    Move::try_from(m).expect("standard chess moves always convert")
}

fn value_of(role: Role, v: &PieceValues) -> i32 {
    match role {
        Role::Pawn => v.pawn(),
        Role::Knight => v.knight(),
        Role::Bishop => v.bishop(),
        Role::Rook => v.rook(),
        Role::Queen => v.queen(),
        Role::King => 0,
    }
}

/// Material a move wins by itself: the captured piece plus what a promotion adds.
fn gain(m: &shakmaty::Move, v: &PieceValues) -> i32 {
    if m.is_castle() {
        return 0;
    }
    m.capture().map_or(0, |r| value_of(r, v))
        + m.promotion().map_or(0, |r| value_of(r, v) - v.pawn())
}

/// The oracle: the best the side to move in `pos` can win by capturing on `to` (or 0 by
/// not capturing), both sides playing any legal capture on `to`. Alpha-beta over shakmaty's
/// legal captures; fail-soft, exact inside `(alpha, beta)`.
fn best_on_square(
    pos: &Chess,
    to: shakmaty::Square,
    v: &PieceValues,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    let mut best = 0;
    if best >= beta {
        return best;
    }
    alpha = alpha.max(best);
    for m in pos.capture_moves() {
        // En passant lands beside the pawn it takes, never on the contested square.
        if m.to() != to || m.is_en_passant() {
            continue;
        }
        let g = gain(&m, v);
        let mut next = pos.clone();
        next.play_unchecked(m);
        let score = g - best_on_square(&next, to, v, g - beta, g - alpha);
        if score > best {
            best = score;
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
    }
    best
}

/// Exact SEE of a legal move by the oracle.
fn legal_exchange(pos: &Chess, m: &shakmaty::Move, v: &PieceValues) -> i32 {
    if m.is_castle() {
        return 0;
    }
    let mut next = pos.clone();
    next.play_unchecked(*m);
    gain(m, v) - best_on_square(&next, m.to(), v, -1_000_000, 1_000_000)
}

/// One hand-checked position.
struct Case {
    fen: &'static str,
    mv: &'static str,
    exact: i32,
    /// `Rules::Default`, where the comment says Default gets it wrong (or right, to show
    /// it is not the rule at fault).
    default: Option<i32>,
}

/// Checks Exact's value, its threshold test and window at and around the value, the
/// oracle, and Default's value where stated.
fn check(case: &Case) {
    let pos = parse(case.fen);
    let m = legal_move(&pos, case.mv);
    let mv = see_move(&m);
    let what = format!("{} ; {}", case.fen, case.mv);
    let exact = See::new(Rules::Exact);
    let v = exact.value(&pos, mv);
    assert_eq!(v, case.exact, "Rules::Exact, {what}");
    assert_eq!(
        legal_exchange(&pos, &m, &PieceValues::STANDARD),
        case.exact,
        "oracle, {what}"
    );
    for t in [v - 100, v - 1, v] {
        assert!(exact.ge(&pos, mv, t), "ge({t}) must hold, {what}");
    }
    for t in [v + 1, v + 100] {
        assert!(!exact.ge(&pos, mv, t), "ge({t}) must fail, {what}");
    }
    assert_eq!(exact.window(&pos, mv, v - 10, v + 10), v);
    assert_eq!(exact.window(&pos, mv, v + 1, v + 10), v + 1);
    assert_eq!(exact.window(&pos, mv, v - 10, v - 1), v - 1);
    if let Some(d) = case.default {
        assert_eq!(
            See::new(Rules::Default).value(&pos, mv),
            d,
            "Rules::Default, {what}"
        );
        // A PreparedBoard keeps the squares where pins and discovered checks can arise, a
        // smaller set than the king's lines: the same answers, threshold tests included.
        let cached = PreparedBoard::new(&pos);
        assert_eq!(swapoff::see(&cached, mv), d, "PreparedBoard, {what}");
        assert!(
            swapoff::see_ge(&cached, mv, d),
            "PreparedBoard, ge({d}), {what}"
        );
        assert!(
            !swapoff::see_ge(&cached, mv, d + 1),
            "PreparedBoard, ge({}), {what}",
            d + 1
        );
    }
}

// --- Pins ---------------------------------------------------------------------------------

/// Across the line: Nxe5 wins a pawn. Nd7 attacks e5 but is pinned by Bb5 against Ke8;
/// leaving the diagonal b5-e8 exposes the king, so Black has no legal recapture: +100.
/// (Classic ignores the pin: 100 - 300 = -200.)
const PIN_ACROSS: Case = Case {
    fen: "4k3/3n4/8/1B2p3/8/5N2/8/6K1 w - - 0 1",
    mv: "f3e5",
    exact: 100,
    default: Some(100),
};

/// Along the line: Nc3 lands between the pinned pawn b2 and its pinner Bd4. bxc3 keeps the
/// pawn on the diagonal a1-d4, so it is legal and wins the knight; Bxc3+ takes the pawn;
/// Ka1 cannot reach c3. Black: 0 - 300 + 100 = -200, and White does want to capture.
const PIN_ALONG: Case = Case {
    fen: "7k/8/8/8/3bn3/8/1P6/K7 b - - 0 1",
    mv: "e4c3",
    exact: -200,
    default: Some(-200),
};

/// Along the line, against the piece that pins: Qxe4 takes a pawn (+100) and now pins Re6
/// against Ke8 from e4, but a pinned piece may take its pinner: Rxe4 stays on the e-file.
/// White has nothing left: 100 - 900 = -800.
const PIN_TAKE_THE_PINNER: Case = Case {
    fen: "4k3/8/4r3/8/4p3/8/8/K3Q3 w - - 0 1",
    mv: "e1e4",
    exact: -800,
    default: Some(-800),
};

/// A pin that only arises during the exchange: at the start Ne4 and Be7 both block the
/// e-file between Re1 and Ke8, so neither is pinned. Nxg5 (+300) removes one of them, and
/// Bxg5 would now expose the king: illegal, White keeps +300. Default looks at the line
/// through the recapturing piece as it stands at that moment, so it sees this pin too.
const PIN_ARISING: Case = Case {
    fen: "4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1",
    mv: "e4g5",
    exact: 300,
    default: Some(300),
};

/// A pin that arises when the enemy piece that shielded the line leaves it to recapture:
/// Ne3 and Ne5 both stand between Re8 and Ke1. Bxc4 (+100), Nxc4 from e5 (-300) opens
/// the e-file, and Ne3xc4 would now expose the king. White ends on -200; a fast rule set
/// that keeps the starting pins lets the knight take back and stops at +100.
const PIN_BY_THE_LEAVING_BLOCKER: Case = Case {
    fen: "4r2k/8/8/4n3/2p5/4N3/B7/4K3 w - - 0 1",
    mv: "a2c4",
    exact: -200,
    default: Some(-200),
};

#[test]
fn pins_along_and_across_the_line() {
    check(&PIN_ACROSS);
    check(&PIN_ALONG);
    check(&PIN_TAKE_THE_PINNER);
}

/// Classic ignores pins: in `PIN_ACROSS` it lets the pinned Nd7 take back, 100 - 300.
#[test]
fn classic_lets_pinned_pieces_recapture() {
    let pos = parse(PIN_ACROSS.fen);
    let mv = see_move(&legal_move(&pos, PIN_ACROSS.mv));
    assert_eq!(See::new(Rules::Classic).value(&pos, mv), -200);
    assert_eq!(
        See::new(Rules::Stockfish)
            .with_values(PieceValues::STANDARD)
            .value(&pos, mv),
        100
    );
}

#[test]
fn pin_arising_during_the_exchange() {
    check(&PIN_ARISING);
    check(&PIN_BY_THE_LEAVING_BLOCKER);
    // Classic knows no pins at all and takes back with the pinned knight.
    let pos = parse(PIN_BY_THE_LEAVING_BLOCKER.fen);
    let mv = see_move(&legal_move(&pos, PIN_BY_THE_LEAVING_BLOCKER.mv));
    assert_eq!(See::new(Rules::Classic).value(&pos, mv), 100);
}

// --- Checks -------------------------------------------------------------------------------

/// Nxe6 uncovers Ba1 against Kh8. fxe6 does not answer that check, so it is illegal and
/// White keeps the pawn: +100. Default sees the discovered check too (Classic and
/// Stockfish do not: 100 - 300 = -200).
const DISCOVERED_CHECK: Case = Case {
    fen: "7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1",
    mv: "d4e6",
    exact: 100,
    default: Some(100),
};

/// Double check: Nxe7+ checks g8 with the knight and uncovers Ba2 (a2-g8 diagonal).
/// Qxe7 takes one checker but not the other, so it is illegal; the king cannot reach e7:
/// +100, under Default too.
const DOUBLE_CHECK: Case = Case {
    fen: "3q2k1/4p3/8/3N4/8/8/B7/6K1 w - - 0 1",
    mv: "d5e7",
    exact: 100,
    default: Some(100),
};

/// The recapture gives the check: Nxd5 (+100), Nxd5 uncovers Ba7 against Kg1, and exd5
/// would leave the king in check: 100 - 300 = -200. (Without the check rule: +100.)
const RECAPTURE_DISCOVERS_CHECK: Case = Case {
    fen: "7k/b7/8/3p4/4P3/2N1n3/8/6K1 w - - 0 1",
    mv: "c3d5",
    exact: -200,
    default: Some(-200),
};

/// En passant empties two squares of the fifth rank: exd6 uncovers Ra5 against Kh5, so
/// Nxd6 is illegal and White keeps the pawn: +100. (Without the check rule: 0.)
const EN_PASSANT_DISCOVERS_CHECK: Case = Case {
    fen: "2n5/8/8/R2pP2k/8/8/8/K7 w - d6 0 2",
    mv: "e5d6",
    exact: 100,
    default: Some(100),
};

/// A discovered check that the king answers by recapturing: Nxe7 uncovers Ba2 against
/// Kf7, and Kxe7 takes the knight on a square no white piece guards: 100 - 300 = -200.
const KING_ANSWERS_DISCOVERED_CHECK: Case = Case {
    fen: "8/4pk2/8/3N4/8/8/B7/6K1 w - - 0 1",
    mv: "d5e7",
    exact: -200,
    default: Some(-200),
};

/// A check that the capture answers: Bxf7+ and Kxf7 takes the checker on a square no
/// white piece guards: 100 - 300 = -200.
const CHECK_ANSWERED: Case = Case {
    fen: "6k1/5p2/8/8/2B5/8/8/6K1 w - - 0 1",
    mv: "c4f7",
    exact: -200,
    default: Some(-200),
};

/// The mover starts in check (Nd3+) and answers it by capturing the checker: Bxd3 (+300),
/// cxd3 (-300); nothing else reaches d3: 0.
const START_IN_CHECK: Case = Case {
    fen: "4k3/8/8/8/2p5/3n4/8/4KB2 w - - 0 1",
    mv: "f1d3",
    exact: 0,
    default: Some(0),
};

#[test]
fn checks_restrict_recaptures() {
    check(&DISCOVERED_CHECK);
    check(&DOUBLE_CHECK);
    check(&RECAPTURE_DISCOVERS_CHECK);
    check(&EN_PASSANT_DISCOVERS_CHECK);
    check(&KING_ANSWERS_DISCOVERED_CHECK);
    check(&CHECK_ANSWERED);
    check(&START_IN_CHECK);
}

// --- Promotions ---------------------------------------------------------------------------

/// A recapturing pawn promotes: Rxd8 takes a knight (+300), cxd8=Q takes the rook and
/// becomes a queen (-500 - 800); the king on a6 is too far: -1000.
const RECAPTURE_PROMOTION: Case = Case {
    fen: "3N3r/2P5/k7/8/8/8/8/K7 b - - 0 1",
    mv: "h8d8",
    exact: -1000,
    default: Some(-1000),
};

#[test]
fn recapturing_pawn_promotes() {
    check(&RECAPTURE_PROMOTION);
}

/// Promotion choice. Why a queen is never worse than an under-promotion in an exchange
/// scored by material: say the promotion puts a piece worth `X` on the square and wins `c`.
/// Whether a capture of that piece is legal, and everything after it, does not depend on
/// what the piece was (legality is judged on the position after the capture, where the
/// piece is gone). So the opponent's best reply is `max(0, X - m)` with `m` independent of
/// `X`, and the mover gets `c - P + X - max(0, X - m) = c - P + min(X, m)`: never less
/// for a bigger `X`. Under-promotion can tie (here a rook ties the queen, a bishop ties a
/// knight), never win. The same holds for a recapturing pawn, which Exact lets promote to
/// the best piece.
#[test]
fn promotion_choice_ties_but_never_beats_a_queen() {
    // a8 guarded by Rb8, with Ra1 behind the pawn: the opponent takes the new piece only if
    // it is worth more than the rook it then loses, so m = 500 and the value is
    // -100 + min(X, 500).
    let guarded = "1r5k/P7/8/8/8/8/8/R6K w - - 0 1";
    for (mv, want) in [
        ("a7a8q", 400),
        ("a7a8r", 400),
        ("a7a8b", 200),
        ("a7a8n", 200),
        // Capturing the guard leaves nothing to recapture: 500 + X - 100.
        ("a7b8q", 1300),
        ("a7b8n", 700),
    ] {
        check(&Case {
            fen: guarded,
            mv,
            exact: want,
            default: None,
        });
    }
    // Nobody guards a8: m is unbounded and the value is X - 100.
    for (mv, want) in [("a7a8q", 800), ("a7a8r", 400), ("a7a8n", 200)] {
        check(&Case {
            fen: "7k/P7/8/8/8/8/8/K7 w - - 0 1",
            mv,
            exact: want,
            default: Some(want),
        });
    }
}

// --- En passant ---------------------------------------------------------------------------

/// The captured pawn leaves d5, which opens the d-file behind it. exd6 (+100): Rxd6 would
/// win the pawn back, but Rd1 now guards d6 through d5, so Black would lose the rook:
/// Black stands pat, +100.
const EP_XRAY_OWN_ROOK: Case = Case {
    fen: "3r3k/8/8/3pP3/8/8/8/K2R4 w - d6 0 2",
    mv: "e5d6",
    exact: 100,
    default: Some(100),
};

/// Same opening of the d-file, to Black's benefit: after exd6 e.p. Black's Rd1 reaches d6
/// through d5 and takes the pawn back: 100 - 100 = 0.
const EP_XRAY_ENEMY_ROOK: Case = Case {
    fen: "7k/8/8/3pP3/8/8/K7/3r4 w - d6 0 2",
    mv: "e5d6",
    exact: 0,
    default: Some(0),
};

#[test]
fn en_passant_opens_the_file_behind_the_captured_pawn() {
    check(&EP_XRAY_OWN_ROOK);
    check(&EP_XRAY_ENEMY_ROOK);
}

// --- King recaptures ----------------------------------------------------------------------

/// Rxe7+ with Re1 behind: once the e2 rook has left, Re1 guards e7, so Kxe7 is illegal
/// and Black has no other capture: +300.
const KING_INTO_DEFENDED: Case = Case {
    fen: "4k3/4n3/8/8/8/8/4R3/4R1K1 w - - 0 1",
    mv: "e2e7",
    exact: 300,
    default: Some(300),
};

/// Without the second rook e7 is unguarded and Kxe7 is legal: 300 - 500 = -200.
const KING_INTO_UNDEFENDED: Case = Case {
    fen: "4k3/4n3/8/8/8/8/4R3/6K1 w - - 0 1",
    mv: "e2e7",
    exact: -200,
    default: Some(-200),
};

/// e7 guarded only by a pinned piece: Nc6 is pinned to Ka8 by Bd5 and may not move, but
/// it still gives check, so Kxe7 is illegal: +300.
const KING_VS_PINNED_GUARD: Case = Case {
    fen: "K3k3/4n3/2N5/3b4/8/8/4R3/8 w - - 0 1",
    mv: "e2e7",
    exact: 300,
    default: Some(300),
};

#[test]
fn king_recaptures_only_onto_unguarded_squares() {
    check(&KING_INTO_DEFENDED);
    check(&KING_INTO_UNDEFENDED);
    check(&KING_VS_PINNED_GUARD);
}

// --- Better than the least valuable attacker ----------------------------------------------

/// After Nxe4 (+100 for Black) the least valuable recapture, dxe4, uncovers Bb1: Bxe4
/// Nxe4 Rxe4 leaves Black 100 - 300 + 100 - 300 + 300 = -100. Nxe4 instead keeps d3 in
/// the way: Black's Rxe4 would lose the rook to dxe4 (and Bxe4 after it only gets a pawn
/// back), so Black stops at 100 - 300 = -200. Default plays least valuable first: -100.
const NOT_LEAST_VALUABLE: Case = Case {
    fen: "4r2k/8/5n2/K7/4P3/2NP4/8/1b6 b - - 0 1",
    mv: "f6e4",
    exact: -200,
    default: Some(-100),
};

/// The mover's own recapture: Bxe4 (+100) Nxe4 (-300), and then dxe4, the least valuable,
/// uncovers Bb1 (Bxe4 Nxe4 Rxe4: White ends at 0). Nxe4 keeps d3 in the way: Rxe4 would
/// lose the rook to dxe4, so Black stops and White keeps +100. Default: 0.
const MOVER_NOT_LEAST_VALUABLE: Case = Case {
    fen: "4r2k/8/5n2/K7/4p3/2NP4/6B1/1b6 w - - 0 1",
    mv: "g2e4",
    exact: 100,
    default: Some(0),
};

/// Two bishops of equal value: the fast rules take the one on the lower square (d3),
/// which uncovers Bb1, and Black ends at +100. Bf3 first: Bf3xe4 Rxe4 Bd3xe4 Bxe4 gives
/// Black 100 - 300 + 300 - 500 + 300 = -100.
const EQUAL_VALUE_ORDER: Case = Case {
    fen: "4r2k/8/5n2/K7/4P3/3B1B2/8/1b6 b - - 0 1",
    mv: "f6e4",
    exact: -100,
    default: Some(100),
};

/// The king first: after Nxd5, exd5 opens the diagonal to Qg8 behind Bf7, so Bxd5+ wins
/// the pawn and the king cannot take back (White +100). Kxd5 at once, while e6 still
/// blocks, ends the exchange at 0. Default tries the king last: +100.
const KING_FIRST: Case = Case {
    fen: "6Q1/5B2/2k1p3/3n4/8/2N5/8/7K w - - 0 1",
    mv: "c3d5",
    exact: 0,
    default: Some(100),
};

#[test]
fn exact_beats_least_valuable_attacker_order() {
    check(&NOT_LEAST_VALUABLE);
    check(&MOVER_NOT_LEAST_VALUABLE);
    check(&EQUAL_VALUE_ORDER);
    check(&KING_FIRST);
}

// --- Relations between rule sets ----------------------------------------------------------

/// No fast rule set is a bound on Exact in either direction: for each, a hand case above
/// has Exact above it and another has Exact below it (same values: 100/300/300/500/900).
#[test]
fn no_fast_rule_set_bounds_exact() {
    let cases = [
        &PIN_ACROSS,
        &PIN_ALONG,
        &PIN_ARISING,
        &PIN_BY_THE_LEAVING_BLOCKER,
        &DISCOVERED_CHECK,
        &DOUBLE_CHECK,
        &RECAPTURE_PROMOTION,
        &NOT_LEAST_VALUABLE,
        &MOVER_NOT_LEAST_VALUABLE,
        &EQUAL_VALUE_ORDER,
        &KING_FIRST,
    ];
    for rules in Rules::FAST {
        let see = See::new(rules).with_values(PieceValues::STANDARD);
        let (mut above, mut below) = (false, false);
        for case in cases {
            let pos = parse(case.fen);
            let mv = see_move(&legal_move(&pos, case.mv));
            let fast = see.value(&pos, mv);
            above |= case.exact > fast;
            below |= case.exact < fast;
        }
        assert!(above && below, "{rules}: above {above}, below {below}");
    }
}

/// A random legal position with the kings and `pieces` other pieces crowded together;
/// pawns often stand one step from promotion. `None` if the placement is illegal.
fn random_crowded(rng: &mut Rng, pieces: usize) -> Option<Chess> {
    let mut board = [None::<char>; 64];
    let (cf, cr) = (rng.range(1, 6), rng.range(1, 6));
    let mut place = |rng: &mut Rng, c: char, spread: i32, rank: Option<i32>| {
        for _ in 0..20 {
            let f = (cf + rng.range(-spread, spread)).clamp(0, 7);
            let r = rank.unwrap_or_else(|| (cr + rng.range(-spread, spread)).clamp(0, 7));
            let s = (r * 8 + f) as usize;
            let pawn = c.eq_ignore_ascii_case(&'p');
            if board[s].is_none() && !(pawn && (r == 0 || r == 7)) {
                board[s] = Some(c);
                return true;
            }
        }
        false
    };
    if !place(rng, 'K', 3, None) || !place(rng, 'k', 3, None) {
        return None;
    }
    const KINDS: &[u8] = b"PPPNNBBRRQpppnnbbrrq";
    for _ in 0..pieces {
        let c = KINDS[rng.below(KINDS.len() as u64) as usize] as char;
        let rank = match c {
            'P' if rng.below(3) == 0 => Some(6),
            'p' if rng.below(3) == 0 => Some(1),
            _ => None,
        };
        let spread = if rng.below(5) == 0 { 7 } else { 2 };
        place(rng, c, spread, rank);
    }
    let mut fen = placement(&board);
    fen.push_str(if rng.below(2) == 0 {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    });
    common::board(&fen).ok()
}

/// Positions for the random checks: crowded placements, and random play from the first
/// positions of the two books.
fn random_positions(seed: u64, crowded: usize, plies: usize) -> Vec<Chess> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < crowded {
        let n = rng.range(6, 20) as usize;
        if let Some(pos) = random_crowded(&mut rng, n) {
            out.push(pos);
        }
    }
    let mut starts = testdata_lines(UHO, 6);
    starts.extend(testdata_lines(ENDGAMES, 6));
    for start in &starts {
        let mut pos = parse(start);
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
            let m = if !captures.is_empty() && rng.below(10) < 6 {
                *captures[rng.below(captures.len() as u64) as usize]
            } else {
                moves[rng.below(moves.len() as u64) as usize]
            };
            pos.play_unchecked(m);
        }
    }
    out
}

/// Collects the first few failures of a random check.
fn finish(what: &str, failures: &[String], checked: usize, at_least: usize) {
    assert!(
        failures.is_empty(),
        "{what}: {} failure(s) in {checked} moves; first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(checked >= at_least, "{what}: only {checked} moves checked");
    eprintln!("{what}: {checked} moves agree");
}

fn uci(m: &shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// Exact equals the oracle on every legal move of random positions, under standard and
/// under Stockfish's values, and its threshold test agrees with its value.
#[test]
fn exact_matches_legal_minimax_on_random_positions() {
    let mut failures = Vec::new();
    let mut checked = 0;
    // Moves where Exact and Default disagree: the positions must exercise what only the
    // legal search sees, or agreement with the oracle would prove little.
    let mut beyond_default = 0;
    for (i, pos) in random_positions(0xE4AC_7001, 3000, 25).iter().enumerate() {
        let values = if i % 3 == 0 {
            PieceValues::STOCKFISH
        } else {
            PieceValues::STANDARD
        };
        let see = See::new(Rules::Exact).with_values(values);
        for m in pos.legal_moves() {
            checked += 1;
            let mv = see_move(&m);
            let want = legal_exchange(pos, &m, &values);
            let got = see.value(pos, mv);
            let ge_ok = see.ge(pos, mv, want) && !see.ge(pos, mv, want + 1);
            if See::new(Rules::Default).with_values(values).value(pos, mv) != want {
                beyond_default += 1;
            }
            if got != want || !ge_ok {
                failures.push(format!(
                    "  {} ; {} ; {values:?}: exact {got}, oracle {want}, ge consistent {ge_ok}",
                    fen_of(pos),
                    uci(&m)
                ));
            }
        }
    }
    finish("exact vs legal minimax", &failures, checked, 15_000);
    eprintln!("  of which {beyond_default} differ from Rules::Default");
    assert!(
        beyond_default >= 30,
        "only {beyond_default} moves where Exact differs from Default"
    );
}

/// The same on the first real pairs of `see_pairs.txt`.
#[test]
fn exact_matches_legal_minimax_on_see_pairs() {
    let mut failures = Vec::new();
    let lines = testdata_lines(PAIRS, 1500);
    assert_eq!(lines.len(), 1500, "see_pairs.txt has fewer than 1500 lines");
    let see = See::new(Rules::Exact);
    for (i, line) in lines.iter().enumerate() {
        let (fen, text) = line
            .split_once(';')
            .unwrap_or_else(|| panic!("see_pairs.txt line {}: no ';' in {line:?}", i + 1));
        let pos = parse(fen);
        let m = legal_move(&pos, text.trim());
        let want = legal_exchange(&pos, &m, &PieceValues::STANDARD);
        let got = see.value(&pos, see_move(&m));
        if got != want {
            failures.push(format!(
                "  line {}: {line}: exact {got}, oracle {want}",
                i + 1
            ));
        }
    }
    finish(
        "exact vs legal minimax, see_pairs.txt",
        &failures,
        lines.len(),
        1500,
    );
}

/// The promotion argument above, checked on random positions: for every pawn move to the
/// last rank, Exact's value is non-decreasing in the promoted piece's value, so a queen is
/// never worse, and a bishop and a knight (equal in value) score the same.
#[test]
fn promotion_value_is_monotone_in_the_piece() {
    let see = See::new(Rules::Exact);
    let mut checked = 0;
    let mut failures = Vec::new();
    for pos in random_positions(0xE4AC_7002, 1500, 0) {
        for m in pos.legal_moves() {
            if m.promotion() != Some(Role::Queen) {
                continue;
            }
            checked += 1;
            let (Some(from), to) = (m.from(), m.to()) else {
                continue;
            };
            let value = |role: Role| {
                let mv = Move::try_from(&shakmaty::Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture: m.capture(),
                    to,
                    promotion: Some(role),
                })
                .expect("a promotion converts");
                see.value(&pos, mv)
            };
            let [q, r, b, n] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight].map(value);
            if !(q >= r && r >= b && b == n) {
                failures.push(format!(
                    "  {} ; {}: Q {q}, R {r}, B {b}, N {n}",
                    fen_of(&pos),
                    uci(&m)
                ));
            }
        }
    }
    finish("promotion monotonicity", &failures, checked, 300);
}

/// True for every rule set: the opponent may always stand pat after the first move, so no
/// move is worth more than the material it wins by itself (0 for a quiet move). Stockfish's
/// zero for special moves respects it too (they never lose material by themselves).
#[test]
fn no_rule_set_values_a_move_above_its_own_gain() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for pos in random_positions(0xE4AC_7003, 300, 10) {
        for m in pos.legal_moves() {
            let mv = see_move(&m);
            for rules in Rules::ALL {
                checked += 1;
                let see = See::new(rules);
                let own = gain(&m, &see.values());
                let v = see.value(&pos, mv);
                if v > own {
                    failures.push(format!(
                        "  {} ; {} ; {rules}: value {v} above gain {own}",
                        fen_of(&pos),
                        uci(&m)
                    ));
                }
            }
        }
    }
    finish("value <= own gain", &failures, checked, 20_000);
}
