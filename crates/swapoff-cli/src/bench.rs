//! `swapoff bench`: times `see` and `see_ge` on the shared `FEN;UCI` pairs from this
//! binary, with `std::time::Instant`, and the naive recursive SEE beside them.
//!
//! Every position is parsed with both adapters (shakmaty and cozy-chess) and every move
//! converted before any timing. Two passes per case:
//! - `hot`: 16 chunks of 1,000 consecutive pairs spread over the file, cycled until a
//!   repetition has run long enough, so the boards stay in cache (the engine case);
//! - `cold`: full passes over every selected pair.
//!
//! Rule sets: default, classic and stockfish with their own values, and
//! `default+pincache`: the default rules on boards wrapped in [`swapoff::PinCache`]
//! before timing (pins and a piece array computed once per position, as engines keep
//! them).
//!
//! Each case runs up to `--reps` short timed repetitions after one untimed warm-up (fewer
//! when a case's repetitions pass `--budget` milliseconds, as the recursive comparator's
//! do). The line shows the best repetition's nanoseconds per call and calls per second,
//! and the median: on a busy machine the best one is the cost of the code and the median
//! includes time the process waited for a core. The
//! criterion benchmarks (`cargo bench -p swapoff --bench see`) add pleco's `see_ge` as a
//! comparator; pleco is not a dependency of this binary.

use crate::common::{fatal, EXIT_OK, EXIT_PARTIAL};
use serde::Serialize;
use std::collections::HashMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use swapoff::{Move, PinCache, Rules, See, SeeBoard};

/// Flags of `swapoff bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The `FEN;UCI` pairs file (default: `../shared/data/see_pairs.txt`, looked for from
    /// the current directory and its parents, then from the executable's directories).
    #[arg(long, value_name = "FILE")]
    pairs: Option<PathBuf>,

    /// Most timed repetitions per case.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=1000))]
    reps: u32,

    /// Minimum duration of one hot repetition, in milliseconds.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    millis: u64,

    /// Time budget per case in milliseconds: no new repetition starts past it once three
    /// have run.
    #[arg(long, default_value_t = 250, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    budget: u64,

    /// Which passes to time.
    #[arg(long, value_enum, default_value_t = Mode::Both)]
    mode: Mode,

    /// Skip the recursive comparator.
    #[arg(long)]
    no_recursive: bool,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// Hot chunks, cold full passes, or both.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Chunks of 1,000 pairs repeated (boards in cache).
    Hot,
    /// Full passes over every pair.
    Cold,
    /// Both.
    Both,
}

/// Pairs per hot chunk.
const CHUNK: usize = 1_000;
/// Hot chunks cycled through.
const HOT_CHUNKS: usize = 16;
/// Thresholds of the cycling case, in turn along the file.
const THRESHOLDS: [i32; 3] = [-100, 0, 100];
/// Bad lines quoted on stderr before the rest are only counted.
const MAX_QUOTED: usize = 20;

/// One `FEN;UCI` line, ready to time.
#[derive(Clone, Copy, Debug)]
struct Pair {
    /// Index into [`Data::chess`] and [`Data::cozy`].
    pos: u32,
    mv: Move,
    threshold: i32,
    capture: bool,
}

/// The parsed pairs file.
struct Data {
    chess: Vec<shakmaty::Chess>,
    cozy: Vec<cozy_chess::Board>,
    all: Vec<Pair>,
    /// Lines that could not be used, each with `line: why`.
    bad: Vec<String>,
}

/// Where the pairs file is looked for when `--pairs` is not given.
fn candidate_paths() -> Vec<PathBuf> {
    let relative = Path::new("..")
        .join("shared")
        .join("data")
        .join("see_pairs.txt");
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        dirs.extend(cwd.ancestors().map(Path::to_path_buf));
    }
    if let Ok(exe) = std::env::current_exe() {
        dirs.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
    }
    // The repository this binary was built from, for a binary run from elsewhere.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    dirs.extend(manifest.ancestors().map(Path::to_path_buf));
    let mut paths: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        let path = dir.join(&relative);
        if !paths.contains(&path) {
            paths.push(path);
        }
    }
    paths
}

fn find_pairs() -> Result<PathBuf, String> {
    let tried = candidate_paths();
    tried.iter().find(|p| p.is_file()).cloned().ok_or_else(|| {
        let shown: Vec<String> = tried
            .iter()
            .take(6)
            .map(|p| p.display().to_string())
            .collect();
        format!(
            "cannot find the pairs file ../shared/data/see_pairs.txt (looked in {}{}); pass --pairs FILE",
            shown.join(", "),
            if tried.len() > shown.len() { ", …" } else { "" }
        )
    })
}

