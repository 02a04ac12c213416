//! `seeswap audit` end to end, on small hand-made files whose exchanges are worked out in
//! the comments (values 100/300/300/500/900 unless a test says otherwise).

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output};

use swapoff_lab::random_games;

fn swapoff(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_seeswap"));
    cmd.args(args);
    match stdin {
        Some(text) => {
            cmd.stdin(std::process::Stdio::piped());
            cmd.stdout(std::process::Stdio::piped());
            cmd.stderr(std::process::Stdio::piped());
            let mut child = cmd.spawn().expect("start swapoff");
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(text.as_bytes())
                .expect("write stdin");
            child.wait_with_output().expect("run swapoff")
        }
        None => cmd.output().expect("run swapoff"),
    }
}

fn file_with(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    f.write_all(text.as_bytes()).expect("write temp file");
    f
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn rule_set<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["rule_sets"]
        .as_array()
        .expect("rule_sets array")
        .iter()
        .find(|r| r["rules"] == name)
        .unwrap_or_else(|| panic!("no rule set {name}"))
}

/// Ten pair lines, one per situation, each worked out by hand.
const HAND: &str = "\
# 1. Pin. Rxd5 wins a pawn; the knight c7 that could retake is pinned by Be5 against Kb8.
#    exact +100; default and stockfish keep the knight out (+100); classic lets it
#    retake: +100 - 500 = -400.
1k6/2n5/8/3pB3/8/8/8/3R2K1 w - - 0 1;d1d5
# 2. Promotion by recapture. Rxb1 wins a knight; c2xb1 promotes. exact and default:
#    300 - (500 + 800) = -1000; classic and stockfish keep a pawn: 300 - 500 = -200.
7k/8/8/8/8/7K/2p5/Rn6 w - - 0 1;a1b1
# 3. En passant: exd6 wins an undefended pawn, +100; stockfish scores en passant 0.
4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1;e5d6
# 4. Check. Bxd5 uncovers Re1 on Ke8, so c6xd5 is illegal: exact and default +100.
#    Classic and stockfish let the pawn retake: 100 - 300 = -200.
4k3/8/2p5/3p4/4B3/8/8/4R1K1 w - - 0 1;e4d5
# 5. Equal-value order. exd5 wins the knight, c6xd5; white may retake with Rd3 or Rh5.
#    Rd3 (the lower square, first for every fast rule set) uncovers Rd2 and Qd1 behind
#    it: black then wins more, so white stops after c6xd5: 300 - 100 = +200. Exact
#    retakes with Rh5, which keeps the d-file shut: 300 - 100 + 100 = +300.
k7/7K/2p5/3n3R/4P3/3R4/3r4/3q4 w - - 0 1;e4d5
# 6. King rule. Rxd5 wins a pawn. c6xd5 (least valuable first) uncovers Bb7 and Qa8
#    behind it: Bxd5, and the king may not retake: 100 - 500 + 100 = -300. Exact retakes
#    with the king at once (d5 is not attacked yet): 100 - 500 = -400.
Q7/1B6/2p1k3/3p4/8/8/8/3R2K1 w - - 0 1;d1d5
# 7. Castling: 0 everywhere.
4k3/8/8/8/8/8/8/4K2R w K - 0 1;e1g1
# 8. A quiet rook move to an unattacked square: 0 everywhere.
4k3/8/8/8/8/8/8/R3K3 w - - 0 1;a1a5
# 9. The king takes an undefended pawn: +100 everywhere.
4k3/8/8/8/8/8/3p4/4K3 w - - 0 1;e1d2
# 10. A promotion nobody can answer: +800; stockfish scores promotions 0.
8/P6k/8/8/8/8/8/K7 w - - 0 1;a7a8q
";

