//! Checking another engine's SEE: `audit --against` (its answers against the exact value,
//! disagreements classified) and `make-suite` (balanced suites valued by the exact rules),
//! with the two suites shipped in `testdata/suites/`.

mod common;

use common::{testdata, text};
use std::collections::BTreeMap;
use std::process::Output;

fn seeswap(args: &[&str]) -> Output {
    common::seeswap().args(args).output().expect("seeswap runs")
}

const STOCKFISH_VALUES: &str = "208,781,825,1276,2538";

/// The recorded commands that made the shipped suites.
fn make(values: &str, seed: &str) -> Output {
    let uho = testdata("positions/uho_head.epd");
    let endgames = testdata("positions/endgames_head.epd");
    seeswap(&[
        "make-suite",
        "--count",
        "240",
        "--seed",
        seed,
        "--values",
        values,
        uho.to_str().unwrap(),
        endgames.to_str().unwrap(),
    ])
}

#[test]
fn the_shipped_suites_are_what_make_suite_writes_and_exact_passes_them() {
    for (file, values) in [
        ("suites/swapoff_standard.epd", "100,300,300,500,900"),
        ("suites/swapoff_stockfish_values.epd", STOCKFISH_VALUES),
    ] {
        let shipped = std::fs::read_to_string(testdata(file)).unwrap();
        let made = make(values, "1");
        assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
        assert_eq!(
            text(&made.stdout),
            shipped,
            "{file} is stale: regenerate it"
        );
        let path = testdata(file);
        let o = seeswap(&[
            "suite",
            "--rules",
            "exact",
            "--values",
            values,
            path.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
        assert!(text(&o.stdout).ends_with(" passed, 0 failed\n"));
        // Balanced: every category has rows, none has more than its share.
        let mut per_category: BTreeMap<String, usize> = BTreeMap::new();
        for line in shipped.lines() {
            let category = line.rsplit(';').next().unwrap().trim().to_string();
            *per_category.entry(category).or_default() += 1;
        }
        assert_eq!(per_category.len(), 12, "{per_category:?}");
        assert!(
            per_category.values().all(|&n| (1..=20).contains(&n)),
            "{per_category:?}"
        );
        // The suite tells the rule sets apart: the fast ones fail some rows.
        let o = seeswap(&[
            "suite",
            "--rules",
            "classic",
            "--values",
            values,
            path.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(1));
    }
}

#[test]
fn make_suite_depends_on_the_seed_and_reads_pgn() {
    let a = make("100,300,300,500,900", "2");
    let b = make("100,300,300,500,900", "3");
    assert_ne!(a.stdout, b.stdout, "different seeds, different suites");
    let pgn = testdata("pgn/kasparov-deep-blue-1997.pgn");
    let o = seeswap(&["make-suite", "--count", "24", pgn.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let lines = text(&o.stdout);
    assert!(lines.lines().count() >= 12, "{lines}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("from_pgn.epd");
    std::fs::write(&path, &lines).unwrap();
    let o = seeswap(&["suite", "--rules", "exact", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}

/// An engine whose SEE is the classic swap algorithm, answering on the shipped suite:
/// every disagreement is found, explained through the classic rules, and counted.
#[test]
fn audit_against_classifies_an_engines_answers() {
    let suite = testdata("suites/swapoff_standard.epd");
    let dir = tempfile::tempdir().unwrap();
    // The "engine": classic values for every row, written FEN;MOVE;VALUE.
    let rows = std::fs::read_to_string(&suite).unwrap();
    let pairs: String = rows
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            format!("{};{}\n", f[0].trim(), f[1].trim())
        })
        .collect();
    let pairs_path = dir.path().join("pairs.txt");
    std::fs::write(&pairs_path, &pairs).unwrap();
    let o = seeswap(&[
        "eval",
        "--batch",
        pairs_path.to_str().unwrap(),
        "--rules",
        "classic",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let answers: String = pairs
        .lines()
        .zip(text(&o.stdout).lines())
        .map(|(p, v)| format!("{p};{v}\n"))
        .collect();
    let theirs = dir.path().join("theirs.txt");
    std::fs::write(&theirs, &answers).unwrap();
    let o = seeswap(&["audit", "--against", theirs.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let against = &report["against"];
    let moves = against["moves"].as_u64().unwrap();
    let agree = against["agree"].as_u64().unwrap();
    assert_eq!(moves, rows.lines().count() as u64);
    // As many disagreements as `suite --rules classic` finds failing rows.
    let failed = seeswap(&["suite", "--rules", "classic", suite.to_str().unwrap()]);
    let last = text(&failed.stdout).lines().last().unwrap().to_string();
    let failed_rows: u64 = last
        .split(", ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(moves - agree, failed_rows, "{last}");
    let by_cause = against["disagree_by_cause"].as_object().unwrap();
    let total: u64 = by_cause.values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(total, moves - agree);
    // Classic ignores pins: pins are among the causes. Every example is explained
    // through a built-in rule set that gives the engine's answer.
    assert!(by_cause["pin"].as_u64().unwrap() > 0, "{by_cause:?}");
    let examples = against["examples"].as_array().unwrap();
    assert!(!examples.is_empty());
    for e in examples {
        let model = e["model"].as_str().expect("a rule set explains it");
        let fen = e["fen"].as_str().unwrap();
        let mv = e["move"].as_str().unwrap();
        let o = seeswap(&["eval", fen, mv, "--rules", model]);
        assert_eq!(text(&o.stdout).trim(), e["theirs"].as_str().unwrap(), "{e}");
        assert_ne!(e["theirs"].as_str().unwrap(), e["exact"].to_string(), "{e}");
    }

    // The same engine as a threshold test: SEE >= 0 answers as 1/0.
    let ge: String = answers
        .lines()
        .map(|l| {
            let (pair, v) = l.rsplit_once(';').unwrap();
            format!("{pair};{}\n", u8::from(v.parse::<i32>().unwrap() >= 0))
        })
        .collect();
    std::fs::write(&theirs, &ge).unwrap();
    let o = seeswap(&[
        "audit",
        "--against",
        theirs.to_str().unwrap(),
        "--threshold",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("SEE >= 0"), "{}", text(&o.stdout));
    // A value where a boolean is due is a bad line, reported and skipped.
    std::fs::write(&theirs, &answers).unwrap();
    let o = seeswap(&[
        "audit",
        "--against",
        theirs.to_str().unwrap(),
        "--threshold",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("is not 1, 0, true or false"));
}

#[test]
fn audit_against_an_answer_no_rule_set_gives_is_other() {
    let dir = tempfile::tempdir().unwrap();
    let theirs = dir.path().join("odd.txt");
    // Rxe5 wins a pawn; an answer of +700 matches no rule set.
    std::fs::write(
        &theirs,
        "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - -;Rxe5;700\n",
    )
    .unwrap();
    let o = seeswap(&["audit", "--against", theirs.to_str().unwrap(), "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["against"]["disagree_by_cause"]["other"], 1);
    assert_eq!(
        report["against"]["examples"][0]["model"],
        serde_json::Value::Null
    );
}
