//! The two traces of the chessprogramming wiki's swap-algorithm page, asserted in full.
//!
//! Values P=100, N=B=325, R=500, Q=1000 (the wiki's). Every number below is derived by
//! hand from the positions (see the comments), not copied from the library's output.

use swapoff::{Capture, Color, Move, PieceValues, Role, Rules, See, Square, Trace};
mod common;
use common::{board_move as legal_move, cozy_move, cozy_of};

fn chess(fen: &str) -> shakmaty::Chess {
    common::board(fen).unwrap_or_else(|e| panic!("bad FEN {fen:?}: {e}"))
}

fn wiki_values() -> PieceValues {
    PieceValues::new(100, 325, 325, 500, 1000).expect("the wiki's values are valid")
}

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::from_coords(b[0] - b'a', b[1] - b'1').expect("a square name")
}

fn capture(side: Color, from: &str, to: &str, piece: Role, captured: Role) -> Capture {
    Capture {
        side,
        from: sq(from),
        to: sq(to),
        piece,
        captured: Some(captured),
        promotion: None,
    }
}

/// The trace of `san` in `fen` under `rules`, through shakmaty and through cozy-chess;
/// both must be identical.
fn trace_both(fen: &str, san: &str, rules: Rules) -> Trace {
    let pos = chess(fen);
    let m = legal_move(&pos, san).expect("the wiki's move is legal");
    let mv = Move::try_from(&m).expect("a standard move");
    let board = cozy_of(&pos);
    assert_eq!(cozy_move(&board, &m), mv, "both adapters read {san} alike");
    let see = See::new(rules).with_values(wiki_values());
    let a = see.trace(&pos, mv);
    let b = see.trace(&board, mv);
    assert_eq!(
        a, b,
        "shakmaty and cozy-chess traces differ for {san} ({rules})"
    );
    assert_eq!(see.value(&pos, mv), a.value);
    assert_eq!(see.value(&board, mv), a.value);
    a
}

const RXE5: &str = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -";
const NXE5: &str = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - -";

#[test]
fn rxe5_wins_the_undefended_pawn() {
    // Re1xe5 takes the pawn; nothing black attacks e5 (the d8 rook looks down the d-file,
    // the b7/c7/h7 pawns are far away), so the exchange stops at once: +100.
    // gains: [100 (the pawn), 500 - 100 = 400 (what Black would get for the rook it
    // cannot take)]; negamax leaves both (only one real capture): [100, 400].
    for rules in Rules::FAST {
        let t = trace_both(RXE5, "Rxe5", rules);
        assert_eq!(t.value, 100, "{rules}");
        assert_eq!(
            t.captures,
            vec![capture(Color::White, "e1", "e5", Role::Rook, Role::Pawn)],
            "{rules}"
        );
        assert_eq!(t.gains, vec![100, 400], "{rules}");
        assert_eq!(t.negamax, vec![100, 400], "{rules}");
        assert_eq!(t.played, 1, "{rules}");
    }
    let exact = trace_both(RXE5, "Rxe5", Rules::Exact);
    assert_eq!(exact.value, 100);
}

