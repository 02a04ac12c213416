//! `swapoff-lab replay ENGINE` on the repository's sample of each vendored engine's calls:
//! the engine's SEE replays the log's values, and each variant's checksum is what the
//! library answers on the same calls, computed here without the harness.

use std::process::Command;
use swapoff::ablation::Part;
use swapoff::{see_ge_with, see_with, Move, PieceValues, Rules, See};

fn sample(engine: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "../../testdata/engine-calls/{engine}-bench-sample.txt"
    ))
}

#[test]
fn tantabus_replays_its_log() {
    replays_its_log("tantabus", PieceValues::of(100, 320, 330, 500, 900), true);
}

#[test]
fn frozenight_replays_its_log() {
    replays_its_log("frozenight", PieceValues::of(100, 300, 325, 500, 900), true);
}

// Black Marlin's swap list is not the classic one: it never finds a queen among the
// attackers (it asks for the squares that both a rook and a bishop reach from the target,
// and there are none), values castling as taking its own rook and en passant as taking
// nothing, so even `>= 0` differs from the classic rules.
#[test]
fn blackmarlin_replays_its_log() {
    replays_its_log(
        "blackmarlin",
        PieceValues::of(100, 300, 300, 500, 900),
        false,
    );
}

#[test]
fn an_unknown_engine_is_refused_by_name() {
    let out = Command::new(env!("CARGO_BIN_EXE_swapoff-lab"))
        .args(["replay", "stockfish"])
        .arg(sample("tantabus"))
        .output()
        .expect("swapoff-lab runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        ["tantabus", "frozenight", "blackmarlin"]
            .iter()
            .all(|e| stderr.contains(e)),
        "{stderr}"
    );
}

/// `classic_agrees`: whether the engine's SEE is the classic swap list, so that its `>= 0`
/// answers are the classic rules' on every call.
fn replays_its_log(engine: &str, values: PieceValues, classic_agrees: bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_swapoff-lab"))
        .args(["replay", engine, "--rounds", "2", "--json"])
        .arg(sample(engine))
        .output()
        .expect("swapoff-lab runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");

    let text = std::fs::read_to_string(sample(engine)).unwrap();
    let (mut log, mut default, mut classic_sum, mut ge, mut classic_ge) = (0, 0, 0, 0, 0);
    let (mut calls, mut differ, mut pins, mut pins_checks) = (0, 0, 0, 0);
    for line in text.lines() {
        let mut f = line.split(';');
        let (fen, uci, value) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let board: cozy_chess::Board = fen.parse().unwrap();
        let mv = Move::from_cozy(&board, uci.parse().unwrap());
        let value: i64 = value.parse().unwrap();
        let ours = i64::from(see_with(&board, mv, &values));
        log += value;
        default += ours;
        differ += i64::from(ours != value);
        classic_sum += i64::from(
            See::new(Rules::Classic)
                .with_values(values)
                .value(&board, mv),
        );
        ge += i64::from(see_ge_with(&board, mv, 0, &values));
        classic_ge += i64::from(
            See::new(Rules::Classic)
                .with_values(values)
                .ge(&board, mv, 0),
        );
        let part = |part| i64::from(See::part(part).with_values(values).value(&board, mv));
        (pins, pins_checks) = (
            pins + part(Part::Pins),
            pins_checks + part(Part::PinsChecks),
        );
        calls += 1;
    }
    assert_eq!(report["calls"], calls);
    assert_eq!(report["log_checksum"], log);
    let differences = |name: &str| {
        let d = report["differences"].as_array().unwrap();
        d.iter().find(|x| x["variant"] == name).expect(name)["calls"].clone()
    };
    assert_eq!(differences(&format!("{engine} value")), 0);
    assert_eq!(differences("swapoff default value"), differ);
    let checksum = |name: &str| {
        let v = report["variants"].as_array().unwrap();
        let found = v.iter().find(|x| x["variant"] == name).expect(name);
        assert!(found["ns_per_call_median"].as_f64().unwrap() > 0.0);
        assert!(found["ratio"].as_f64().unwrap() > 0.0);
        found["checksum"].as_i64().unwrap()
    };
    assert_eq!(checksum(&format!("{engine} value")), log);
    assert_eq!(checksum("swapoff default value"), default);
    assert_eq!(checksum("swapoff classic value"), classic_sum);
    assert_eq!(checksum("swapoff default see_ge(0)"), ge);
    assert_eq!(checksum("swapoff classic see_ge(0)"), classic_ge);
    assert_eq!(checksum("swapoff pins value"), pins);
    assert_eq!(checksum("swapoff pins-checks value"), pins_checks);
    // The sample holds calls where the default rules are right and the engine is not, and
    // the classic rules answer `>= 0` as the engine does, if its SEE is the classic one.
    assert!(differ > 100, "{differ}");
    assert_ne!(default, log);
    let own_ge = checksum(&format!("{engine} >= 0"));
    assert_eq!(
        classic_ge == own_ge,
        classic_agrees,
        "{classic_ge} {own_ge}"
    );
}
