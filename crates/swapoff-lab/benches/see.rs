//! Speed of `see` / `see_ge` on real `FEN;UCI` pairs (the 14,525 built into the
//! command-line tool, or the file `SWAPOFF_PAIRS` names, such as the project's standard
//! 144,673), with pleco's `see_ge` and swapoff's naive recursive SEE timed on the same
//! pairs in the same run.
//!
//! Groups (each reports elements/s, one element = one SEE call):
//! - `hot/<case>/<moves>`: one chunk of 1,000 consecutive pairs per iteration, cycling
//!   through 16 chunks spread over the file, so boards stay in cache (the engine case).
//! - `vs-pleco/<case>/<moves>`: the same, on the plain moves pleco handles, with pleco and
//!   the recursive comparator beside swapoff. Adapter `pleco-board` is swapoff running on
//!   pleco's own boards (same bitboards, piece array and attack tables as pleco's
//!   `see_ge`), which compares the two SEE walks and nothing else.
//! - `cold/<case>/<moves>`: full passes over every pair.
//! - `pins/<pass>`: what a per-position precomputation of both sides' pins costs.
//!
//! `<case>` is `see_ge0` (threshold 0), `see_ge_cycle` (thresholds -100, 0, +100 in turn)
//! or `see` (the value); `<moves>` is `captures` or `all` (`plain` against pleco).
//! Function names are `<rules>/<adapter>`; `<rules>+pincache` runs on a
//! [`swapoff::PreparedBoard`] built before timing (pins and a piece array computed once per
//! position, as engines and pleco keep them); `pins/*` is the price of the pins part of
//! that per-position step. All parsing happens before timing.
//! Run a subset with e.g. `cargo bench -p swapoff-lab --bench see -- hot/see_ge0`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use swapoff::{PieceValues, Pins, PreparedBoard, Rules, See, SeeBoard};
use swapoff_bench::cases::{rule_sets, run, Case};
use swapoff_lab::pairs::{self, Data, Pair};
use swapoff_lab::pleco_board::PlecoBoard;

/// Pairs per hot iteration.
const CHUNK: usize = 1_000;
/// Hot chunks cycled through.
const HOT_CHUNKS: usize = 16;

/// pleco's `see_ge` over plain pairs (threshold 0, or the cycling ones).
#[inline(never)]
fn run_pleco(boards: &[pleco::Board], pairs: &[Pair], cycle: bool) -> i64 {
    let mut sum = 0i64;
    for p in pairs {
        let t = if cycle { p.threshold } else { 0 };
        sum += i64::from(boards[p.ppos as usize].see_ge(p.pmv, t));
    }
    sum
}

/// swapoff on pleco's own boards (its bitboards, piece array, attack tables and cached
/// pins), over the pairs pleco handles: the comparison of the two SEE walks alone.
#[inline(never)]
fn run_on_pleco(see: See, boards: &[pleco::Board], pairs: &[Pair], cycle: bool) -> i64 {
    let mut sum = 0i64;
    for p in pairs {
        let t = if cycle { p.threshold } else { 0 };
        let board = PlecoBoard(&boards[p.ppos as usize]);
        sum += i64::from(if see.rules() == Rules::Default {
            swapoff::see_ge(&board, p.mv, t)
        } else {
            see.ge(&board, p.mv, t)
        });
    }
    sum
}

/// The naive recursive SEE under the default rules, as a threshold test.
#[inline(never)]
fn run_recursive<B: SeeBoard>(boards: &[B], pairs: &[Pair], cycle: bool) -> i64 {
    let values = PieceValues::STANDARD;
    let mut sum = 0i64;
    for p in pairs {
        let t = if cycle { p.threshold } else { 0 };
        let v = swapoff_lab::recursive::see(&boards[p.pos as usize], p.mv, Rules::Default, &values);
        sum += i64::from(v >= t);
    }
    sum
}

/// Both sides' pins for every position.
#[inline(never)]
fn run_pins<B: SeeBoard>(boards: &[B], positions: &[u32]) -> u64 {
    let mut acc = 0u64;
    for &i in positions {
        let b = &boards[i as usize];
        let white = Pins::compute(b, swapoff::Color::White);
        let black = Pins::compute(b, swapoff::Color::Black);
        acc ^= white.blockers ^ black.blockers ^ white.pinners ^ black.pinners;
    }
    acc
}

/// Iterates over one chunk per criterion iteration, cycling.
fn hot<F: FnMut(&[Pair]) -> i64>(b: &mut criterion::Bencher<'_>, chunks: &[Vec<Pair>], mut f: F) {
    let mut k = 0;
    b.iter(|| {
        let chunk = &chunks[k];
        k = (k + 1) % chunks.len();
        black_box(f(black_box(chunk)))
    });
}

