//! `seeswap bench --calls` on the repository's sample of tantabus's SEE calls: every
//! variant's checksum is what the library answers call by call, and the differences from
//! the log are counted as the library counts them.

mod common;

use common::{run, testdata, text};
use swapoff::{see_ge_with, see_with, Move, PieceValues, Rules, See};

#[test]
fn the_calls_replay_reports_each_variant_and_its_differences_from_the_log() {
    let sample = testdata("engine-calls/tantabus-bench-sample.txt");
    let path = sample.to_str().unwrap();
    let args = ["bench", "--calls", path, "--rounds", "2", "--json"];
    let o = run(
        &[&args[..], &["--values", "100,320,330,500,900"]].concat(),
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");

    let values = PieceValues::new(100, 320, 330, 500, 900).unwrap();
    let (mut log, mut default, mut classic_sum, mut ge, mut classic_ge) = (0, 0, 0, 0, 0);
    let (mut calls, mut default_differs, mut classic_differs) = (0, 0, 0);
    for line in std::fs::read_to_string(&sample).unwrap().lines() {
        let mut f = line.split(';');
        let (fen, uci, value) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let board: cozy_chess::Board = fen.parse().unwrap();
        let mv = Move::from_cozy(&board, uci.parse().unwrap());
        let value: i32 = value.parse().unwrap();
        let (ours, theirs) = (
            see_with(&board, mv, &values),
            See::new(Rules::Classic)
                .with_values(values)
                .value(&board, mv),
        );
        log += i64::from(value);
        default += i64::from(ours);
        classic_sum += i64::from(theirs);
        default_differs += u64::from(ours != value);
        classic_differs += u64::from(theirs != value);
        ge += i64::from(see_ge_with(&board, mv, 0, &values));
        classic_ge += i64::from(
            See::new(Rules::Classic)
                .with_values(values)
                .ge(&board, mv, 0),
        );
        calls += 1;
    }
    assert_eq!(report["calls"], calls);
    assert_eq!(report["rounds"], 2);
    assert_eq!(report["log_checksum"], log);
    let variants = report["variants"].as_array().unwrap();
    let checksum = |name: &str| {
        let found = variants.iter().find(|x| x["variant"] == name).expect(name);
        assert!(found["ns_per_call_median"].as_f64().unwrap() > 0.0);
        found["checksum"].as_i64().unwrap()
    };
    assert_eq!(checksum("swapoff default value"), default);
    assert_eq!(checksum("swapoff classic value"), classic_sum);
    assert_eq!(checksum("swapoff default see_ge(0)"), ge);
    assert_eq!(checksum("swapoff classic see_ge(0)"), classic_ge);
    let differences = report["differences"].as_array().unwrap();
    assert_eq!(differences[0]["variant"], "swapoff default value");
    assert_eq!(differences[0]["calls"], default_differs);
    assert_eq!(differences[1]["calls"], classic_differs);
    // The default rules are right where the engine is not: they differ more often.
    assert!(
        default_differs > classic_differs,
        "{default_differs} {classic_differs}"
    );

    // A log line that is not a call is an error naming it; --rounds needs --calls.
    let bad = run(
        &["bench", "--calls", "-"],
        Some(b"8/8/8/8/8/8/8/K6k w - - 0 1;e2e4\n"),
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("<stdin>:1: e2e4 is not a legal move"),
        "{}",
        text(&bad.stderr)
    );
    // A four-field FEN, an en passant capture and a quiet move are calls like any other.
    let odd = run(
        &["bench", "--calls", "-", "--rounds", "1", "--json"],
        Some(b"4k3/8/8/3pP3/8/8/8/4K3 w - d6;e5d6\n4k3/8/8/3pP3/8/8/8/4K3 w - d6;e1e2\n"),
    );
    assert_eq!(odd.status.code(), Some(0), "{}", text(&odd.stderr));
    let usage = run(&["bench", "--rounds", "3"], None);
    assert_eq!(usage.status.code(), Some(2));
}
