//! The rule sets between Classic and Default that the match harness plays (the
//! `ablation` feature): each adds one of the default rules, and each position below is
//! one where exactly that rule changes the answer (docs/rules.md explains them).

use swapoff::ablation::Part;
use swapoff::{Move, Rules, See};

/// The value of `uci` in `fen` under each rule set, standard values: Classic, Pins,
/// PinsChecks, Default.
fn values(fen: &str, uci: &str) -> [i32; 4] {
    let board: cozy_chess::Board = fen.parse().expect("a cozy-chess position");
    let mv = Move::from_cozy(&board, uci.parse().expect("a UCI move"));
    [
        See::new(Rules::Classic),
        See::part(Part::Pins),
        See::part(Part::PinsChecks),
        See::new(Rules::Default),
    ]
    .map(|see| {
        see.with_values(swapoff::PieceValues::STANDARD)
            .value(&board, mv)
    })
}

#[test]
fn pins_count_from_the_pins_rule_set_on() {
    // Nxg5: once the knight has gone, Be7 is pinned and cannot take back.
    let got = values("4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1", "e4g5");
    assert_eq!(got, [0, 300, 300, 300]);
}

#[test]
fn discovered_checks_count_from_the_checks_rule_set_on() {
    // Nxe6 uncovers Ba1 against Kh8: fxe6 does not answer the check.
    let got = values("7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1", "d4e6");
    assert_eq!(got, [-200, -200, 100, 100]);
}

#[test]
fn recapture_promotions_count_only_in_the_default_rules() {
    // Rxd8 cxd8=Q: the recapturing pawn becomes a queen.
    let got = values("3N3r/2P5/k7/8/8/8/8/K7 b - - 0 1", "h8d8");
    assert_eq!(got, [-200, -200, -200, -1000]);
}

#[test]
fn the_threshold_test_and_the_name_follow_the_rule_set() {
    let board: cozy_chess::Board = "7k/5p2/4p3/8/3N4/8/8/B5K1 w - - 0 1".parse().unwrap();
    let mv = Move::from_cozy(&board, "d4e6".parse().unwrap());
    for (part, name) in [(Part::Pins, "pins"), (Part::PinsChecks, "pins-checks")] {
        let see = See::part(part);
        let value = see.value(&board, mv);
        assert!(see.ge(&board, mv, value) && !see.ge(&board, mv, value + 1));
        assert_eq!(part.name(), name);
        assert_eq!(part.to_string(), name);
        assert_eq!(see.rules(), Rules::Default);
        assert_eq!(see.trace(&board, mv).value, value);
    }
}