fn hot_groups(c: &mut Criterion, data: &Data) {
    let cached: Vec<PreparedBoard<'_, cozy_chess::Board>> =
        data.cozy.iter().map(PreparedBoard::new).collect();
    let captures: Vec<Pair> = data.all.iter().copied().filter(|p| p.capture).collect();
    for (moves, pairs) in [("captures", &captures), ("all", &data.all)] {
        let chunks = pairs::chunks(pairs, CHUNK, HOT_CHUNKS);
        for case in Case::ALL {
            let mut group = c.benchmark_group(format!("hot/{}/{moves}", case.name()));
            group.throughput(Throughput::Elements(chunks[0].len() as u64));
            for (label, see) in rule_sets() {
                group.bench_function(BenchmarkId::new(label, "shakmaty"), |b| {
                    hot(b, &chunks, |ch| run(see, &data.chess, ch, case))
                });
                group.bench_function(BenchmarkId::new(label, "cozy"), |b| {
                    hot(b, &chunks, |ch| run(see, &data.cozy, ch, case))
                });
            }
            let default = See::new(Rules::Default);
            group.bench_function(BenchmarkId::new("default+pincache", "cozy"), |b| {
                hot(b, &chunks, |ch| run(default, &cached, ch, case))
            });
            group.finish();
        }
    }
}

fn vs_pleco_groups(c: &mut Criterion, data: &Data) {
    let cached: Vec<PreparedBoard<'_, cozy_chess::Board>> =
        data.cozy.iter().map(PreparedBoard::new).collect();
    let captures: Vec<Pair> = data.plain.iter().copied().filter(|p| p.capture).collect();
    for (moves, pairs) in [("captures", &captures), ("plain", &data.plain)] {
        let chunks = pairs::chunks(pairs, CHUNK, HOT_CHUNKS);
        for case in [Case::Ge0, Case::GeCycle] {
            let cycle = case == Case::GeCycle;
            let mut group = c.benchmark_group(format!("vs-pleco/{}/{moves}", case.name()));
            group.throughput(Throughput::Elements(chunks[0].len() as u64));
            let default = See::new(Rules::Default);
            let stockfish = See::new(Rules::Stockfish);
            group.bench_function(BenchmarkId::new("default", "shakmaty"), |b| {
                hot(b, &chunks, |ch| run(default, &data.chess, ch, case))
            });
            group.bench_function(BenchmarkId::new("default", "cozy"), |b| {
                hot(b, &chunks, |ch| run(default, &data.cozy, ch, case))
            });
            group.bench_function(BenchmarkId::new("stockfish", "cozy"), |b| {
                hot(b, &chunks, |ch| run(stockfish, &data.cozy, ch, case))
            });
            group.bench_function(BenchmarkId::new("default+pincache", "cozy"), |b| {
                hot(b, &chunks, |ch| run(default, &cached, ch, case))
            });
            group.bench_function(BenchmarkId::new("stockfish+pincache", "cozy"), |b| {
                hot(b, &chunks, |ch| run(stockfish, &cached, ch, case))
            });
            group.bench_function(BenchmarkId::new("default", "pleco-board"), |b| {
                hot(b, &chunks, |ch| {
                    run_on_pleco(default, &data.pleco, ch, cycle)
                })
            });
            group.bench_function(BenchmarkId::new("stockfish", "pleco-board"), |b| {
                hot(b, &chunks, |ch| {
                    run_on_pleco(stockfish, &data.pleco, ch, cycle)
                })
            });
            group.bench_function(BenchmarkId::new("pleco", "pleco"), |b| {
                hot(b, &chunks, |ch| run_pleco(&data.pleco, ch, cycle))
            });
            group.bench_function(BenchmarkId::new("recursive", "cozy"), |b| {
                hot(b, &chunks, |ch| run_recursive(&data.cozy, ch, cycle))
            });
            group.finish();
        }
    }
}

