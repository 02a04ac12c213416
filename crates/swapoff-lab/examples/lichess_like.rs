//! Writes a Lichess-like PGN of about `--bytes` bytes (`swapoff_lab::lichess_like`: random
//! legal games with Lichess's tags and `[%eval]`/`[%clk]` comments, synthetic) to standard
//! output. The same `--seed` gives the same file.
//!
//! ```sh
//! cargo run --release -p swapoff-lab --example lichess_like -- --bytes 1000000000 --seed 1 \
//!     | zstd -3 > lichess-like.pgn.zst
//! ```

use std::io::Write;
use swapoff_lab::lichess_like::game;
use swapoff_lab::testing::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| {
                v.parse()
                    .unwrap_or_else(|_| panic!("{name} takes a whole number, not {v:?}"))
            })
    };
    let (bytes, seed) = (flag("--bytes", 100_000_000), flag("--seed", 1));
    let mut rng = Rng(seed);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let (mut written, mut number, mut text) = (0u64, 0u64, String::new());
    while written < bytes {
        number += 1;
        text.clear();
        game(number, &mut rng, &mut text);
        if out.write_all(text.as_bytes()).is_err() {
            return; // A closed pipe ends the run.
        }
        written += text.len() as u64;
    }
    let _ = out.flush();
    eprintln!("lichess_like: {number} games, {written} bytes");
}
