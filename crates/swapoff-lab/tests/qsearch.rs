//! The quiescence search (`swapoff_lab::qsearch`): hand-checked positions, an independent
//! reference search, and the properties of ordering and pruning that really hold.
//!
//! Values are P=100, N=B=300, R=500, Q=900. Scores are from the side to move's view.
//!
//! The reference `reference` below knows nothing of `QSearch`: a plain fail-hard
//! alpha-beta in shakmaty's move-generation order, with its own material count, over the
//! move set the module documents (legal captures, legal non-capturing promotions, queen
//! promotions only) and stand pat everywhere. With a filter it searches a pruned tree.

use swapoff_lab::testing as common;

use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position, Role};
use std::sync::OnceLock;
use swapoff::{Move, PieceValues, Rules, See};
use swapoff_lab::qsearch::{Ordering, Pruning, QResult, QSearch};

const V: PieceValues = PieceValues::STANDARD;

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn uci(pos: &Chess, text: &str) -> shakmaty::Move {
    let parsed: UciMove = text.parse().expect("valid UCI in the test");
    parsed
        .to_move(pos)
        .unwrap_or_else(|e| panic!("{text} is not legal in {}: {e}", fen_of(pos)))
}

fn see_value(rules: Rules, pos: &Chess, m: &shakmaty::Move) -> i32 {
    let mv = Move::try_from(m).expect("standard chess moves always convert");
    See::new(rules).with_values(V).value(pos, mv)
}

fn material(pos: &Chess) -> i32 {
    let worth = |r: Role| match r {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    };
    let board = pos.board();
    let mut score = 0;
    for sq in board.occupied() {
        if let Some(piece) = board.piece_at(sq) {
            let v = worth(piece.role);
            score += if piece.color == pos.turn() { v } else { -v };
        }
    }
    score
}