fn cold_groups(c: &mut Criterion, data: &Data) {
    for case in [Case::Ge0, Case::Value] {
        let mut group = c.benchmark_group(format!("cold/{}/all", case.name()));
        group.sample_size(10);
        group.sampling_mode(SamplingMode::Flat);
        group.measurement_time(Duration::from_secs(2));
        group.throughput(Throughput::Elements(data.all.len() as u64));
        for (label, see) in rule_sets() {
            group.bench_function(BenchmarkId::new(label, "shakmaty"), |b| {
                b.iter(|| run(see, &data.chess, &data.all, case))
            });
            group.bench_function(BenchmarkId::new(label, "cozy"), |b| {
                b.iter(|| run(see, &data.cozy, &data.all, case))
            });
        }
        group.finish();
    }
    let mut group = c.benchmark_group("cold/vs-pleco/see_ge0/plain");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(data.plain.len() as u64));
    let default = See::new(Rules::Default);
    let stockfish = See::new(Rules::Stockfish);
    group.bench_function(BenchmarkId::new("default", "shakmaty"), |b| {
        b.iter(|| run(default, &data.chess, &data.plain, Case::Ge0))
    });
    group.bench_function(BenchmarkId::new("default", "cozy"), |b| {
        b.iter(|| run(default, &data.cozy, &data.plain, Case::Ge0))
    });
    group.bench_function(BenchmarkId::new("stockfish", "cozy"), |b| {
        b.iter(|| run(stockfish, &data.cozy, &data.plain, Case::Ge0))
    });
    let cached: Vec<PreparedBoard<'_, cozy_chess::Board>> =
        data.cozy.iter().map(PreparedBoard::new).collect();
    group.bench_function(BenchmarkId::new("default+pincache", "cozy"), |b| {
        b.iter(|| run(default, &cached, &data.plain, Case::Ge0))
    });
    group.bench_function(BenchmarkId::new("default", "pleco-board"), |b| {
        b.iter(|| run_on_pleco(default, &data.pleco, &data.plain, false))
    });
    group.bench_function(BenchmarkId::new("pleco", "pleco"), |b| {
        b.iter(|| run_pleco(&data.pleco, &data.plain, false))
    });
    group.bench_function(BenchmarkId::new("recursive", "cozy"), |b| {
        b.iter(|| run_recursive(&data.cozy, &data.plain, false))
    });
    group.finish();
}

fn pins_groups(c: &mut Criterion, data: &Data) {
    let positions: Vec<u32> = (0..data.chess.len() as u32).collect();
    let hot_positions: Vec<u32> = positions.iter().copied().take(CHUNK).collect();
    let mut group = c.benchmark_group("pins/hot");
    group.throughput(Throughput::Elements(hot_positions.len() as u64));
    group.bench_function(BenchmarkId::new("both-sides", "shakmaty"), |b| {
        b.iter(|| run_pins(&data.chess, black_box(&hot_positions)))
    });
    group.bench_function(BenchmarkId::new("both-sides", "cozy"), |b| {
        b.iter(|| run_pins(&data.cozy, black_box(&hot_positions)))
    });
    group.finish();
    let mut group = c.benchmark_group("pins/cold");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(BenchmarkId::new("both-sides", "shakmaty"), |b| {
        b.iter(|| run_pins(&data.chess, black_box(&positions)))
    });
    group.bench_function(BenchmarkId::new("both-sides", "cozy"), |b| {
        b.iter(|| run_pins(&data.cozy, black_box(&positions)))
    });
    group.finish();
}

/// Checks that the timed code computes what it should before timing it.
fn sanity(data: &Data) {
    for (label, see) in rule_sets() {
        let bad = pairs::adapter_mismatches(data, see);
        assert_eq!(
            bad, 0,
            "{label}: the shakmaty and cozy adapters disagree on {bad} pairs"
        );
    }
    // swapoff on pleco's boards must answer as on cozy-chess's: the adapter is right.
    for (label, see) in rule_sets() {
        let bad = data
            .plain
            .iter()
            .filter(|p| {
                see.value(&PlecoBoard(&data.pleco[p.ppos as usize]), p.mv)
                    != see.value(&data.cozy[p.pos as usize], p.mv)
            })
            .count();
        assert_eq!(
            bad, 0,
            "{label}: swapoff on pleco's boards disagrees on {bad} pairs"
        );
    }
    // pleco follows an older Stockfish; with its own piece values our stockfish rules
    // should mostly agree, which shows both sides answer the same question.
    let pleco_values =
        PieceValues::new(171, 764, 826, 1282, 2526).expect("pleco's values are valid");
    let see = See::new(Rules::Stockfish).with_values(pleco_values);
    let agree = data
        .plain
        .iter()
        .filter(|p| {
            see.ge(&data.cozy[p.pos as usize], p.mv, p.threshold)
                == data.pleco[p.ppos as usize].see_ge(p.pmv, p.threshold)
        })
        .count();
    eprintln!(
        "pleco see_ge agrees with swapoff stockfish rules (pleco's values) on {agree} of {} plain pairs",
        data.plain.len()
    );
    let recursive_disagree = data
        .all
        .iter()
        .filter(|p| {
            let b = &data.cozy[p.pos as usize];
            swapoff_lab::recursive::see(b, p.mv, Rules::Default, &PieceValues::STANDARD)
                != See::new(Rules::Default).value(b, p.mv)
        })
        .count();
    eprintln!(
        "recursive comparator disagrees with default rules on {recursive_disagree} of {} pairs",
        data.all.len()
    );
}

fn benches(c: &mut Criterion) {
    let data = pairs::load();
    sanity(&data);
    hot_groups(c, &data);
    vs_pleco_groups(c, &data);
    cold_groups(c, &data);
    pins_groups(c, &data);
}

criterion_group! {
    name = see;
    // Short windows keep the whole run within a few minutes on a 2-core machine; the
    // hot cases run thousands of iterations even so.
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1))
        .nresamples(20_000);
    targets = benches
}
criterion_main!(see);
