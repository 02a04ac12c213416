//! Every row of the two SEE suites in testdata/ (Leorik's and Zangdar's), through both adapters.
//!
//! Under [`Rules::Default`] with the standard values every row must give its expected
//! value, except the rows listed in [`CONVENTIONS`], whose expectation encodes a convention
//! of the suite's author rather than the outcome of the exchange; those must give exactly
//! the value stated there. Lines that cannot be evaluated at all are listed in
//! [`UNREADABLE`] with the error they must produce.

use shakmaty::Position;
use std::collections::BTreeSet;
use swapoff::{Move, PieceValues, Rules, See};
use swapoff_bench::suite::SuiteRow;
use swapoff_lab::recursive;
use swapoff_lab::testing::{chess, cozy_move, cozy_of, read_testdata};
use swapoff_scan::{FenError, MoveError};

const LEORIK: &str = "suites/leorik_see.epd";
const ZANGDAR: &str = "suites/zangdar_see_extended.epd";

/// A row whose expected value is a convention, not the result of the exchange.
struct Convention {
    file: &'static str,
    line: usize,
    fen: &'static str,
    mv: &'static str,
    expected: i32,
    /// What `Rules::Default` gives.
    default: i32,
    /// What `Rules::Exact` gives: the legal outcome.
    exact: i32,
    /// The rule set that reproduces the suite's expectation.
    reproduced_by: Rules,
    /// What `Rules::Stockfish` gives with the standard values: its pin rule sees the
    /// Bxe5 pin, and it does not promote recapturing pawns, like the suites.
    stockfish: i32,
    why: &'static str,
}

const BXE5: &str = "6r1/4kq2/b2p1p2/p1pPb3/p1P2B1Q/2P4P/2B1R1P1/6K1 w - -";
const BXE5_WHY: &str = "the f6 pawn is pinned to Ke7 by Qh4, so after Bxe5 dxe5 Rxe5+ Black \
     cannot take back with fxe5 and White keeps +100; the suite lets the pinned pawn recapture";
const NXD1: &str = "8/8/8/1k6/6b1/4N3/2p3K1/3n4 w - -";
const NXD1_WHY: &str = "after Nxd1 Black recaptures cxd1=Q (the pawn is its least valuable \
     attacker and it promotes), winning N + Q - P = 800; the suite counts a plain knight trade";

const CONVENTIONS: [Convention; 5] = [
    Convention {
        file: LEORIK,
        line: 19,
        fen: BXE5,
        mv: "Bxe5",
        expected: 0,
        default: 100,
        exact: 100,
        reproduced_by: Rules::Classic,
        stockfish: 100,
        why: BXE5_WHY,
    },
    Convention {
        file: LEORIK,
        line: 71,
        fen: NXD1,
        mv: "Nxd1",
        expected: 0,
        default: -800,
        exact: -800,
        reproduced_by: Rules::Classic,
        stockfish: 0,
        why: NXD1_WHY,
    },
    Convention {
        file: ZANGDAR,
        line: 24,
        fen: BXE5,
        mv: "Bxe5",
        expected: 0,
        default: 100,
        exact: 100,
        reproduced_by: Rules::Classic,
        stockfish: 100,
        why: BXE5_WHY,
    },
    Convention {
        file: ZANGDAR,
        line: 76,
        fen: NXD1,
        mv: "Nxd1",
        expected: 0,
        default: -800,
        exact: -800,
        reproduced_by: Rules::Classic,
        stockfish: 0,
        why: NXD1_WHY,
    },
    Convention {
        file: ZANGDAR,
        line: 94,
        fen: BXE5,
        mv: "Bxe5",
        expected: 0,
        default: 100,
        exact: 100,
        reproduced_by: Rules::Classic,
        stockfish: 100,
        why: BXE5_WHY,
    },
];