#[test]
fn hand_made_disagreements_have_their_causes() {
    let file = file_with(HAND);
    let path = file.path().to_str().expect("utf-8 path");
    let out = swapoff(&["audit", "--json", path], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json_of(&out);
    assert_eq!(report["moves"], 10);
    assert_eq!(report["skipped"], 0);
    let kinds = &report["moves_by_kind"];
    assert_eq!(kinds["plain_capture"], 5);
    assert_eq!(kinds["en_passant"], 1);
    assert_eq!(kinds["castling"], 1);
    assert_eq!(kinds["quiet"], 1);
    assert_eq!(kinds["king_capture"], 1);
    assert_eq!(kinds["promotion"], 1);

    // (rule set, agreeing moves, [pin, check, promotion, equal-value order, king rule, other])
    let expected = [
        ("default", 8, [0, 0, 0, 1, 1, 0]),
        ("classic", 5, [1, 1, 1, 1, 1, 0]),
        ("stockfish", 4, [0, 1, 2, 1, 1, 1]),
    ];
    let causes = [
        "pin",
        "check",
        "promotion",
        "equal_value_order",
        "king_rule",
        "other",
    ];
    for (name, agree, counts) in expected {
        let r = rule_set(&report, name);
        assert_eq!(r["agree"], agree, "{name}");
        assert_eq!(r["disagree"], 10 - agree, "{name}");
        for (cause, n) in causes.iter().zip(counts) {
            assert_eq!(r["by_cause"][cause], n, "{name} {cause}");
        }
    }
    // Where the stockfish disagreements sit.
    let sf = rule_set(&report, "stockfish");
    assert_eq!(sf["by_kind_and_cause"]["en_passant"]["other"], 1);
    assert_eq!(sf["by_kind_and_cause"]["promotion"]["promotion"], 1);
    assert_eq!(sf["by_kind_and_cause"]["plain_capture"]["promotion"], 1);
    assert_eq!(sf["by_kind"]["en_passant"]["agree"], 0);
    assert_eq!(
        rule_set(&report, "default")["by_kind"]["en_passant"]["agree"],
        1
    );

    // The classic pin example carries the values worked out above.
    let classic = rule_set(&report, "classic");
    let pin = classic["examples"]
        .as_array()
        .expect("examples")
        .iter()
        .find(|e| e["cause"] == "pin")
        .expect("a pin example");
    assert_eq!(pin["move"], "d1d5");
    assert_eq!(pin["value"], -400);
    assert_eq!(pin["exact"], 100);
    assert!(pin["source"].as_str().unwrap_or("").ends_with(":4"));
    assert!(pin["fen"]
        .as_str()
        .unwrap_or("")
        .starts_with("1k6/2n5/8/3pB3"));
}

#[test]
fn one_set_of_values_for_every_rule_set() {
    // Line 2 of HAND with Q = 1000 and N = 325: classic 325 - 500 = -175, exact
    // 325 - (500 + 900) = -1075.
    let file = file_with("7k/8/8/8/8/7K/2p5/Rn6 w - - 0 1;a1b1\n");
    let path = file.path().to_str().expect("utf-8 path");
    let out = swapoff(
        &["audit", "--json", "--values", "100,325,325,500,1000", path],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let report = json_of(&out);
    assert_eq!(report["values"]["queen"], 1000);
    let e = &rule_set(&report, "classic")["examples"][0];
    assert_eq!(
        (e["value"].clone(), e["exact"].clone()),
        (Value::from(-175), Value::from(-1075))
    );
    assert_eq!(rule_set(&report, "default")["agree"], 1);
}

#[test]
fn fen_lines_generate_captures_and_with_quiet_every_move() {
    // White: Ke1, pawn e5; black: Ke8, pawn d5 that just came from d7. The only capture is
    // exd6 e.p.; the quiet moves are e6 and the king's d1, d2, e2, f1, f2.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\n";
    let out = swapoff(&["audit", "--json", "-"], Some(fen));
    assert_eq!(out.status.code(), Some(0));
    let report = json_of(&out);
    assert_eq!(report["moves"], 1);
    assert_eq!(report["moves_by_kind"]["en_passant"], 1);
    assert_eq!(report["position_lines"], 1);

    let out = swapoff(&["audit", "--json", "--quiet", "-"], Some(fen));
    let report = json_of(&out);
    assert_eq!(report["moves"], 7);
    assert_eq!(report["moves_by_kind"]["quiet"], 6);
    assert_eq!(report["files"][0], "<stdin>");
}

#[test]
fn bad_lines_are_reported_and_skipped() {
    let file = file_with(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1;e5d6\n\
         not a fen;e2e4\n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1;e2e4\n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1;\n\
         \n\
         4k3/8/8/8/8/8/8/4K3 w - - 0 1;e1e2\n",
    );
    let path = file.path().to_str().expect("utf-8 path");
    let out = swapoff(&["audit", "--json", path], None);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    for line in [2, 3, 4] {
        assert!(
            stderr.contains(&format!("{path}:{line}: ")),
            "line {line} not reported: {stderr}"
        );
    }
    assert!(!stderr.contains(&format!("{path}:5:")), "{stderr}");
    // Worded as every face words a refused FEN: the FEN quoted.
    assert!(
        stderr.contains(&format!("{path}:2: bad FEN \"not a fen\": ")),
        "{stderr}"
    );
    let report = json_of(&out);
    // Everything readable is still evaluated.
    assert_eq!(report["skipped"], 3);
    assert_eq!(report["moves"], 2);
    assert_eq!(report["lines"], 5);
}

#[test]
fn missing_file_is_fatal() {
    let out = swapoff(&["audit", "/nonexistent/swapoff-audit-input.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/swapoff-audit-input.txt"));
}

#[test]
fn table_has_a_row_per_rule_set() {
    let file = file_with(HAND);
    let path = file.path().to_str().expect("utf-8 path");
    let out = swapoff(&["audit", path], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let header = text
        .lines()
        .find(|l| l.starts_with("kind"))
        .expect("agreement header");
    for name in ["default", "classic", "stockfish"] {
        assert!(header.contains(name), "{header}");
    }
    // Speed rows: one per rule set, exact included, with a number of evaluations.
    for name in ["default", "classic", "stockfish", "exact"] {
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| {
                let mut words = l.split_whitespace();
                words.next() == Some(name) && words.next() == Some("10")
            })
            .collect();
        assert_eq!(rows.len(), 1, "speed row of {name} in:\n{text}");
    }
    // Cause rows, and the all-moves row: classic agrees on 5 of 10.
    for cause in [
        "pin",
        "check",
        "promotion",
        "equal-value order",
        "king rule",
        "other",
    ] {
        assert!(text.lines().any(|l| l.starts_with(cause)), "{cause}");
    }
    let all = text
        .lines()
        .find(|l| l.starts_with("all "))
        .expect("all row");
    assert!(all.contains("50.00% (5)"), "{all}");
}

/// On positions of random games (seed 3: neither the set the check rule was studied on,
/// seed 1, nor the one it was measured on, seed 2), the default rules agree with the exact
/// ones on at least 99.95% of the captures and promotions (the target of issue 15), and
/// never over a check, while classic and stockfish, which ignore checks, miss dozens of
/// them: the positions do put the rule to work. (Before the default rules knew discovered
/// checks they agreed on about 99.96% of such moves, every second miss a check.)
#[test]
fn default_rules_agree_with_exact_on_random_games() {
    let mut text = String::new();
    random_games::random_game_positions(3, 30_000, |fen| {
        text.push_str(&fen);
        text.push('\n');
        true
    });
    let file = file_with(&text);
    let path = file.path().to_str().expect("utf-8 path");
    let out = swapoff(&["audit", "--json", "--examples", "0", path], None);
    assert_eq!(out.status.code(), Some(0));
    let report = json_of(&out);
    assert_eq!(report["skipped"], 0);
    let moves = report["moves"].as_u64().expect("a move count");
    assert!(moves >= 15_000, "only {moves} captures");
    let default = rule_set(&report, "default");
    let agree = default["agree"].as_u64().expect("agree");
    assert!(
        agree as f64 >= 0.9995 * moves as f64,
        "default agrees on {agree} of {moves}"
    );
    assert_eq!(default["by_cause"]["check"], 0);
    for name in ["classic", "stockfish"] {
        let checks = rule_set(&report, name)["by_cause"]["check"]
            .as_u64()
            .expect("a count");
        assert!(checks >= 5, "{name}: only {checks} check disagreements");
    }
}

#[test]
fn a_threshold_without_against_is_refused_not_ignored() {
    let pairs = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/examples/pairs.txt"
    );
    let o = swapoff(&["audit", "--threshold", "5", pairs], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--threshold goes with --against"), "{err}");
    assert!(o.stdout.is_empty());
}