/// Parses `FEN;UCI` lines; blank lines and `#` comments are ignored, bad lines collected.
fn parse_pairs(text: &str) -> Data {
    let mut data = Data {
        chess: Vec::new(),
        cozy: Vec::new(),
        all: Vec::new(),
        bad: Vec::new(),
    };
    let mut seen: HashMap<&str, Result<u32, String>> = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((fen, uci)) = line.rsplit_once(';') else {
            data.bad
                .push(format!("{number}: expected FEN;MOVE, found no ';'"));
            continue;
        };
        let (fen, uci) = (fen.trim(), uci.trim());
        let pos = seen
            .entry(fen)
            .or_insert_with(|| {
                let chess = swapoff::parse::position(fen).map_err(|e| e.to_string())?;
                let cozy = cozy_chess::Board::from_fen(fen, false)
                    .map_err(|e| format!("cozy-chess rejects the FEN: {e}"))?;
                data.chess.push(chess);
                data.cozy.push(cozy);
                Ok((data.chess.len() - 1) as u32)
            })
            .clone();
        let pos = match pos {
            Ok(pos) => pos,
            Err(why) => {
                data.bad.push(format!("{number}: {why}"));
                continue;
            }
        };
        let chess = &data.chess[pos as usize];
        let sm = match swapoff::parse::shakmaty_move(chess, uci) {
            Ok(sm) => sm,
            Err(e) => {
                data.bad.push(format!("{number}: {e}"));
                continue;
            }
        };
        let mv = match Move::try_from(&sm) {
            Ok(mv) => mv,
            Err(e) => {
                data.bad.push(format!("{number}: {e}"));
                continue;
            }
        };
        data.all.push(Pair {
            pos,
            mv,
            threshold: THRESHOLDS[data.all.len() % THRESHOLDS.len()],
            capture: sm.is_capture(),
        });
    }
    data
}

/// What is asked of each pair.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Case {
    Ge0,
    GeCycle,
    Value,
}

impl Case {
    const ALL: [Case; 3] = [Case::Ge0, Case::GeCycle, Case::Value];

    fn name(self) -> &'static str {
        match self {
            Case::Ge0 => "see_ge0",
            Case::GeCycle => "see_ge_cycle",
            Case::Value => "see",
        }
    }
}

/// One case over `pairs`; the sum keeps the calls from being optimised away.
#[inline(never)]
fn run_case<B: SeeBoard>(see: See, boards: &[B], pairs: &[Pair], case: Case) -> i64 {
    // The default rules and values are what the free functions compute: time those, as an
    // engine calls them.
    if see == See::default() {
        return run_free(boards, pairs, case);
    }
    let mut sum = 0i64;
    match case {
        Case::Ge0 => {
            for p in pairs {
                sum += i64::from(see.ge(&boards[p.pos as usize], p.mv, 0));
            }
        }
        Case::GeCycle => {
            for p in pairs {
                sum += i64::from(see.ge(&boards[p.pos as usize], p.mv, p.threshold));
            }
        }
        Case::Value => {
            for p in pairs {
                sum += i64::from(see.value(&boards[p.pos as usize], p.mv));
            }
        }
    }
    sum
}

/// [`swapoff::see`] and [`swapoff::see_ge`] over `pairs`, one loop per case.
#[inline(never)]
fn run_free<B: SeeBoard>(boards: &[B], pairs: &[Pair], case: Case) -> i64 {
    let mut sum = 0i64;
    match case {
        Case::Ge0 => {
            for p in pairs {
                sum += i64::from(swapoff::see_ge(&boards[p.pos as usize], p.mv, 0));
            }
        }
        Case::GeCycle => {
            for p in pairs {
                sum += i64::from(swapoff::see_ge(&boards[p.pos as usize], p.mv, p.threshold));
            }
        }
        Case::Value => {
            for p in pairs {
                sum += i64::from(swapoff::see(&boards[p.pos as usize], p.mv));
            }
        }
    }
    sum
}

