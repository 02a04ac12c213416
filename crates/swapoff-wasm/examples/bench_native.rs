//! The native side of the WebAssembly benchmark (`scripts/wasm-bench`): the SEE of every
//! `FEN;UCI` pair of a file through the functions the npm package calls (FEN parsing and
//! move reading included, as in JavaScript), in nanoseconds per pair, for `see` (one call
//! per pair) and `seeMany` (one call for all).
//!
//! `cargo run --release -p swapoff-wasm --example bench_native -- PAIRS [ROUNDS]`

use std::hint::black_box;
use std::time::Instant;
use swapoff_scan::{Position, Question};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("give a FEN;UCI pairs file")?;
    let rounds: usize = args
        .next()
        .map_or(Ok(5), |r| r.parse())
        .map_err(|e| format!("{e}"))?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let pairs: Vec<(&str, &str)> = text
        .lines()
        .filter_map(|l| swapoff_bench::fen_move::fen_move(l).ok().flatten())
        .map(|pair| (pair.fen, pair.mv))
        .collect();
    let question = Question::new("default", None, None)?;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut sum = 0i64;
        for (fen, mv) in &pairs {
            let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
            let m = pos.see_move(mv).map_err(|e| e.to_string())?;
            sum += i64::from(question.answer(&pos, m));
        }
        let one = start.elapsed().as_nanos() as f64 / pairs.len() as f64;
        black_box(sum);
        let start = Instant::now();
        let many = question
            .rows(0..pairs.len(), |i| Ok(pairs[i].0), |i| Ok(pairs[i].1))
            .map_err(|(i, why)| format!("row {i}: {why}"))?;
        let all = start.elapsed().as_nanos() as f64 / pairs.len() as f64;
        black_box(many);
        println!("native see {one:.0} ns/pair, seeMany {all:.0} ns/pair");
    }
    Ok(())
}
