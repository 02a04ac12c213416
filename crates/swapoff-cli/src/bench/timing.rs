//! How one case is timed: the blocks of pairs a pass cycles through (hot chunks, their
//! shuffled orders, or one cold pass), the repetition schedule, and the figures kept.

use serde::Serialize;
use std::hint::black_box;
use std::time::{Duration, Instant};
use swapoff_bench::pairs::Pair;

/// Pairs per hot chunk.
pub const CHUNK: usize = 1_000;
/// Hot chunks cycled through.
pub const HOT_CHUNKS: usize = 16;
/// Random orders of the hot pairs in the shuffled pass.
pub const SHUFFLES: usize = 8;
/// The shuffled pass's fixed seed (the Stockfish comparator's too).
pub const SHUFFLE_SEED: u64 = 20_261_123;

/// The three passes, in the order they run; their names start the group names.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// 16 chunks of 1,000 consecutive pairs, cycled in file order (boards in cache).
    Hot,
    /// The same 16,000 pairs in 8 random orders one after another, so that no figure
    /// rests on the branch predictor learning a replayed sequence.
    Shuffled,
    /// Full passes over every pair, in file order.
    Cold,
}

impl Pass {
    /// The group-name prefix.
    pub fn name(self) -> &'static str {
        match self {
            Pass::Hot => "hot",
            Pass::Shuffled => "shuffled",
            Pass::Cold => "cold",
        }
    }

    /// The blocks this pass cycles through over `pairs`.
    pub fn blocks(self, pairs: &[Pair]) -> Vec<Vec<Pair>> {
        match self {
            Pass::Hot => hot_chunks(pairs, CHUNK, HOT_CHUNKS)
                .into_iter()
                .map(<[Pair]>::to_vec)
                .collect(),
            Pass::Shuffled => shuffled(&hot_chunks(pairs, CHUNK, HOT_CHUNKS), SHUFFLES),
            Pass::Cold if pairs.is_empty() => vec![],
            Pass::Cold => vec![pairs.to_vec()],
        }
    }

    /// A hot or shuffled repetition cycles its blocks for a minimum time; a cold one makes
    /// a single pass.
    pub fn is_hot(self) -> bool {
        self != Pass::Cold
    }
}

/// `count` chunks of `size` consecutive pairs spread over `pairs`.
pub fn hot_chunks(pairs: &[Pair], size: usize, count: usize) -> Vec<&[Pair]> {
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

/// The pairs of `chunks` in `orders` random orders (Fisher-Yates with a fixed seed), each
/// order one block.
pub fn shuffled(chunks: &[&[Pair]], orders: usize) -> Vec<Vec<Pair>> {
    let mut all: Vec<Pair> = chunks.concat();
    if all.is_empty() {
        return vec![];
    }
    let mut state = SHUFFLE_SEED;
    (0..orders)
        .map(|_| {
            for i in (1..all.len()).rev() {
                let j = (crate::common::splitmix64(&mut state) % (i as u64 + 1)) as usize;
                all.swap(i, j);
            }
            all.clone()
        })
        .collect()
}

/// How long the repetitions of one case run.
#[derive(Clone, Copy)]
pub struct Schedule {
    /// Most repetitions.
    pub reps: u32,
    /// Each repetition cycles through the blocks until it has run this long (zero: once).
    pub min_time: Duration,
    /// No new repetition past this, once three have run.
    pub budget: Duration,
}

/// What one case's repetitions measured.
pub struct Measured {
    /// Nanoseconds per call of each repetition.
    pub per_call: Vec<f64>,
    /// Calls in the last repetition.
    pub calls_per_rep: u64,
    /// The answers of the untimed warm-up cycle, summed.
    pub checksum: i64,
}

/// Runs `f` over the blocks in turn, as the schedule says.
pub fn time_reps<F: FnMut(&[Pair]) -> i64>(
    blocks: &[Vec<Pair>],
    schedule: Schedule,
    mut f: F,
) -> Measured {
    let case_start = Instant::now();
    let mut checksum = 0i64;
    // Warm-up, untimed: also the checksum of one cycle.
    for block in blocks {
        checksum = checksum.wrapping_add(f(block));
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
            for block in blocks {
                black_box(f(black_box(block)));
                calls += block.len() as u64;
            }
            if start.elapsed() >= schedule.min_time {
                break;
            }
        }
        let elapsed = start.elapsed();
        per_call.push(elapsed.as_nanos() as f64 / calls.max(1) as f64);
        calls_per_rep = calls;
    }
    Measured {
        per_call,
        calls_per_rep,
        checksum,
    }
}

/// Timings of one case, as `--json` prints them.
#[derive(Serialize, Clone, Debug)]
pub struct Timing {
    /// `hot/see_ge0/all`-style group name: pass, case, moves.
    pub group: String,
    pub rules: String,
    pub adapter: String,
    /// Best repetition.
    pub ns_per_call: f64,
    /// Calls per second of the best repetition.
    pub calls_per_sec: f64,
    /// Median over the repetitions.
    pub median_ns_per_call: f64,
    /// Timed repetitions.
    pub reps: usize,
    /// Calls in the last timed repetition.
    pub calls_per_rep: u64,
    /// Checksum of the answers, identical between adapters of one rule set.
    pub checksum: i64,
}

impl Timing {
    /// The figures of one measured case.
    pub fn new(group: &str, rules: &str, adapter: &str, mut measured: Measured) -> Timing {
        let best = measured
            .per_call
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        Timing {
            group: group.to_string(),
            rules: rules.to_string(),
            adapter: adapter.to_string(),
            ns_per_call: best,
            calls_per_sec: if best > 0.0 { 1e9 / best } else { 0.0 },
            median_ns_per_call: median(&mut measured.per_call),
            reps: measured.per_call.len(),
            calls_per_rep: measured.calls_per_rep,
            checksum: measured.checksum,
        }
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use swapoff_bench::pairs::parse_pairs;

    /// Two good lines, then three bad ones (lines 5 to 7).
    const SAMPLE: &str = include_str!("../../../../testdata/positions/pairs_sample.txt");

    fn numbered(n: usize) -> Vec<Pair> {
        let pair = parse_pairs(SAMPLE).all[0];
        (0..n)
            .map(|i| Pair {
                threshold: i as i32,
                ..pair
            })
            .collect()
    }

    #[test]
    fn hot_chunks_are_full_and_spread() {
        let pairs = numbered(10_500);
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
    fn shuffled_orders_are_permutations_of_the_hot_pairs_and_differ() {
        let pairs = numbered(20_000);
        let blocks = Pass::Shuffled.blocks(&pairs);
        assert_eq!(blocks.len(), SHUFFLES);
        let mut hot: Vec<i32> = Pass::Hot
            .blocks(&pairs)
            .concat()
            .iter()
            .map(|p| p.threshold)
            .collect();
        hot.sort_unstable();
        let orders: Vec<Vec<i32>> = blocks
            .iter()
            .map(|b| b.iter().map(|p| p.threshold).collect())
            .collect();
        for order in &orders {
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, hot, "each order holds exactly the hot pairs");
        }
        assert!(orders.windows(2).all(|w| w[0] != w[1]), "the orders differ");
        // The fixed seed: the same blocks on every run.
        let again: Vec<Vec<i32>> = Pass::Shuffled
            .blocks(&pairs)
            .iter()
            .map(|b| b.iter().map(|p| p.threshold).collect())
            .collect();
        assert_eq!(orders, again);
    }
}