/// The recursive comparator answering the same question under the same rules.
#[inline(never)]
fn run_recursive<B: SeeBoard>(see: See, boards: &[B], pairs: &[Pair], case: Case) -> i64 {
    let values = see.values();
    let mut sum = 0i64;
    for p in pairs {
        let v = swapoff::recursive::see(&boards[p.pos as usize], p.mv, see.rules(), &values);
        sum += match case {
            Case::Ge0 => i64::from(v >= 0),
            Case::GeCycle => i64::from(v >= p.threshold),
            Case::Value => i64::from(v),
        };
    }
    sum
}

/// Timings of one case.
#[derive(Serialize, Clone, Debug)]
struct Timing {
    /// `hot/see_ge0/all`-style group name.
    group: String,
    rules: String,
    adapter: String,
    /// Best repetition.
    ns_per_call: f64,
    /// Calls per second of the best repetition.
    calls_per_sec: f64,
    /// Median over the repetitions.
    median_ns_per_call: f64,
    /// Timed repetitions.
    reps: usize,
    /// Calls in the last timed repetition.
    calls_per_rep: u64,
    /// For the recursive comparator: its time over swapoff's on the same case.
    #[serde(skip_serializing_if = "Option::is_none")]
    ratio_vs_swapoff: Option<f64>,
    /// Checksum of the answers, identical between adapters of one rule set.
    checksum: i64,
}

/// How long the repetitions of one case run.
#[derive(Clone, Copy)]
struct Schedule {
    /// Most repetitions.
    reps: u32,
    /// Each repetition cycles through the chunks until it has run this long (zero: once).
    min_time: Duration,
    /// No new repetition past this, once three have run.
    budget: Duration,
}

