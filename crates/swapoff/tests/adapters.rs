//! The library alone, as an engine meets it: positions on cozy-chess and shakmaty boards
//! (the two adapters), every rule set, and the value and the threshold test agreeing. The
//! crate's other tests hold the rule sets to independent oracles written in them; those
//! that need the crates built on top of this one (the reading crate, the lab's recursive
//! SEE) are the lab's (`crates/swapoff-lab/tests/`).

use proptest::prelude::*;
use swapoff::{Move, PieceValues, Rules, See};

/// The chessprogramming wiki's two swap-algorithm examples (values 100, 325, 325, 500,
/// 1000): the position, the move in UCI, and the value the wiki gives.
const WIKI: [(&str, &str, i32); 2] = [
    (
        "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
        "e1e5",
        100,
    ),
    (
        "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
        "d3e5",
        -225,
    ),
];

fn wiki_values() -> PieceValues {
    PieceValues::new(100, 325, 325, 500, 1000).expect("ordered values")
}

/// The same position and move on both boards, as the library takes them.
fn both(fen: &str, uci: &str) -> (cozy_chess::Board, Move, shakmaty::Chess, Move) {
    let cozy: cozy_chess::Board = fen.parse().expect("a cozy-chess position");
    let cozy_move = Move::from_cozy(&cozy, uci.parse().expect("a UCI move"));
    let setup = shakmaty::fen::Fen::from_ascii(fen.as_bytes()).expect("a FEN");
    let chess: shakmaty::Chess = setup
        .into_position(shakmaty::CastlingMode::Standard)
        .expect("a legal position");
    let uci: shakmaty::uci::UciMove = uci.parse().expect("a UCI move");
    let m = uci.to_move(&chess).expect("a legal move");
    let shakmaty_move = Move::try_from(&m).expect("a move SEE takes");
    (cozy, cozy_move, chess, shakmaty_move)
}

#[test]
fn the_wiki_s_examples_on_both_boards_under_every_rule_set() {
    for (fen, uci, want) in WIKI {
        let (cozy, cm, chess, sm) = both(fen, uci);
        for rules in Rules::ALL {
            // Stockfish's rules keep Stockfish's values unless given others.
            let see = See::new(rules).with_values(wiki_values());
            assert_eq!(see.value(&cozy, cm), want, "{rules:?} on cozy-chess: {fen}");
            assert_eq!(see.value(&chess, sm), want, "{rules:?} on shakmaty: {fen}");
            assert_eq!(see.trace(&cozy, cm).value, want, "{rules:?} trace: {fen}");
        }
    }
}

proptest! {
    #[test]
    fn the_threshold_test_is_the_value_compared(threshold in -2000i32..2000, which in 0usize..2) {
        let (fen, uci, _) = WIKI[which];
        let (cozy, cm, chess, sm) = both(fen, uci);
        for rules in Rules::ALL {
            let see = See::new(rules).with_values(wiki_values());
            prop_assert_eq!(see.ge(&cozy, cm, threshold), see.value(&cozy, cm) >= threshold);
            prop_assert_eq!(see.ge(&chess, sm, threshold), see.value(&chess, sm) >= threshold);
        }
    }
}
