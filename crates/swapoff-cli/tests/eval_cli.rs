//! `seeswap eval` from the outside: values, thresholds, JSON, errors and batch alignment.

mod common;

use common::testdata;
use std::process::Output;

/// The chessprogramming wiki's first swap-algorithm example: Rxe5 wins the pawn, +100.
const WIKI_1: &str = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -";
/// The wiki's second example: Nxe5 = -225 with P=100, N=B=325, R=500, Q=1000.
const WIKI_2: &str = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - -";
const WIKI_VALUES: &str = "100,325,325,500,1000";
/// Leorik's suite, row 72: white knights on c3 and e3 can both take on d1.
const TWO_KNIGHTS: &str = "8/8/1k6/8/8/2N1N3/2p1p1K1/3n4 w - -";

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    common::run(args, stdin.map(str::as_bytes))
}

fn eval(args: &[&str]) -> Output {
    let mut all = vec!["eval"];
    all.extend_from_slice(args);
    run(&all, None)
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn wiki_examples_give_the_wiki_values() {
    let o = eval(&[WIKI_1, "Rxe5"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "100");

    let o = eval(&[WIKI_2, "Nxe5", "--values", WIKI_VALUES]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "-225");
}

#[test]
fn uci_and_san_agree_and_fen_may_be_split_into_words() {
    let san = eval(&[WIKI_2, "Nxe5", "--values", WIKI_VALUES]);
    let uci = eval(&[WIKI_2, "d3e5", "--values", WIKI_VALUES]);
    assert_eq!(stdout(&uci).trim(), "-225");
    assert_eq!(stdout(&san), stdout(&uci));

    let mut words: Vec<&str> = WIKI_1.split(' ').collect();
    words.push("e1e5");
    let o = eval(&words);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "100");
}

#[test]
fn threshold_prints_true_or_false() {
    for (t, want) in [("100", "true"), ("101", "false"), ("-500", "true")] {
        let o = eval(&[WIKI_1, "Rxe5", "--threshold", t]);
        assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), want, "threshold {t}");
    }
    // Negative thresholds around the wiki's -225.
    for (t, want) in [("-225", "true"), ("-224", "false")] {
        let o = eval(&[WIKI_2, "Nxe5", "--values", WIKI_VALUES, "--threshold", t]);
        assert_eq!(stdout(&o).trim(), want, "threshold {t}");
    }
}