/// Runs `f` over the chunks in turn, as the schedule says.
fn time_reps<F: FnMut(&[Pair]) -> i64>(
    chunks: &[&[Pair]],
    schedule: Schedule,
    mut f: F,
) -> (Vec<f64>, u64, i64) {
    let case_start = Instant::now();
    let mut checksum = 0i64;
    // Warm-up, untimed: also the checksum of one cycle.
    for chunk in chunks {
        checksum = checksum.wrapping_add(f(chunk));
    }
    let mut per_call = Vec::with_capacity(schedule.reps as usize);
    let mut calls_per_rep = 0;
    for rep in 0..schedule.reps {
        if rep >= 3 && case_start.elapsed() >= schedule.budget {
            break;
        }
        let start = Instant::now();
        let mut calls = 0u64;
        loop {
            for chunk in chunks {
                black_box(f(black_box(chunk)));
                calls += chunk.len() as u64;
            }
            if start.elapsed() >= schedule.min_time {
                break;
            }
        }
        let elapsed = start.elapsed();
        per_call.push(elapsed.as_nanos() as f64 / calls.max(1) as f64);
        calls_per_rep = calls;
    }
    (per_call, calls_per_rep, checksum)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// `count` chunks of `size` consecutive pairs spread over `pairs`.
fn hot_chunks(pairs: &[Pair], size: usize, count: usize) -> Vec<&[Pair]> {
    let available = pairs.len() / size;
    if available == 0 {
        return if pairs.is_empty() {
            vec![]
        } else {
            vec![pairs]
        };
    }
    let count = count.min(available);
    (0..count)
        .map(|k| {
            let start = (k * available / count) * size;
            &pairs[start..start + size]
        })
        .collect()
}

/// The evaluators timed: label and rules with their default values.
fn rule_sets() -> [(&'static str, See); 3] {
    [
        ("default", See::new(Rules::Default)),
        ("classic", See::new(Rules::Classic)),
        ("stockfish", See::new(Rules::Stockfish)),
    ]
}

fn timing(
    group: &str,
    rules: &str,
    adapter: &str,
    (mut per_call, calls_per_rep, checksum): (Vec<f64>, u64, i64),
) -> Timing {
    let best = per_call.iter().copied().fold(f64::INFINITY, f64::min);
    let reps = per_call.len();
    Timing {
        group: group.to_string(),
        rules: rules.to_string(),
        adapter: adapter.to_string(),
        ns_per_call: best,
        calls_per_sec: if best > 0.0 { 1e9 / best } else { 0.0 },
        median_ns_per_call: median(&mut per_call),
        reps,
        calls_per_rep,
        ratio_vs_swapoff: None,
        checksum,
    }
}

/// Times every case of one pass over the given pair sets.
fn time_pass(data: &Data, args: &Args, hot: bool, sets: &[(&str, Vec<Pair>)]) -> Vec<Timing> {
    // Pins computed once per position before timing, as an engine keeps them.
    let chess_cached: Vec<_> = data.chess.iter().map(PinCache::new).collect();
    let cozy_cached: Vec<_> = data.cozy.iter().map(PinCache::new).collect();
    let schedule = Schedule {
        reps: args.reps,
        min_time: if hot {
            Duration::from_millis(args.millis)
        } else {
            Duration::ZERO
        },
        budget: Duration::from_millis(args.budget),
    };
    let pass = if hot { "hot" } else { "cold" };
    let mut out = Vec::new();
    for (moves, pairs) in sets {
        let chunks: Vec<&[Pair]> = if hot {
            hot_chunks(pairs, CHUNK, HOT_CHUNKS)
        } else {
            vec![pairs.as_slice()]
        };
        if chunks.is_empty() {
            continue;
        }
        for case in Case::ALL {
            let group = format!("{pass}/{}/{moves}", case.name());
            for (label, see) in rule_sets() {
                out.push(timing(
                    &group,
                    label,
                    "shakmaty",
                    time_reps(&chunks, schedule, |c| run_case(see, &data.chess, c, case)),
                ));
                out.push(timing(
                    &group,
                    label,
                    "cozy",
                    time_reps(&chunks, schedule, |c| run_case(see, &data.cozy, c, case)),
                ));
            }
            let see = See::new(Rules::Default);
            out.push(timing(
                &group,
                "default+pincache",
                "shakmaty",
                time_reps(&chunks, schedule, |c| run_case(see, &chess_cached, c, case)),
            ));
            out.push(timing(
                &group,
                "default+pincache",
                "cozy",
                time_reps(&chunks, schedule, |c| run_case(see, &cozy_cached, c, case)),
            ));
            if !args.no_recursive {
                let see = See::new(Rules::Default);
                let mut t = timing(
                    &group,
                    "recursive-default",
                    "cozy",
                    time_reps(&chunks, schedule, |c| {
                        run_recursive(see, &data.cozy, c, case)
                    }),
                );
                let ours = out
                    .iter()
                    .find(|o| o.group == group && o.rules == "default" && o.adapter == "cozy");
                t.ratio_vs_swapoff = ours.map(|o| t.ns_per_call / o.ns_per_call.max(1e-9));
                out.push(t);
            }
        }
    }
    out
}

/// The whole report, as printed by `--json`.
#[derive(Serialize)]
struct Report {
    pairs_file: String,
    pairs: usize,
    captures: usize,
    positions: usize,
    skipped_lines: usize,
    max_reps: u32,
    hot_chunk: usize,
    hot_chunks: usize,
    cases: Vec<Timing>,
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let path = match &args.pairs {
        Some(path) => path.clone(),
        None => match find_pairs() {
            Ok(path) => path,
            Err(why) => return fatal(why),
        },
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => return fatal(format!("cannot read {}: {e}", path.display())),
    };
    let data = parse_pairs(&text);
    for bad in data.bad.iter().take(MAX_QUOTED) {
        eprintln!("{}:{bad}", path.display());
    }
    if data.bad.len() > MAX_QUOTED {
        eprintln!(
            "{}: {} more unusable lines not shown",
            path.display(),
            data.bad.len() - MAX_QUOTED
        );
    }
    if data.all.is_empty() {
        return fatal(format!("{}: no usable FEN;MOVE line", path.display()));
    }
    let captures: Vec<Pair> = data.all.iter().copied().filter(|p| p.capture).collect();
    let sets = [("captures", captures), ("all", data.all.clone())];
    let mut cases = Vec::new();
    if args.mode != Mode::Cold {
        cases.extend(time_pass(&data, &args, true, &sets));
    }
    if args.mode != Mode::Hot {
        cases.extend(time_pass(&data, &args, false, &sets));
    }
    let report = Report {
        pairs_file: path.display().to_string(),
        pairs: data.all.len(),
        captures: sets[0].1.len(),
        positions: data.chess.len(),
        skipped_lines: data.bad.len(),
        max_reps: args.reps,
        hot_chunk: CHUNK,
        hot_chunks: HOT_CHUNKS,
        cases,
    };
    if args.json {
        match serde_json::to_string_pretty(&report) {
            Ok(text) => println!("{text}"),
            Err(e) => return fatal(format!("cannot write JSON: {e}")),
        }
    } else {
        print_table(&report);
    }
    if data.bad.is_empty() {
        ExitCode::from(EXIT_OK)
    } else {
        ExitCode::from(EXIT_PARTIAL)
    }
}

fn print_table(report: &Report) {
    println!(
        "{} pairs ({} captures) over {} positions from {}; hot = {} chunks of {} pairs",
        report.pairs,
        report.captures,
        report.positions,
        report.pairs_file,
        report.hot_chunks,
        report.hot_chunk,
    );
    println!(
        "ns/call and calls/s: best of up to {} repetitions; median: all repetitions",
        report.max_reps
    );
    println!(
        "{:<26} {:<26} {:>9} {:>9} {:>13}",
        "case", "rules/adapter", "ns/call", "median", "calls/s"
    );
    for t in &report.cases {
        let ratio = t
            .ratio_vs_swapoff
            .map(|r| format!("  {r:.1}x default/cozy"))
            .unwrap_or_default();
        println!(
            "{:<26} {:<26} {:>9.2} {:>9.2} {:>13.0}{ratio}",
            t.group,
            format!("{}/{}", t.rules, t.adapter),
            t.ns_per_call,
            t.median_ns_per_call,
            t.calls_per_sec
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "\
# a comment
1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1;e1e5

1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1;c1b1
not a fen;e2e4
1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1;e1e9
no separator here
";

    #[test]
    fn parse_pairs_keeps_good_lines_and_names_bad_ones() {
        let data = parse_pairs(SAMPLE);
        assert_eq!(data.all.len(), 2);
        // Both good lines share one position.
        assert_eq!(data.chess.len(), 1);
        assert_eq!(data.cozy.len(), 1);
        assert!(data.all[0].capture);
        assert!(!data.all[1].capture);
        assert_eq!(data.bad.len(), 3, "{:?}", data.bad);
        assert!(data.bad[0].starts_with("5:"), "{:?}", data.bad);
        assert!(data.bad[1].starts_with("6:"), "{:?}", data.bad);
        assert!(data.bad[2].starts_with("7:") && data.bad[2].contains("';'"));
    }

    #[test]
    fn hot_chunks_are_full_and_spread() {
        let data = parse_pairs(SAMPLE);
        let pair = data.all[0];
        let pairs: Vec<Pair> = (0..10_500)
            .map(|i| Pair {
                threshold: i,
                ..pair
            })
            .collect();
        let chunks = hot_chunks(&pairs, 1_000, 4);
        assert_eq!(chunks.len(), 4);
        assert!(chunks.iter().all(|c| c.len() == 1_000));
        let starts: Vec<i32> = chunks.iter().map(|c| c[0].threshold).collect();
        assert_eq!(starts, vec![0, 2_000, 5_000, 7_000]);
        // Fewer pairs than a chunk: one short chunk.
        assert_eq!(hot_chunks(&pairs[..10], 1_000, 4).len(), 1);
        assert!(hot_chunks(&[], 1_000, 4).is_empty());
    }

    #[test]
    fn timed_cases_agree_between_adapters() {
        let data = parse_pairs(SAMPLE);
        let args = Args {
            pairs: None,
            reps: 1,
            millis: 1,
            budget: 1,
            mode: Mode::Both,
            no_recursive: false,
            json: true,
        };
        let sets = [("all", data.all.clone())];
        let cases = time_pass(&data, &args, false, &sets);
        // 3 cases x (4 rule sets x 2 adapters + the recursive comparator).
        assert_eq!(cases.len(), 3 * 9);
        for t in cases.iter().filter(|t| t.adapter == "shakmaty") {
            let cozy = cases
                .iter()
                .find(|o| o.group == t.group && o.rules == t.rules && o.adapter == "cozy")
                .map(|o| o.checksum);
            assert_eq!(Some(t.checksum), cozy, "{} {}", t.group, t.rules);
        }
        // Rxe5 wins a pawn (+100), Kb1 loses nothing: the value sum is 100.
        let value = cases
            .iter()
            .find(|t| t.group == "cold/see/all" && t.rules == "default" && t.adapter == "cozy")
            .map(|t| t.checksum);
        assert_eq!(value, Some(100));
        let recursive = cases
            .iter()
            .find(|t| t.group == "cold/see/all" && t.rules == "recursive-default")
            .map(|t| (t.checksum, t.ratio_vs_swapoff.is_some()));
        assert_eq!(recursive, Some((100, true)));
    }

    #[test]
    fn default_path_search_names_the_relative_path() {
        let paths = candidate_paths();
        assert!(!paths.is_empty());
        assert!(paths
            .iter()
            .all(|p| p.ends_with(Path::new("shared/data/see_pairs.txt"))));
    }
}
