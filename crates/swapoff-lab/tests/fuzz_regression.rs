//! Replays every committed fuzz seed (`fuzz/seeds/<target>/*`, findings included) through
//! the same checks the fuzz targets run, so that CI keeps what the fuzzer found fixed
//! without running the fuzzer. The checks are the lab's (`swapoff_lab::fuzz`), which
//! need no libfuzzer.

use swapoff_lab::fuzz as checks;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

fn seeds_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds")
}

/// Runs every seed of `target`; fails listing each seed that broke an invariant.
fn replay(target: &str) {
    let dir = seeds_dir().join(target);
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "fuzz seed folder {} is missing or unreadable ({e}); it is committed with the repository",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    files.retain(|p| p.is_file());
    files.sort();
    assert!(
        files.len() >= 10,
        "only {} seeds in {}: the committed corpus is incomplete",
        files.len(),
        dir.display()
    );
    let mut failures = Vec::new();
    for file in &files {
        let data = fs::read(file).unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        let outcome = catch_unwind(AssertUnwindSafe(|| checks::run_target(target, &data)));
        match outcome {
            Ok(true) => {}
            Ok(false) => failures.push(format!("{target} is not a known target")),
            Err(panic) => {
                let why = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "non-text panic".to_string());
                failures.push(format!("{}: {why}", file.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} seeds of {target} fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_inputs_seeds_replay() {
    replay("parse_inputs");
}

#[test]
fn see_invariants_seeds_replay() {
    replay("see_invariants");
}

#[test]
fn read_inputs_seeds_replay() {
    replay("read_inputs");
}

/// Every seed folder belongs to a target this test replays, so no finding is forgotten.
#[test]
fn every_seed_folder_is_replayed() {
    let dir = seeds_dir();
    let entries = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("fuzz seed folder {} is missing ({e})", dir.display()));
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
            .path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            assert!(
                checks::TARGETS.contains(&name),
                "seed folder {} has no check in fuzz/src/lib.rs",
                path.display()
            );
        }
    }
    for target in checks::TARGETS {
        assert!(
            dir.join(target).is_dir(),
            "no seed folder for target {target} in {}",
            dir.display()
        );
    }
}