/// Plain fail-hard alpha-beta in generation order; `keep` decides which moves exist.
fn reference(
    pos: &Chess,
    mut alpha: i32,
    beta: i32,
    keep: &dyn Fn(&Chess, &shakmaty::Move) -> bool,
) -> i32 {
    let stand_pat = material(pos);
    if stand_pat >= beta {
        return beta;
    }
    alpha = alpha.max(stand_pat);
    for m in pos.legal_moves() {
        let considered = match m.promotion() {
            Some(role) => role == Role::Queen,
            None => m.is_capture(),
        };
        if !considered || !keep(pos, &m) {
            continue;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        let score = -reference(&child, -beta, -alpha, keep);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

fn full_value(pos: &Chess) -> i32 {
    reference(pos, -1_000_000, 1_000_000, &|_, _| true)
}

fn pruned_value(pos: &Chess, rules: Rules, threshold: i32) -> i32 {
    reference(pos, -1_000_000, 1_000_000, &|p, m| {
        see_value(rules, p, m) >= threshold
    })
}

fn orderings() -> Vec<Ordering> {
    let mut all = vec![Ordering::MvvLva];
    all.extend(Rules::ALL.into_iter().map(Ordering::See));
    all
}

// ---------------------------------------------------------------------------------------
// Hand-checked positions.

#[test]
fn hanging_queen() {
    // White: Ke1, Rd1. Black: Ke8, Qd5, which nothing defends. Material: 500 - 900 = -400.
    // Rxd5 leaves a rook against nothing (+500) and Black has no capture back, so the
    // value is +500 and Rxd5 is the best move.
    let pos = common::chess("4k3/8/8/3q4/8/8/8/3RK3 w - -");
    let search = QSearch::new(V);
    assert_eq!(search.evaluate(&pos), -400);
    let r = search.search(&pos);
    assert_eq!(r.score, 500);
    assert_eq!(r.best_move, Some(uci(&pos, "d1d5")));
    // Root, then the position after Rxd5 (Black has no capture): 2 nodes.
    assert_eq!(r.nodes, 2);
    assert_eq!(full_value(&pos), 500);
}

#[test]
fn defended_pawn_is_not_taken() {
    // White: Ke1, Rd1. Black: Ke8, Pc7, Pd6 (c7 defends d6). Material: 500 - 200 = +300.
    // Rxd6 cxd6 leaves 0 - 100 = -100, and after Rxd6 Black recaptures rather than stay
    // at -400, so the rook capture is worth -100 and White stands pat at +300.
    let pos = common::chess("4k3/2p5/3p4/8/8/8/8/3RK3 w - -");
    let plain = QSearch::new(V).search(&pos);
    assert_eq!(plain.score, 300);
    assert_eq!(plain.best_move, None);
    assert_eq!(plain.first_move, Some(uci(&pos, "d1d6")));
    // Unpruned: root, after Rxd6, after cxd6.
    assert_eq!(plain.nodes, 3);
    // SEE(Rxd6) = 100 - 500 = -400 under every rule set: pruning skips it, same score,
    // one node.
    for rules in Rules::ALL {
        assert_eq!(see_value(rules, &pos, &uci(&pos, "d1d6")), -400);
        let pruned = QSearch::new(V)
            .pruning(Pruning::see_negative(rules))
            .search(&pos);
        assert_eq!((pruned.score, pruned.nodes, pruned.see_pruned), (300, 1, 1));
        assert_eq!(pruned.first_move, None);
        // A margin of 400 tolerates the loss: the move is searched again.
        let tolerant = QSearch::new(V)
            .pruning(Pruning::see_margin(rules, 400))
            .search(&pos);
        assert_eq!((tolerant.score, tolerant.nodes), (300, 3));
    }
}

#[test]
fn recapture_sequence() {
    // White: Kg1, Rd1, Ne3. Black: Kg8, Rd8, Pd5. d5 is attacked by Ne3 and Rd1 and
    // defended by Rd8. Material: 800 - 600 = +200.
    // - Nxd5: Black may recapture Rxd5 and lose the rook to Rxd5 (-100 + 300 - 500 for
    //   Black), so Black stands pat: +300 for White.
    // - Rxd5 Rxd5 Nxd5: +100 - 500 + 500 = +100 on top, +300; and after Rxd5 Black's
    //   recapture is worth the same as standing pat (both leave White +300).
    // Both captures reach +300; the knight goes first under MVV-LVA (same victim, cheaper
    // attacker), so it is the reported best move.
    let pos = common::chess("3r2k1/8/8/3p4/8/4N3/8/3R2K1 w - -");
    assert_eq!(full_value(&pos), 300);
    for ordering in orderings() {
        let r = QSearch::new(V).ordering(ordering).search(&pos);
        assert_eq!(r.score, 300, "{ordering:?}");
        assert_eq!(r.best_move, Some(uci(&pos, "e3d5")), "{ordering:?}");
    }
    // Each capture's own value: +300 either way.
    let scores = QSearch::new(V).move_scores(&pos);
    assert_eq!(
        scores,
        vec![(uci(&pos, "e3d5"), 300), (uci(&pos, "d1d5"), 300)]
    );
    // SEE sees the same single-square story. Nxd5 Rxd5 Rxd5: swap list 100, -200, 300;
    // Black stops after Nxd5: +100. Rxd5 Rxd5 Nxd5: 100, -400, 100: +100 whatever Black
    // does.
    assert_eq!(see_value(Rules::Default, &pos, &uci(&pos, "e3d5")), 100);
    assert_eq!(see_value(Rules::Default, &pos, &uci(&pos, "d1d5")), 100);
}

#[test]
fn promotion_race() {
    // White: Ke3, Pa7. Black: Ke6, Ph2. Material 0. White to move:
    // a8=Q (+800). Black's h1=Q would bring it back to 0, but the new queen on h1 stands
    // on the a8-h1 diagonal (b7..g2 empty), so Qxh1 follows: -900 for Black, worse than
    // standing pat at -800. So a8=Q is worth +800.
    let pos = common::chess("8/P7/4k3/8/8/4K3/7p/8 w - -");
    let r = QSearch::new(V).search(&pos);
    assert_eq!(r.score, 800);
    assert_eq!(r.best_move, Some(uci(&pos, "a7a8q")));
    // Under-promotions are not searched: the only candidate is the queen promotion.
    assert_eq!(
        QSearch::new(V).ordered_moves(&pos),
        vec![uci(&pos, "a7a8q")]
    );
    // Black to move is the mirror image: h1=Q, a8=Q, Qxa8.
    let black = common::chess("8/P7/4k3/8/8/4K3/7p/8 b - -");
    let r = QSearch::new(V).search(&black);
    assert_eq!(r.score, 800);
    assert_eq!(r.best_move, Some(uci(&black, "h2h1q")));
    for pos in [pos, black] {
        assert_eq!(full_value(&pos), 800);
    }
}

#[test]
fn orderings_choose_different_first_moves() {
    // White: Kg1, Qa3, Nc3. Black: Kg8, Rd6 (defended by Pe7), Be4 (undefended).
    // Material: 1200 - 900 = +300.
    // - MVV-LVA tries Qxd6 first (the rook is the biggest victim); its SEE is
    //   500 - 900 = -400 (exd6).
    // - SEE tries Nxe4 first: +300, nothing defends e4.
    // Values: Nxe4 leaves W 1200, B 600 = +600, and Black has no capture (the knight on e4
    // attacks the rook, but the rook cannot reach it). Qxd6 exd6 leaves W 300, B 400 =
    // -100. So the value is +600, by Nxe4.
    let pos = common::chess("6k1/4p3/3r4/8/4b3/Q1N5/8/6K1 w - -");
    let mvv = QSearch::new(V);
    let see = QSearch::new(V).ordering(Ordering::See(Rules::Default));
    assert_eq!(
        mvv.ordered_moves(&pos),
        vec![uci(&pos, "a3d6"), uci(&pos, "c3e4")]
    );
    assert_eq!(
        see.ordered_moves(&pos),
        vec![uci(&pos, "c3e4"), uci(&pos, "a3d6")]
    );
    let (a, b) = (mvv.search(&pos), see.search(&pos));
    assert_eq!((a.score, b.score), (600, 600));
    assert_eq!(a.best_move, Some(uci(&pos, "c3e4")));
    assert_eq!(b.best_move, Some(uci(&pos, "c3e4")));
    assert_eq!(a.first_move, Some(uci(&pos, "a3d6")));
    assert_eq!(b.first_move, Some(uci(&pos, "c3e4")));
    assert_eq!(full_value(&pos), 600);
}

#[test]
fn pruning_below_the_root_can_change_the_score() {
    // "If every capture of the position has SEE >= 0, SEE pruning does not change its
    // score" is false: pruning also acts at the opponent's nodes. Overloaded defender:
    // White: Kg1, Rd1, Na1, Pd4, Pg4. Black: Kg8, Ra8, Bg7, Ph5. Material +100.
    // White's only capture is gxh5, SEE +100 (nothing defends h5), so the root condition
    // holds. After gxh5 (+200 for White), Black's captures both have SEE -200:
    //   Bxd4 (100, then Rxd4 takes 300) and Rxa1 (300, then Rxa1 takes 500).
    // But Rd1 guards both: Bxd4 Rxd4 Rxa1+ leaves W 600, B 500, and White may also just
    // stand pat after Bxd4 (W 900, B 800): either way Black reaches -100 instead of -200.
    // (Rxa1 Rxa1 Bxd4 leaves Black at -300.) So gxh5 is worth +100, the same as standing
    // pat, and the value is +100. With SEE < 0 pruning Black's two captures disappear,
    // gxh5 is worth +200 and so is the value.
    let pos = common::chess("r5k1/6b1/8/7p/3P2P1/8/8/N2R2K1 w - -");
    assert_eq!(QSearch::new(V).ordered_moves(&pos), vec![uci(&pos, "g4h5")]);
    let mut after = pos.clone();
    after.play_unchecked(uci(&pos, "g4h5"));
    for rules in Rules::ALL {
        assert_eq!(see_value(rules, &pos, &uci(&pos, "g4h5")), 100, "{rules}");
        assert_eq!(
            see_value(rules, &after, &uci(&after, "g7d4")),
            -200,
            "{rules}"
        );
        assert_eq!(
            see_value(rules, &after, &uci(&after, "a8a1")),
            -200,
            "{rules}"
        );
        let pruned = QSearch::new(V)
            .ordering(Ordering::See(rules))
            .pruning(Pruning::see_negative(rules))
            .search(&pos);
        assert_eq!(pruned.score, 200, "{rules}");
        assert!(pruned.see_pruned > 0);
    }
    assert_eq!(QSearch::new(V).search(&pos).score, 100);
    assert_eq!(full_value(&pos), 100);
}

// ---------------------------------------------------------------------------------------
// Properties on real positions (UHO book, first lines) and on positions reached from them
// by random capture-biased play.

/// The first 200 positions of the UHO book, read once.
fn book_positions() -> &'static [Chess] {
    static BOOK: OnceLock<Vec<Chess>> = OnceLock::new();
    BOOK.get_or_init(|| {
        common::testdata_lines(common::UHO, 200)
            .iter()
            .map(|line| {
                let fen: Vec<&str> = line.split_ascii_whitespace().take(4).collect();
                common::chess(&fen.join(" "))
            })
            .collect()
    })
}

/// The properties every position must satisfy; returns whether SEE pruning (default
/// rules) skipped nothing, for the caller's coverage count.
fn check_properties(pos: &Chess) -> bool {
    let fen = fen_of(pos);
    let truth = full_value(pos);
    let pruned_truth = pruned_value(pos, Rules::Default, 0);
    let mut nothing_pruned = false;
    for ordering in orderings() {
        let base = QSearch::new(V).ordering(ordering);
        let plain = base.search(pos);
        // Ordering never changes the unpruned value.
        assert_eq!(plain.score, truth, "{ordering:?} in {fen}");
        // Delta pruning is exact for a material evaluation with stand pat.
        let delta = base.delta(true).search(pos);
        assert_eq!(delta.score, truth, "delta, {ordering:?} in {fen}");
        assert!(delta.nodes <= plain.nodes, "delta, {ordering:?} in {fen}");
        // SEE pruning searches exactly the pruned tree, with or without delta.
        let pruned = base.pruning(Pruning::see_negative(Rules::Default));
        let p = pruned.search(pos);
        assert_eq!(p.score, pruned_truth, "see<0, {ordering:?} in {fen}");
        assert_eq!(pruned.delta(true).search(pos).score, pruned_truth);
        // The precise true statement: if pruning skipped no move anywhere, the search
        // was the unpruned one, score and nodes alike.
        if p.see_pruned == 0 {
            nothing_pruned = true;
            assert_eq!(
                (p.score, p.nodes, p.best_move, p.first_move),
                (plain.score, plain.nodes, plain.best_move, plain.first_move),
                "{ordering:?} in {fen}"
            );
        }
        // best_move, when there is one, achieves the score.
        if let Some(m) = plain.best_move {
            let mut child = pos.clone();
            child.play_unchecked(m);
            assert_eq!(-full_value(&child), truth, "{ordering:?} in {fen}");
        } else {
            assert_eq!(truth, base.evaluate(pos), "{fen}");
        }
    }
    nothing_pruned
}

#[test]
fn properties_on_book_positions() {
    let mut unpruned = 0;
    let mut with_captures = 0;
    for pos in book_positions() {
        let nothing_pruned = check_properties(pos);
        if !QSearch::new(V).ordered_moves(pos).is_empty() {
            with_captures += 1;
            unpruned += usize::from(nothing_pruned);
        }
    }
    // The book is full of quiet positions; make sure the sample exercises the search.
    assert!(
        with_captures > 100,
        "only {with_captures} positions with captures"
    );
    assert!(
        unpruned > 10,
        "only {unpruned} positions where nothing was pruned"
    );
}

#[test]
fn node_counts_are_deterministic() {
    let run = || -> Vec<QResult> {
        let mut out = Vec::new();
        for pos in &book_positions()[..100] {
            for ordering in orderings() {
                let s = QSearch::new(V)
                    .ordering(ordering)
                    .pruning(Pruning::see_margin(Rules::Default, 100))
                    .delta(true);
                out.push(s.search(pos));
            }
        }
        out
    };
    let first = run();
    assert_eq!(first, run());
    assert!(first.iter().map(|r| r.nodes).sum::<u64>() > first.len() as u64);
}

/// Plays up to `choices.len()` moves from `start`: each choice picks a capture if there
/// is one and the choice is odd, otherwise any legal move.
fn random_play(start: &Chess, choices: &[u16]) -> Chess {
    let mut pos = start.clone();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).copied().collect();
        let pool: Vec<_> = if c % 2 == 1 && !captures.is_empty() {
            captures
        } else {
            moves.to_vec()
        };
        let m = pool[usize::from(c / 2) % pool.len()];
        pos.play_unchecked(m);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn properties_after_random_play(
        line in 0usize..200,
        choices in proptest::collection::vec(any::<u16>(), 0..24),
    ) {
        let pos = random_play(&book_positions()[line], &choices);
        check_properties(&pos);
    }
}
