//! `swapoff-lab order` from the outside: the table, the JSON fields, bad lines, --limit.
//!
//! The positions are the hand-checked ones of the library's qsearch tests (values
//! P=100, N=B=300, R=500, Q=900); the expectations below restate why.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output};

/// Rxd5 wins a hanging queen: stand pat -400, value +500, one capture (a best one).
const HANGING_QUEEN: &str = "4k3/8/8/3q4/8/8/8/3RK3 w - -";
/// Rxd6 loses the rook to cxd6: White stands pat at +300; SEE(Rxd6) = -400.
const DEFENDED_PAWN: &str = "4k3/2p5/3p4/8/8/8/8/3RK3 w - -";
/// An overloaded rook: the value is +100 (= stand pat), but SEE < 0 pruning removes
/// Black's replies to gxh5 and reports +200.
const OVERLOAD: &str = "r5k1/6b1/8/7p/3P2P1/8/8/N2R2K1 w - -";
/// a8=Q wins 800: stand pat 0, one candidate move.
const PROMOTION: &str = "8/P7/4k3/8/8/4K3/7p/8 w - -";

const ORDERINGS: [&str; 5] = [
    "mvv-lva",
    "see:default",
    "see:classic",
    "see:stockfish",
    "see:exact",
];
const PRUNINGS: [&str; 5] = ["none", "delta", "see<0", "see<-100", "see<0+delta"];

fn epd(lines: &[&str]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("a temp file");
    for line in lines {
        writeln!(file, "{line}").expect("the temp file accepts writes");
    }
    file.flush().expect("the temp file flushes");
    file
}

fn order(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swapoff-lab"))
        .arg("order")
        .args(args)
        .output()
        .expect("swapoff runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", text(&o.stdout)))
}

fn row<'a>(report: &'a Value, ordering: &str, pruning: &str) -> &'a Value {
    report["rows"]
        .as_array()
        .expect("rows is an array")
        .iter()
        .find(|r| r["ordering"] == ordering && r["pruning"] == pruning)
        .unwrap_or_else(|| panic!("no row {ordering} / {pruning}"))
}

fn sample() -> tempfile::NamedTempFile {
    epd(&[
        "# hand-checked positions",
        &format!("{HANGING_QUEEN} bm Rxd5; id \"queen\";"),
        "",
        &format!("{DEFENDED_PAWN} 0 1"),
        OVERLOAD,
        &format!("{PROMOTION} 3 40"),
    ])
}

#[test]
fn table_has_a_row_per_ordering_and_pruning() {
    let file = sample();
    let path = file.path().to_str().expect("UTF-8 temp path");
    let o = order(&[path, "--repeat", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.starts_with("4 positions (2 with a capture"), "{out}");
    let rows: Vec<(String, String)> = out
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let ordering = words.next()?;
            let pruning = words.next()?;
            ORDERINGS
                .contains(&ordering)
                .then(|| (ordering.to_string(), pruning.to_string()))
        })
        .collect();
    let expected: Vec<(String, String)> = ORDERINGS
        .iter()
        .flat_map(|o| PRUNINGS.iter().map(|p| (o.to_string(), p.to_string())))
        .collect();
    assert_eq!(rows, expected, "{out}");
    // The baseline row is 1.000 of itself and changes no score.
    let baseline = out
        .lines()
        .find(|l| l.starts_with("mvv-lva ") && l.split_whitespace().nth(1) == Some("none"))
        .expect("a baseline row");
    assert!(baseline.contains(" 1.000 "), "{baseline}");
    assert!(baseline.contains(" 0.00% "), "{baseline}");
}

