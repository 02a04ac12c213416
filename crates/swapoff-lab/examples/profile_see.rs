//! Profiling harness: one SEE case in a tight loop over the benchmark pairs (`SWAPOFF_PAIRS`,
//! or the command-line tool's built-in ones), for callgrind, perf or a look at the
//! generated code.
//!
//! ```text
//! cargo build --profile profiling -p swapoff --example profile_see
//! valgrind --tool=callgrind --toggle-collect='*hot_loop*' \
//!     target/profiling/examples/profile_see --adapter cozy --case ge0 --lines 20000 --reps 10
//! objdump -d --no-show-raw-insn target/profiling/examples/profile_see | less   # hot_loop
//! ```
//!
//! Flags (all optional):
//! `--adapter shakmaty|cozy|shakmaty-cached|cozy-cached|pleco|on-pleco|recursive`
//! (cozy; `-cached`: boards wrapped in a `PreparedBoard` before timing; `pleco`: pleco's own
//! `see_ge`; `on-pleco`: swapoff on pleco's boards, plain moves only),
//! `--case ge0|ge0-call|cycle|value|pins` (ge0; `ge0-call`: through a function never
//! inlined, whose inclusive count is one call's cost alone),
//! `--rules default|classic|stockfish` (default),
//! `--moves all|captures|plain` (all; pleco always runs on plain moves), `--reps N` (20),
//! `--lines N` (lines of the pairs file to load, all by default), `--chunks N` (16),
//! `--rounds N` (0), `--chunk-size N` (1000; a size above the file's pair count makes one
//! chunk of every pair: for counting instructions over a whole pairs file).
//! Prints the number of calls, nanoseconds per call and a checksum; callgrind's inclusive
//! count of `hot_loop` divided by the calls gives instructions per call. With `--rounds N`
//! it then times N single passes over the chunks and prints the fastest: a pass takes well
//! under a millisecond, so on a busy machine some passes run without being preempted, and
//! the fastest is a steadier figure than any average.

use std::hint::black_box;
use std::time::Instant;

use swapoff::{Color, Pins, PreparedBoard, Rules, See, SeeBoard};
use swapoff_lab::pairs::{self, Pair};
use swapoff_lab::pleco_board::PlecoBoard;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Case {
    Ge0,
    /// `see_ge(move, 0)` through a function that is never inlined: callgrind's inclusive
    /// count of `outlined_ge` over the calls is the cost of one call alone, as the
    /// Stockfish comparator's `once` mode counts its `see_ge`.
    Ge0Call,
    Cycle,
    Value,
    Pins,
}