#[test]
fn rules_and_values_flags_are_applied() {
    // With standard values (N=300) this is Leorik's suite row 30: P - N = -200.
    let o = eval(&[WIKI_2, "Nxe5"]);
    assert_eq!(stdout(&o).trim(), "-200");
    // No pin or check changes the wiki's sequence, so the exact search agrees with it.
    let o = eval(&[WIKI_2, "Nxe5", "--rules", "exact", "--values", WIKI_VALUES]);
    assert_eq!(stdout(&o).trim(), "-225");
    let o = eval(&[WIKI_1, "Rxe5", "--rules", "nonsense"]);
    assert_eq!(o.status.code(), Some(2));
    let o = eval(&[WIKI_1, "Rxe5", "--values", "1,2,3"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn json_has_the_documented_fields_and_the_wiki_gain_list() {
    let o = eval(&[
        WIKI_2,
        "Nxe5",
        "--values",
        WIKI_VALUES,
        "--threshold",
        "-225",
        "--trace",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(v["value"], -225);
    assert_eq!(v["see_ge"], true);
    assert_eq!(v["threshold"], -225);
    assert_eq!(v["fen"], WIKI_2);
    assert_eq!(v["move"], "d3e5");
    assert_eq!(v["san"], "Nxe5");
    assert_eq!(v["rules"], "default");
    assert_eq!(v["values"]["knight"], 325);
    assert_eq!(v["values"]["queen"], 1000);
    // The wiki's gain list before negamax.
    let gains: Vec<i64> = v["trace"]["gains"]
        .as_array()
        .expect("gains is an array")
        .iter()
        .filter_map(|g| g.as_i64())
        .collect();
    assert_eq!(gains, [100, 225, 100, 400, -75, 1075, -75]);
    assert_eq!(v["trace"]["negamax"][0], -225);
    // After Nd7xe5 white is better off not recapturing (-225 beats Re2xe5's line).
    assert_eq!(v["trace"]["played"], 2);
    assert_eq!(v["trace"]["stands_pat"], "white");

    // Without a threshold there is no see_ge; without --trace no trace.
    let o = eval(&[WIKI_1, "Rxe5", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("valid JSON");
    assert_eq!(v["value"], 100);
    assert!(v.get("see_ge").is_none() && v.get("trace").is_none(), "{v}");
}

#[test]
fn trace_shows_the_board_the_sequence_and_the_stand_pat() {
    let o = eval(&[WIKI_2, "Nxe5", "--values", WIKI_VALUES, "--trace"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let text = stdout(&o);
    // The target square in brackets on rank 5, the queens behind the rook and the bishop
    // as x-rays, in parentheses.
    let rank5 = text
        .lines()
        .find(|l| l.starts_with(" 5 "))
        .expect("a rank-5 row");
    assert!(rank5.contains("[p]"), "{rank5}");
    let rank1 = text.lines().find(|l| l.starts_with(" 1 ")).expect("rank 1");
    assert!(rank1.contains("(Q)"), "{rank1}");
    let rank8 = text.lines().find(|l| l.starts_with(" 8 ")).expect("rank 8");
    assert!(rank8.contains("(q)"), "{rank8}");
    // Pieces that take no part do not appear: the black king on b8.
    assert!(!rank8.contains('k'), "{rank8}");
    assert!(text.contains("Nd3xpe5"), "{text}");
    assert!(text.contains("qh8xQe5"), "{text}");
    assert!(text.contains("white stands pat"), "{text}");
    assert_eq!(text.lines().last(), Some("value -225"));
}

#[test]
fn bad_fen_names_the_field_and_exits_2() {
    let o = eval(&["1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 x - -", "Rxe5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("side to move"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());

    let o = eval(&["1k1r4/1pp4p/p7/4p3/9/P5P1/1PP4P/2K1R3 w - -", "Rxe5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("piece placement"), "{}", stderr(&o));

    let o = eval(&["1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w", "Rxe5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("field"), "{}", stderr(&o));
}

#[test]
fn illegal_move_names_the_move_and_nearby_moves() {
    // e6 is empty: a rook capture there does not exist; the rook's real moves are listed.
    let o = eval(&[WIKI_1, "Rxe6"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("Rxe6") && err.contains("e1e5"), "{err}");
    let o = eval(&[WIKI_1, "e1e8"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("e1e8"), "{}", stderr(&o));
    let o = eval(&[WIKI_1, "hello"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("hello"), "{}", stderr(&o));
}

#[test]
fn ambiguous_move_lists_both_knights() {
    let o = eval(&[TWO_KNIGHTS, "Nxd1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("ambiguous"), "{err}");
    assert!(err.contains("c3d1") && err.contains("e3d1"), "{err}");
    // Disambiguated, it evaluates: N takes N, c2xd1 promotes: 300 - (300 + 900 - 100).
    let o = eval(&[TWO_KNIGHTS, "Nexd1"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "-800");
}

#[test]
fn castling_is_worth_zero() {
    let o = eval(&["r3k2r/8/8/8/8/8/8/R3K2R w KQkq -", "O-O"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "0");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(eval(&[]).status.code(), Some(2));
    assert_eq!(eval(&["Rxe5"]).status.code(), Some(2));
    assert_eq!(
        eval(&[WIKI_1, "Rxe5", "--batch", "-"]).status.code(),
        Some(2)
    );
    // Multi-line traces would break the one-line-per-input rule.
    assert_eq!(eval(&["--batch", "-", "--trace"]).status.code(), Some(2));
    let o = eval(&["--batch", "/nonexistent/swapoff-input.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/swapoff-input.txt"));
}

/// Five input lines: good, blank, bad FEN, good with threshold, ambiguous move.
fn batch_input() -> String {
    [
        format!("{WIKI_1};Rxe5"),
        String::new(),
        "not a fen;Rxe5".to_string(),
        format!("{WIKI_1};e1e5;101"),
        format!("{TWO_KNIGHTS};Nxd1"),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn batch_keeps_outputs_aligned_with_inputs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("pairs.txt");
    std::fs::write(&path, batch_input()).expect("write input");
    let path_text = path.to_str().expect("UTF-8 temp path");
    let o = eval(&["--batch", path_text]);
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, ["100", "", "error", "false", "error"]);
    let err = stderr(&o);
    assert!(err.contains(&format!("{path_text}:3:")), "{err}");
    assert!(err.contains(&format!("{path_text}:5:")), "{err}");
    assert!(err.contains("c3d1") && err.contains("e3d1"), "{err}");
    assert!(!err.contains(":1:") && !err.contains(":4:"), "{err}");
}

#[test]
fn a_batch_threshold_too_large_says_so() {
    let input = format!("{WIKI_1};Rxe5;99999999999\n{WIKI_1};Rxe5;1e3\n");
    let o = run(&["eval", "--batch", "-"], Some(&input));
    assert_eq!(stdout(&o), "error\nerror\n");
    let err = stderr(&o);
    assert!(
        err.contains("<stdin>:1: threshold 99999999999 is out of range"),
        "{err}"
    );
    assert!(
        err.contains("<stdin>:2: threshold \"1e3\" is not an integer"),
        "{err}"
    );
}

#[test]
fn batch_reads_stdin_and_writes_json_lines() {
    let o = run(&["eval", "--batch", "-", "--json"], Some(&batch_input()));
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    let values: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    assert_eq!(values.len(), 5);
    assert_eq!(values[0]["value"], 100);
    assert_eq!(values[0]["line"], 1);
    assert!(values[1].is_null());
    assert_eq!(values[2]["line"], 3);
    assert!(values[2]["error"].is_string());
    assert_eq!(values[3]["see_ge"], false);
    assert!(values[4]["error"]
        .as_str()
        .is_some_and(|e| e.contains("ambiguous")));
    assert!(stderr(&o).contains("<stdin>:3:"), "{}", stderr(&o));
}

#[test]
fn batch_over_shared_pairs_agrees_with_its_threshold_form() {
    // The first 300 lines of the standard pairs file: all valid, so exit 0, one output
    // line each, and `--threshold 0` answers exactly `value >= 0` line by line.
    let text = std::fs::read_to_string(testdata("positions/see_pairs_head.txt"))
        .expect("read see_pairs.txt");
    let sample: String = text.lines().take(300).map(|l| format!("{l}\n")).collect();
    let values = run(&["eval", "--batch", "-"], Some(&sample));
    assert_eq!(values.status.code(), Some(0), "stderr: {}", stderr(&values));
    let ge = run(&["eval", "--batch", "-", "--threshold", "0"], Some(&sample));
    assert_eq!(ge.status.code(), Some(0), "stderr: {}", stderr(&ge));
    let values = stdout(&values);
    let ge = stdout(&ge);
    assert_eq!(values.lines().count(), 300);
    assert_eq!(ge.lines().count(), 300);
    let mut negative = 0;
    for (v, g) in values.lines().zip(ge.lines()) {
        let v: i32 = v.parse().expect("a value per line");
        assert_eq!(g, if v >= 0 { "true" } else { "false" });
        negative += usize::from(v < 0);
    }
    // The file mixes winning captures with quiet moves that hang a piece.
    assert!(negative > 0 && negative < 300, "{negative} negative values");
}

#[test]
fn every_fen_scan_writes_reads_back_in_eval_with_the_same_values() {
    // Chess960 games: scan writes X-FEN castling rights (KQkq for the outermost rooks, a
    // file letter for an inner rook); eval and its batch mode read them back.
    let pgn = testdata("pgn/cutechess-fischerrandom.pgn");
    let out = run(&["scan", "-q", pgn.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut batch = String::new();
    let mut want = Vec::new();
    let mut positions = 0;
    for line in stdout(&out).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let fen = v["fen"].as_str().unwrap();
        positions += 1;
        for c in v["captures"].as_array().unwrap() {
            batch.push_str(&format!("{fen};{}\n", c["move"].as_str().unwrap()));
            want.push(c["see"].as_i64().unwrap().to_string());
        }
        // Every position reads back, captures or not.
        batch.push_str(&format!("# {fen}\n"));
        want.push(String::new());
    }
    let got = run(&["eval", "--batch", "-"], Some(&batch));
    assert_eq!(got.status.code(), Some(0), "{}", stderr(&got));
    assert_eq!(stdout(&got).lines().collect::<Vec<_>>(), want);
    assert!(
        positions > 300 && want.len() > positions,
        "{positions} positions"
    );
    // A Chess960 castling move, king takes rook or SAN, is worth 0.
    let o = eval(&["1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "e1b1"]);
    assert_eq!(stdout(&o), "0\n");
    let o = eval(&["1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "O-O-O"]);
    assert_eq!(stdout(&o), "0\n");
}

#[test]
fn a_surplus_argument_is_named_as_such() {
    let o = eval(&[WIKI_1, "Rxe5", "extra"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("surplus argument after the move \"Rxe5\": extra"),
        "{}",
        stderr(&o)
    );
    // The FEN split over several arguments, move counters included, still reads.
    let mut words: Vec<&str> = WIKI_1.split(' ').collect();
    words.extend(["0", "1", "Rxe5"]);
    assert_eq!(stdout(&eval(&words)), "100\n");
    let o = eval(&["4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e.p."]);
    assert_eq!(stdout(&o), "100\n");
}

#[test]
fn the_trace_says_why_an_attacker_does_not_take() {
    // The e7 bishop is pinned along the e-file once the knight has left e4.
    let o = eval(&["4k3/4b3/8/6n1/4N3/8/8/K3R3 w - -", "Nxg5", "--trace"]);
    assert!(
        stdout(&o).contains("(be7 is pinned to its king)"),
        "{}",
        stdout(&o)
    );
    assert!(!stdout(&o).contains("no attacker left"), "{}", stdout(&o));
    // Nxe6 uncovers the a1 bishop's check: under the exact rules f7 cannot take back.
    let o = eval(&[
        "7k/5p2/4p3/8/3N4/8/8/B5K1 w - -",
        "Nxe6",
        "--trace",
        "--rules",
        "exact",
    ]);
    assert!(
        stdout(&o).contains("(pf7 cannot take: black is in check)"),
        "{}",
        stdout(&o)
    );
    // The same explanation in the JSON trace.
    let o = eval(&[
        "4k3/4b3/8/6n1/4N3/8/8/K3R3 w - -",
        "Nxg5",
        "--trace",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["trace"]["end"], "be7 is pinned to its king");
    // Nothing left to take with: said so.
    let o = eval(&[WIKI_1, "Rxe5", "--trace", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["trace"]["end"], "no attacker left");
}

#[test]
fn values_that_are_negative_or_too_large_are_named_not_taken_for_flags() {
    // `-100,...` was clap's "unexpected argument '-1'"; a number past 64 bits was "not
    // an integer".
    for (values, words) in [
        ("-100,300,300,500,900", "pawn value -100 must be positive"),
        ("100,300,300,500,-1", "queen value -1 must be positive"),
        (
            "100000000000000000000,300,300,500,900",
            "pawn value 100000000000000000000 is out of range",
        ),
    ] {
        for command in [
            &["eval", WIKI_2, "Nxe5", "--values", values][..],
            &["suite", "--values", values, "-"],
        ] {
            let o = run(command, Some(""));
            assert_eq!(o.status.code(), Some(2), "{command:?}");
            assert!(stderr(&o).contains(words), "{command:?}: {}", stderr(&o));
        }
    }
}

#[test]
fn a_move_refused_in_check_says_the_side_is_in_check() {
    // The likeliest reason a move is refused: it was said only as "not legal".
    let in_check = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1";
    for mv in ["Ra8", "a1a8"] {
        let o = eval(&[in_check, mv]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("is not legal in this position: White is in check"),
            "{}",
            stderr(&o)
        );
    }
    // Not in check: not said.
    let o = eval(&["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rxa8"]);
    assert!(!stderr(&o).contains("in check"), "{}", stderr(&o));
}

#[test]
fn a_long_bad_fen_is_quoted_cut_short() {
    // It was echoed whole, twice (100 KB: near the longest argument a process takes).
    let fen = format!("{} w - -", "x".repeat(100_000));
    let o = eval(&[&fen, "e4"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.len() < 500, "{} bytes: {:.300}", err.len(), err);
    assert!(err.contains("(100006 bytes)"), "{err}");
}

#[test]
fn a_chess960_position_with_one_fault_is_told_that_one() {
    // A pawn on the back rank beside Chess960 castling rights that are right: the rights
    // were reported wrong too.
    let o = eval(&["rk2r3/8/8/8/8/8/8/RK2R1P1 w EAea - 0 1", "Rxe8"]);
    let err = stderr(&o);
    assert!(
        err.contains("a pawn stands on the first or last rank"),
        "{err}"
    );
    assert!(!err.contains("castling"), "{err}");
    // Rights that are wrong in Chess960 too are still reported.
    let o = eval(&["rk2r3/8/8/8/8/8/8/RK2R1P1 w HAha - 0 1", "Rxe8"]);
    assert!(
        stderr(&o).contains("castling rights do not match"),
        "{}",
        stderr(&o)
    );
}

/// The `move` that `eval --json` writes for `mv` in `fen`.
fn json_move(fen: &str, mv: &str) -> String {
    let o = eval(&["--json", fen, mv]);
    assert_eq!(o.status.code(), Some(0), "{fen} {mv}: {}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    v["move"].as_str().expect("a move").to_string()
}

#[test]
fn every_move_written_reads_back_to_the_same_move() {
    // Chess960 castling is the king taking its rook, as python-chess writes it in
    // chess960 mode; standard chess keeps the king's two squares.
    let c960 = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
    assert_eq!(json_move(c960, "O-O-O"), "e1b1");
    assert_eq!(json_move(c960, "e1b1"), "e1b1");
    let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(json_move(standard, "O-O"), "e1g1");
    assert_eq!(json_move(standard, "O-O-O"), "e1c1");
    // A game from a Chess960 [FEN] with no [Variant], and a table's moves column: every
    // move played, as scan writes it, is the move eval reads from that text.
    let fen = "1rk5/8/8/8/8/8/8/1RK1R3 w BEb - 0 1";
    let pgn = format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n1. O-O-O O-O-O 2. Rd2 Rd7 *\n");
    let csv = format!("fen,moves\n\"{fen}\",\"c1b1 c8b8\"\n\"{fen}\",\"O-O\"\n");
    let scanned = [
        run(&["scan", "-q", "--columns", "fen,played", "-"], Some(&pgn)),
        run(
            &[
                "scan",
                "-q",
                "--columns",
                "fen,played",
                "--moves-column",
                "moves",
                "--apply",
                "0",
                "-",
            ],
            Some(&csv),
        ),
    ];
    let mut played = Vec::new();
    for o in &scanned {
        assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
        for line in stdout(o).lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            if let Some(mv) = v["played"].as_str() {
                let fen = v["fen"].as_str().unwrap();
                assert_eq!(json_move(fen, mv), mv, "{fen}");
                played.push(mv.to_string());
            }
        }
    }
    assert_eq!(played, ["c1b1", "c8b8", "d1d2", "d8d7", "c1b1", "c1e1"]);
}