#[test]
fn json_fields_restate_the_hand_checked_positions() {
    let file = sample();
    let path = file.path().to_str().expect("UTF-8 temp path");
    let o = order(&[path, "--json", "--repeat", "0", "--no-exact"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let report = json(&o);
    assert_eq!(report["positions"], 4);
    assert_eq!(report["skipped_lines"], 0);
    // Winning captures exist in the hanging-queen and promotion positions only (the
    // overload position's value equals its stand pat).
    assert_eq!(report["winning_positions"], 2);
    assert_eq!(report["margin"], 100);
    assert_eq!(report["rows"].as_array().map(Vec::len), Some(4 * 5));
    for ordering in &ORDERINGS[..4] {
        for pruning in PRUNINGS {
            let r = row(&report, ordering, pruning);
            for field in [
                "nodes_total",
                "nodes_per_position",
                "nodes_relative",
                "score_changed",
                "score_changed_share",
                "mean_abs_change",
                "best_first",
                "best_first_share",
                "see_calls",
                "see_pruned",
                "delta_pruned",
            ] {
                assert!(r[field].is_number(), "{ordering}/{pruning}: {field} in {r}");
            }
            // Not timed with --repeat 0.
            assert!(r["micros_per_position"].is_null());
            // Both winning positions have a single candidate, which is best, and it has
            // SEE >= 0 under every rule set, so every row puts it first.
            assert_eq!(r["best_first"], 2, "{ordering}/{pruning}");
            // Delta pruning is exact; SEE pruning changes the overload position only,
            // by 100.
            // (Black's replies there lose 200 by SEE: a margin of 100 prunes them too.)
            let changed = u64::from(pruning.starts_with("see"));
            assert_eq!(r["score_changed"], changed, "{ordering}/{pruning}");
            if changed == 1 {
                assert_eq!(r["mean_abs_change"], 100.0, "{ordering}/{pruning}");
            }
        }
    }
    let base = row(&report, "mvv-lva", "none");
    assert_eq!(base["nodes_relative"], 1.0);
    assert_eq!(base["see_calls"], 0);
}

#[test]
fn bad_lines_are_reported_and_skipped() {
    let file = epd(&[
        HANGING_QUEEN,
        "this is not a fen",
        "4k3/8/8/8/8/8/8/4K3 x - -",
        DEFENDED_PAWN,
    ]);
    let path = file.path().to_str().expect("UTF-8 temp path");
    let o = order(&[path, "--json", "--repeat", "0", "--no-exact"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains(&format!("{path}:2:")), "{err}");
    assert!(err.contains(&format!("{path}:3:")), "{err}");
    assert!(err.contains("side to move"), "{err}");
    let report = json(&o);
    assert_eq!(report["positions"], 2);
    assert_eq!(report["skipped_lines"], 2);
}

#[test]
fn limit_takes_the_first_positions() {
    let file = sample();
    let path = file.path().to_str().expect("UTF-8 temp path");
    let o = order(&[
        path,
        "--json",
        "--repeat",
        "0",
        "--no-exact",
        "--limit",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let report = json(&o);
    // The hanging queen and the defended pawn.
    assert_eq!(report["positions"], 2);
    assert_eq!(report["winning_positions"], 1);
    // Unpruned MVV-LVA: the hanging queen takes 2 nodes (root, after Rxd5), the defended
    // pawn 3 (root, after Rxd6, after cxd6). SEE < 0 pruning skips Rxd6: 2 + 1.
    assert_eq!(row(&report, "mvv-lva", "none")["nodes_total"], 5);
    assert_eq!(row(&report, "see:default", "see<0")["nodes_total"], 3);
    assert_eq!(row(&report, "see:default", "see<0")["see_pruned"], 1);
}

#[test]
fn margin_sets_the_tolerated_loss() {
    let file = sample();
    let path = file.path().to_str().expect("UTF-8 temp path");
    // SEE(Rxd6) in the defended-pawn position is -400: a margin of 400 keeps it (2 + 3
    // nodes, as unpruned), a margin of 399 prunes it (2 + 1).
    for (margin, label, nodes) in [("400", "see<-400", 5), ("399", "see<-399", 3)] {
        let args = [
            path,
            "--json",
            "--repeat",
            "0",
            "--no-exact",
            "--limit",
            "2",
            "--margin",
            margin,
        ];
        let o = order(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let report = json(&o);
        assert_eq!(row(&report, "see:default", label)["nodes_total"], nodes);
    }
}

#[test]
fn missing_file_is_fatal() {
    let o = order(&["/nonexistent/positions.epd"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("/nonexistent/positions.epd"));
}