struct Options {
    adapter: String,
    case: Case,
    rules: Rules,
    moves: String,
    reps: usize,
    lines: usize,
    chunks: usize,
    rounds: usize,
    chunk_size: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        adapter: "cozy".into(),
        case: Case::Ge0,
        rules: Rules::Default,
        moves: "all".into(),
        reps: 20,
        lines: usize::MAX,
        chunks: 16,
        rounds: 0,
        chunk_size: 1_000,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [flag, value] = pair else {
            return Err(format!("flag {} has no value", pair[0]));
        };
        let number = || {
            value
                .parse::<usize>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--adapter" => o.adapter = value.clone(),
            "--case" => {
                o.case = match value.as_str() {
                    "ge0" => Case::Ge0,
                    "ge0-call" => Case::Ge0Call,
                    "cycle" => Case::Cycle,
                    "value" => Case::Value,
                    "pins" => Case::Pins,
                    _ => return Err(format!("unknown case {value}")),
                }
            }
            "--rules" => o.rules = value.parse().map_err(|e| format!("{e}"))?,
            "--moves" => o.moves = value.clone(),
            "--reps" => o.reps = number()?,
            "--lines" => o.lines = number()?,
            "--chunks" => o.chunks = number()?.max(1),
            "--rounds" => o.rounds = number()?,
            "--chunk-size" => o.chunk_size = number()?.max(1),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(o)
}

/// The timed loop; its inclusive instruction count is what to read in callgrind.
#[inline(never)]
fn hot_loop<F: FnMut(&[Pair]) -> i64>(chunks: &[Vec<Pair>], reps: usize, mut f: F) -> i64 {
    let mut sum = 0i64;
    for _ in 0..reps {
        for chunk in chunks {
            sum = sum.wrapping_add(f(black_box(chunk)));
        }
    }
    sum
}

#[inline(never)]
fn see_chunk<B: SeeBoard>(see: See, boards: &[B], pairs: &[Pair], case: Case) -> i64 {
    // The free functions are the entry points an engine calls for the default rules; each
    // gets a loop of its own, as it would have at an engine's call site.
    if see.rules() == Rules::Default {
        match case {
            Case::Ge0 => return free_chunk(boards, pairs, |b, p| swapoff::see_ge(b, p.mv, 0)),
            Case::Ge0Call => return free_chunk(boards, pairs, |b, p| outlined_ge(see, b, p.mv)),
            Case::Cycle => {
                return free_chunk(boards, pairs, |b, p| swapoff::see_ge(b, p.mv, p.threshold))
            }
            Case::Value => return free_chunk(boards, pairs, |b, p| swapoff::see(b, p.mv)),
            Case::Pins => {}
        }
    }
    let mut sum = 0i64;
    for p in pairs {
        let b = &boards[p.pos as usize];
        sum += match case {
            Case::Ge0 => i64::from(see.ge(b, p.mv, 0)),
            Case::Ge0Call => i64::from(outlined_ge(see, b, p.mv)),
            Case::Cycle => i64::from(see.ge(b, p.mv, p.threshold)),
            Case::Value => i64::from(see.value(b, p.mv)),
            Case::Pins => {
                let w = Pins::compute(b, Color::White);
                let k = Pins::compute(b, Color::Black);
                (w.blockers ^ k.blockers ^ w.pinners ^ k.pinners).count_ones() as i64
            }
        };
    }
    sum
}

/// `see_ge(mv, 0)` under `see`'s rules (the free functions for the default and the
/// Stockfish rules), through a function of its own per rule set that is never inlined:
/// its inclusive instruction count is the cost of the call alone, with no choice of rules
/// in it (the Stockfish comparator's `see_ge` has none either).
fn outlined_ge<B: SeeBoard>(see: See, board: &B, mv: swapoff::Move) -> bool {
    match see.rules() {
        Rules::Default => outlined_ge_default(board, mv),
        Rules::Stockfish => outlined_ge_stockfish(board, mv),
        _ => outlined_ge_other(see, board, mv),
    }
}

#[inline(never)]
fn outlined_ge_default<B: SeeBoard>(board: &B, mv: swapoff::Move) -> bool {
    swapoff::see_ge(board, mv, 0)
}

#[inline(never)]
fn outlined_ge_stockfish<B: SeeBoard>(board: &B, mv: swapoff::Move) -> bool {
    const STOCKFISH: See = See::new(swapoff::Rules::Stockfish);
    STOCKFISH.ge(board, mv, 0)
}

#[inline(never)]
fn outlined_ge_other<B: SeeBoard>(see: See, board: &B, mv: swapoff::Move) -> bool {
    see.ge(board, mv, 0)
}

/// One free-function call per pair, in a loop of its own.
#[inline(never)]
fn free_chunk<B: SeeBoard, T: Into<i64>>(
    boards: &[B],
    pairs: &[Pair],
    f: impl Fn(&B, &Pair) -> T,
) -> i64 {
    pairs
        .iter()
        .map(|p| f(&boards[p.pos as usize], p).into())
        .sum()
}

#[inline(never)]
fn pleco_chunk(boards: &[pleco::Board], pairs: &[Pair], case: Case) -> i64 {
    pairs
        .iter()
        .map(|p| {
            let t = if case == Case::Cycle { p.threshold } else { 0 };
            i64::from(boards[p.ppos as usize].see_ge(p.pmv, t))
        })
        .sum()
}

/// swapoff on pleco's boards (the same data and tables pleco's `see_ge` reads).
#[inline(never)]
fn on_pleco_chunk(see: See, boards: &[pleco::Board], pairs: &[Pair], case: Case) -> i64 {
    let board = |p: &Pair| PlecoBoard(&boards[p.ppos as usize]);
    let mut sum = 0i64;
    if see.rules() == Rules::Default {
        for p in pairs {
            sum += match case {
                Case::Ge0 => i64::from(swapoff::see_ge(&board(p), p.mv, 0)),
                Case::Cycle => i64::from(swapoff::see_ge(&board(p), p.mv, p.threshold)),
                _ => i64::from(swapoff::see(&board(p), p.mv)),
            };
        }
        return sum;
    }
    for p in pairs {
        sum += match case {
            Case::Ge0 => i64::from(see.ge(&board(p), p.mv, 0)),
            Case::Cycle => i64::from(see.ge(&board(p), p.mv, p.threshold)),
            _ => i64::from(see.value(&board(p), p.mv)),
        };
    }
    sum
}

#[inline(never)]
fn recursive_chunk<B: SeeBoard>(rules: Rules, boards: &[B], pairs: &[Pair], case: Case) -> i64 {
    let values = rules.default_values();
    pairs
        .iter()
        .map(|p| {
            let v = swapoff_lab::recursive::see(&boards[p.pos as usize], p.mv, rules, &values);
            match case {
                Case::Cycle => i64::from(v >= p.threshold),
                Case::Value => i64::from(v),
                _ => i64::from(v >= 0),
            }
        })
        .sum()
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("profile_see: {e}");
            std::process::exit(2);
        }
    };
    let data = pairs::load_first(o.lines);
    let base: Vec<Pair> = if o.adapter.ends_with("pleco") || o.moves == "plain" {
        data.plain.clone()
    } else {
        data.all.clone()
    };
    let selected: Vec<Pair> = match o.moves.as_str() {
        "captures" => base.into_iter().filter(|p| p.capture).collect(),
        _ => base,
    };
    let chunks = pairs::chunks(&selected, o.chunk_size, o.chunks);
    let calls: usize = chunks.iter().map(Vec::len).sum::<usize>() * o.reps;
    let see = See::new(o.rules);
    let chess_cached: Vec<_> = data.chess.iter().map(PreparedBoard::new).collect();
    let cozy_cached: Vec<_> = data.cozy.iter().map(PreparedBoard::new).collect();
    let run = |reps: usize| match o.adapter.as_str() {
        "shakmaty" => Some(hot_loop(&chunks, reps, |c| {
            see_chunk(see, &data.chess, c, o.case)
        })),
        "cozy" => Some(hot_loop(&chunks, reps, |c| {
            see_chunk(see, &data.cozy, c, o.case)
        })),
        "shakmaty-cached" => Some(hot_loop(&chunks, reps, |c| {
            see_chunk(see, &chess_cached, c, o.case)
        })),
        "cozy-cached" => Some(hot_loop(&chunks, reps, |c| {
            see_chunk(see, &cozy_cached, c, o.case)
        })),
        "pleco" => Some(hot_loop(&chunks, reps, |c| {
            pleco_chunk(&data.pleco, c, o.case)
        })),
        "on-pleco" => Some(hot_loop(&chunks, reps, |c| {
            on_pleco_chunk(see, &data.pleco, c, o.case)
        })),
        "recursive" => Some(hot_loop(&chunks, reps, |c| {
            recursive_chunk(o.rules, &data.cozy, c, o.case)
        })),
        _ => None,
    };
    let started = Instant::now();
    let Some(sum) = run(o.reps) else {
        eprintln!("profile_see: unknown adapter {}", o.adapter);
        std::process::exit(2);
    };
    let elapsed = started.elapsed();
    let mut best = f64::INFINITY;
    let per_round = chunks.iter().map(Vec::len).sum::<usize>().max(1) as f64;
    for _ in 0..o.rounds {
        let start = Instant::now();
        black_box(run(1));
        best = best.min(start.elapsed().as_nanos() as f64 / per_round);
    }
    let rounds = if o.rounds > 0 {
        format!(", best of {} rounds {best:.2} ns/call", o.rounds)
    } else {
        String::new()
    };
    println!(
        "{} {:?} {} {}: {calls} calls, {:.2} ns/call{rounds}, checksum {sum}",
        o.adapter,
        o.case,
        o.rules,
        o.moves,
        elapsed.as_nanos() as f64 / calls.max(1) as f64
    );
}