#[test]
fn nxe5_loses_the_knight_for_a_pawn() {
    // Attackers of e5 after Nd3xe5: White Re2 with Qe1 behind it on the e-file (the g2
    // bishop is not on a diagonal through e5); Black Nd7, Bf6 with Qh8 behind it on the
    // h8-a1 diagonal (the d8 rook is not on a line through e5). Least valuable first:
    //   W Nd3xP e5   gain  100
    //   B Nd7xN e5   gain  325 - 100 =  225
    //   W Re2xN e5   gain  325 - 225 =  100
    //   B Bf6xR e5   gain  500 - 100 =  400
    //   W Qe1xB e5   gain  325 - 400 =  -75
    //   B Qh8xQ e5   gain 1000 + 75  = 1075
    //   (speculative: White has nothing left; the queen it cannot take: 1000 - 1075 = -75)
    // Negamax from the back, d[i-1] = -max(-d[i-1], d[i]), the speculative entry unchanged:
    //   d4 = -max(75, 1075) = -1075;  d3 = -max(-400, -1075) = 400;
    //   d2 = -max(-100, 400) = -400;  d1 = -max(-225, -400) = 225;
    //   d0 = -max(-100, 225) = -225.
    // White stands pat after Nxe5 Nxe5 (Rxe5 would be worth -400 < -225): played = 2.
    let w = Color::White;
    let b = Color::Black;
    let expected_captures = vec![
        capture(w, "d3", "e5", Role::Knight, Role::Pawn),
        capture(b, "d7", "e5", Role::Knight, Role::Knight),
        capture(w, "e2", "e5", Role::Rook, Role::Knight),
        capture(b, "f6", "e5", Role::Bishop, Role::Rook),
        capture(w, "e1", "e5", Role::Queen, Role::Bishop),
        capture(b, "h8", "e5", Role::Queen, Role::Queen),
    ];
    let mut traces = Vec::new();
    for rules in Rules::FAST {
        let t = trace_both(NXE5, "Nxe5", rules);
        assert_eq!(t.value, -225, "{rules}");
        assert_eq!(t.captures, expected_captures, "{rules}");
        assert_eq!(t.gains, vec![100, 225, 100, 400, -75, 1075, -75], "{rules}");
        assert_eq!(
            t.negamax,
            vec![-225, 225, -400, 400, -1075, 1075, -75],
            "{rules}"
        );
        assert_eq!(t.played, 2, "{rules}");
        traces.push(t);
    }
    // No pins, promotions or king captures here: the rule sets play the same exchange.
    assert!(traces.windows(2).all(|p| p[0] == p[1]));
    // The legal exchange agrees: after Nxe5 Nxe5 White has nothing better than stopping.
    let exact = trace_both(NXE5, "Nxe5", Rules::Exact);
    assert_eq!(exact.value, -225);
    assert_eq!(exact.negamax[0], -225);
    assert_eq!(exact.captures[..2], expected_captures[..2]);
}

#[test]
fn trace_display_marks_the_captures_not_played() {
    let t = trace_both(NXE5, "Nxe5", Rules::Default);
    let text = t.to_string();
    let lines: Vec<&str> = text.lines().collect();
    // Six captures and the value line; the four captures after White stops are marked '~'.
    assert_eq!(lines.len(), 7, "{text}");
    assert!(lines[..2].iter().all(|l| !l.starts_with('~')), "{text}");
    assert!(lines[2..6].iter().all(|l| l.starts_with('~')), "{text}");
    assert_eq!(lines[6], "value -225");
    assert!(lines[0].contains("white Nd3xPe5"), "{text}");
    assert!(lines[5].contains("black Qh8xQe5"), "{text}");
}

#[test]
fn every_trace_says_why_it_ends() {
    use swapoff::EndReason;
    let end = |fen: &str, san: &str, rules: Rules| trace_both(fen, san, rules).end;
    // Nothing defends e5 after Rxe5.
    let rxe5 = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
    assert_eq!(end(rxe5, "Rxe5", Rules::Default), EndReason::NoAttacker);
    // Once the e4 knight has gone, the e7 bishop is pinned along the e-file by Re1.
    let pinned = "4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1";
    let pin = EndReason::Pinned { attacker: sq("e7") };
    assert_eq!(end(pinned, "Nxg5", Rules::Default), pin);
    // Nxe6 uncovers the a1 bishop's check on h8: the f7 pawn may not take.
    let check = "7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1";
    let in_check = EndReason::InCheck { attacker: sq("f7") };
    assert_eq!(end(check, "Nxe6", Rules::Exact), in_check);
    // Rxe7 with Re1 behind: the king may not take back.
    let king = "4k3/4n3/8/8/8/8/4R3/4R1K1 w - - 0 1";
    let steps = EndReason::KingWouldBeAttacked { king: sq("e8") };
    assert_eq!(end(king, "Rxe7", Rules::Default), steps);
    // exd5 takes a knight the queen defends; Qxd5 would lose the queen to Rxd5, so under
    // the exact rules Black stands pat with the queen.
    let pat = "3qk3/8/8/3n4/4P3/8/8/3RK3 w - - 0 1";
    let t = trace_both(pat, "exd5", Rules::Exact);
    assert_eq!(t.end, EndReason::StandsPat { attacker: sq("d8") }, "{t}");
}