/// Why a line cannot be evaluated.
enum Unreadable {
    /// The SAN fits two legal moves, given in UCI.
    Ambiguous([&'static str; 2]),
    /// The FEN is not a legal position; the error text must contain this.
    Impossible(&'static str),
}

const AMBIGUOUS_NXD1: &str = "8/8/1k6/8/8/2N1N3/2p1p1K1/3n4 w - -";
/// Zangdar's quiet-move rows: Bb6 gives check to Kd8, yet it is White to move.
const NOT_TO_MOVE_IN_CHECK: &str = "the side not to move is in check";

const UNREADABLE: [(&str, usize, &str, Unreadable); 5] = [
    (
        LEORIK,
        72,
        AMBIGUOUS_NXD1,
        Unreadable::Ambiguous(["c3d1", "e3d1"]),
    ),
    (
        ZANGDAR,
        77,
        AMBIGUOUS_NXD1,
        Unreadable::Ambiguous(["c3d1", "e3d1"]),
    ),
    (
        ZANGDAR,
        130,
        "3k4/8/1B6/8/8/8/8/3K4 w - -",
        Unreadable::Impossible(NOT_TO_MOVE_IN_CHECK),
    ),
    (
        ZANGDAR,
        131,
        "3k4/8/1B6/5n2/8/8/8/3K4 w - -",
        Unreadable::Impossible(NOT_TO_MOVE_IN_CHECK),
    ),
    (
        ZANGDAR,
        132,
        "3k4/8/1B6/5n2/8/8/5P2/3K4 w - -",
        Unreadable::Impossible(NOT_TO_MOVE_IN_CHECK),
    ),
];

fn rows(file: &str) -> Vec<SuiteRow> {
    swapoff_bench::suite::read_suite(&read_testdata(file))
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{file}: {e}")))
        .collect()
}

/// The move of a row and the values under `see`, through shakmaty and cozy-chess, which
/// must agree.
fn evaluate(file: &str, row: &SuiteRow, see: See) -> i32 {
    let at = format!("{file}:{} ({} ; {})", row.line, row.fen, row.mv);
    let pos = chess(&row.fen);
    let m = swapoff_lab::testing::legal_move(&pos, &row.mv)
        .unwrap_or_else(|e| panic!("{at}: cannot read the move: {e}"));
    let mv = Move::try_from(&m).unwrap_or_else(|e| panic!("{at}: {e}"));
    let board = cozy_of(&pos);
    assert_eq!(
        cozy_move(&board, &m),
        mv,
        "{at}: adapters read the move differently"
    );
    let a = see.value(&pos, mv);
    let b = see.value(&board, mv);
    assert_eq!(
        a,
        b,
        "{at}: shakmaty says {a}, cozy-chess says {b} ({})",
        see.rules()
    );
    a
}

fn convention(file: &str, line: usize) -> Option<&'static Convention> {
    CONVENTIONS
        .iter()
        .find(|c| c.file == file && c.line == line)
}

fn unreadable(file: &str, line: usize) -> bool {
    UNREADABLE.iter().any(|u| u.0 == file && u.1 == line)
}

fn check_file(file: &str, rows_expected: usize) {
    let rows = rows(file);
    assert_eq!(rows.len(), rows_expected, "{file}: number of rows");
    let std = PieceValues::STANDARD;
    let mut failures = Vec::new();
    let mut evaluated = 0;
    let mut conventions_seen = 0;
    for row in &rows {
        if unreadable(file, row.line) {
            continue;
        }
        evaluated += 1;
        let default = evaluate(file, row, See::new(Rules::Default));
        let exact = evaluate(file, row, See::new(Rules::Exact));
        let at = format!("{file}:{} {} ; {}", row.line, row.fen, row.mv);
        match convention(file, row.line) {
            Some(c) => {
                conventions_seen += 1;
                assert_eq!((row.fen.as_str(), row.mv.as_str()), (c.fen, c.mv), "{at}");
                assert_eq!(row.expected, c.expected, "{at}: the suite's value");
                assert_eq!(default, c.default, "{at}: Default ({})", c.why);
                assert_eq!(exact, c.exact, "{at}: Exact ({})", c.why);
                assert_ne!(default, row.expected, "{at} is no convention row any more");
                let reproduced = evaluate(file, row, See::new(c.reproduced_by).with_values(std));
                assert_eq!(reproduced, row.expected, "{at}: {}", c.reproduced_by);
                let stockfish = evaluate(file, row, See::new(Rules::Stockfish).with_values(std));
                assert_eq!(stockfish, c.stockfish, "{at}: Stockfish rules");
            }
            None => {
                if default != row.expected || exact != row.expected {
                    failures.push(format!(
                        "{at}: expected {}, Default gives {default}, Exact gives {exact}",
                        row.expected
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let listed = CONVENTIONS.iter().filter(|c| c.file == file).count();
    let skipped = UNREADABLE.iter().filter(|u| u.0 == file).count();
    assert_eq!(
        evaluated + skipped,
        rows.len(),
        "{file}: a listed line is not a row"
    );
    assert_eq!(
        conventions_seen, listed,
        "{file}: a convention line is not a row"
    );
}

#[test]
fn leorik_suite() {
    check_file(LEORIK, 74);
}

#[test]
fn zangdar_suite() {
    // 151 lines: 21 comment lines, 4 blank lines, 126 rows.
    check_file(ZANGDAR, 126);
}

#[test]
fn unreadable_lines_fail_for_the_stated_reason() {
    for (file, line, fen, why) in &UNREADABLE {
        let row = rows(file)
            .into_iter()
            .find(|r| r.line == *line)
            .unwrap_or_else(|| panic!("{file}:{line} is not a row"));
        assert_eq!(row.fen, *fen, "{file}:{line}");
        match why {
            Unreadable::Ambiguous(candidates) => {
                let pos = chess(&row.fen);
                match swapoff_lab::testing::see_move(&pos, &row.mv) {
                    Err(MoveError::Ambiguous {
                        text,
                        candidates: found,
                    }) => {
                        assert_eq!(text, row.mv);
                        let found: BTreeSet<&str> = found.iter().map(String::as_str).collect();
                        let wanted: BTreeSet<&str> = candidates.iter().copied().collect();
                        assert_eq!(found, wanted, "{file}:{line}");
                    }
                    other => panic!("{file}:{line}: expected an ambiguity, got {other:?}"),
                }
                // Both knights really can take on d1 in that position.
                assert_eq!(
                    pos.legal_moves()
                        .iter()
                        .filter(|m| m.to() == shakmaty::Square::D1)
                        .count(),
                    2
                );
            }
            Unreadable::Impossible(text) => match swapoff_lab::testing::position(&row.fen) {
                Err(FenError::Impossible { reasons }) => assert!(
                    reasons.iter().any(|r| r.to_string().contains(text)),
                    "{file}:{line}: {reasons:?}"
                ),
                other => panic!("{file}:{line}: expected an impossible position, got {other:?}"),
            },
        }
    }
}

/// Both knights of the ambiguous row, evaluated one by one: the c3 knight's capture is
/// the row Leorik and Zangdar write as `Ncxd1` (line 73/78, +100 with only the e2 pawn);
/// here the c2 pawn also recaptures, so either capture loses N + Q - P.
#[test]
fn both_readings_of_the_ambiguous_row() {
    let pos = chess(AMBIGUOUS_NXD1);
    for text in ["c3d1", "e3d1"] {
        let mv = swapoff_lab::testing::see_move(&pos, text).expect("legal");
        // Either way Black's cheapest recapture is a pawn that promotes: 300 - (300 + 800).
        assert_eq!(See::new(Rules::Default).value(&pos, mv), -800, "{text}");
        assert_eq!(See::new(Rules::Exact).value(&pos, mv), -800, "{text}");
    }
}

/// The slow recursive oracle agrees with the fast code on every readable row, for the
/// three fast rule sets, with both the standard and Stockfish's values.
#[test]
fn recursive_oracle_agrees_on_the_suites() {
    for file in [LEORIK, ZANGDAR] {
        for row in rows(file) {
            if unreadable(file, row.line) {
                continue;
            }
            let pos = chess(&row.fen);
            let m = swapoff_lab::testing::legal_move(&pos, &row.mv).expect("readable row");
            let mv = Move::try_from(&m).expect("standard move");
            for rules in Rules::FAST {
                for values in [PieceValues::STANDARD, PieceValues::STOCKFISH] {
                    let fast = See::new(rules).with_values(values).value(&pos, mv);
                    let slow = recursive::see(&pos, mv, rules, &values);
                    assert_eq!(
                        fast, slow,
                        "{file}:{} {} ; {} under {rules} with {values}",
                        row.line, row.fen, row.mv
                    );
                }
            }
        }
    }
}

/// The two convention positions, played out by hand in `Rules::Default` traces.
#[test]
fn convention_rows_by_hand() {
    use swapoff::{Color, Role};
    // Bxe5: White Bf4xBe5, Black d6xe5 (f6 is pinned off the e5 square by Qh4), White
    // Re2xe5 and Black has nothing left: 300 - 300 + 100.
    let pos = chess(BXE5);
    let mv = swapoff_lab::testing::see_move(&pos, "Bxe5").expect("legal");
    let t = See::new(Rules::Default).trace(&pos, mv);
    let moves: Vec<(Color, Role, String)> = t
        .captures
        .iter()
        .map(|c| (c.side, c.piece, c.from.to_string()))
        .collect();
    assert_eq!(
        moves,
        vec![
            (Color::White, Role::Bishop, "f4".to_string()),
            (Color::Black, Role::Pawn, "d6".to_string()),
            (Color::White, Role::Rook, "e2".to_string()),
        ]
    );
    assert_eq!(t.value, 100);
    // Classic lets f6 take back too: 300 - 300 + 100 - 500 < 0, so White stops after dxe5.
    let classic = See::new(Rules::Classic).trace(&pos, mv);
    assert_eq!(classic.captures.len(), 4);
    assert_eq!(classic.captures[3].from.to_string(), "f6");
    assert_eq!(classic.value, 0);

    // Nxd1: Black's cheapest recapture is c2xd1, promoting; White has nothing left.
    let pos = chess(NXD1);
    let mv = swapoff_lab::testing::see_move(&pos, "Nxd1").expect("legal");
    let t = See::new(Rules::Default).trace(&pos, mv);
    assert_eq!(t.captures.len(), 2);
    assert_eq!(t.captures[1].piece, Role::Pawn);
    assert_eq!(t.captures[1].promotion, Some(Role::Queen));
    assert_eq!(t.gains[..2], [300, 300 + 800 - 300]);
    assert_eq!(t.value, -800);
}
