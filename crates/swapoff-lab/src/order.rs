//! `swapoff-lab order`: what SEE is worth where engines use it.
//!
//! Runs the library's material-only quiescence search ([`crate::qsearch`]) on every
//! position of EPD/FEN files under each move ordering (MVV-LVA; SEE under each rule set)
//! and each pruning choice (none; delta; SEE < 0; SEE < -margin; SEE < 0 plus delta), and
//! compares each with the unpruned MVV-LVA search of the same position:
//!
//! - nodes per position, and relative to the baseline's total;
//! - how often the score differs from the unpruned score, and by how much on average;
//! - best-move-first rate: among positions where some capture beats standing pat, the
//!   share where the first root move searched is a best capture (its full unpruned
//!   search value equals the position's value);
//! - time per position, single-threaded: positions are timed in chunks, each chunk
//!   `--repeat` times per configuration (interleaved), keeping the fastest time of each
//!   chunk (the only number that varies from run to run).
//!
//! Input lines hold a FEN; only its first four fields are read, so move counters and EPD
//! opcodes after them are ignored, as is anything after a `;`. Blank and `#` lines are
//! skipped; a bad line is reported as `FILE:LINE: why` and skipped, and the exit code is
//! then 1 (2 when a file cannot be opened; the others are still read). The input is
//! measured in windows of 4,096 positions with running totals, so memory stays flat.

use crate::exit::{output_error, EXIT_FATAL, EXIT_OK, EXIT_PARTIAL};
use crate::qsearch::{Ordering, Pruning, QSearch};
use rayon::prelude::*;
use serde::Serialize;
use shakmaty::Chess;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::time::Instant;
use swapoff::{PieceValues, Rules};
use swapoff_scan::{InputName, Records};

/// Flags of `swapoff-lab order`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// EPD/FEN files, one position per line (`-` for stdin).
    #[arg(value_name = "FILE", required = true)]
    files: Vec<std::path::PathBuf>,

    /// Use only the first N positions (over all files, in order).
    #[arg(long, value_name = "N")]
    limit: Option<usize>,

    /// The margin of the `see<-M` pruning rows: a move is skipped when
    /// `see_ge(move, -M)` fails, i.e. when it loses more than M.
    /// A negative margin prunes harder: `--margin -50` skips moves with SEE < 50.
    #[arg(
        long,
        value_name = "M",
        default_value_t = 100,
        allow_negative_numbers = true
    )]
    margin: i32,

    /// Piece values P,N,B,R,Q for the evaluation and for every SEE rule set.
    #[arg(long, value_name = "P,N,B,R,Q", default_value = "100,300,300,500,900")]
    values: PieceValues,

    /// Leave out the rows ordered by exact SEE (the slowest).
    #[arg(long)]
    no_exact: bool,

    /// Timing runs per chunk of positions and configuration (the fastest counts); 0
    /// skips timing.
    #[arg(long, value_name = "N", default_value_t = 3)]
    repeat: u32,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// One row of the table: a search configuration.
struct Config {
    ordering: Ordering,
    pruning: String,
    search: QSearch,
}

fn configs(values: PieceValues, margin: i32, exact: bool) -> Vec<Config> {
    let mut orderings = vec![Ordering::MvvLva];
    orderings.extend(
        Rules::ALL
            .into_iter()
            .filter(|r| exact || *r != Rules::Exact)
            .map(Ordering::See),
    );
    let mut out = Vec::new();
    for ordering in orderings {
        // MVV-LVA has no SEE of its own: its pruning rows ask the default rules.
        let rules = match ordering {
            Ordering::See(r) => r,
            Ordering::MvvLva => Rules::Default,
        };
        let base = QSearch::new(values).ordering(ordering);
        let rows = [
            ("none".to_string(), Pruning::None, false),
            ("delta".to_string(), Pruning::None, true),
            ("see<0".to_string(), Pruning::see_negative(rules), false),
            (
                format!("see<{}", margin.saturating_neg()),
                Pruning::see_margin(rules, margin),
                false,
            ),
            (
                "see<0+delta".to_string(),
                Pruning::see_negative(rules),
                true,
            ),
        ];
        for (pruning, p, delta) in rows {
            out.push(Config {
                ordering,
                pruning,
                search: base.pruning(p).delta(delta),
            });
        }
    }
    out
}

/// One configuration's result on one position.
struct Sample {
    nodes: u64,
    score: i32,
    first_is_best: bool,
    see_calls: u64,
    see_pruned: u64,
    delta_pruned: u64,
}

/// Everything measured on one position.
struct PositionResult {
    reference: i32,
    /// Some capture beats standing pat.
    winning: bool,
    samples: Vec<Sample>,
}

fn measure(pos: &Chess, configs: &[Config], reference: &QSearch) -> PositionResult {
    let full = reference.search(pos);
    let stand_pat = reference.evaluate(pos);
    let winning = full.score > stand_pat;
    let best: Vec<shakmaty::Move> = if winning {
        reference
            .move_scores(pos)
            .into_iter()
            .filter(|&(_, s)| s == full.score)
            .map(|(m, _)| m)
            .collect()
    } else {
        Vec::new()
    };
    let samples = configs
        .iter()
        .map(|c| {
            let r = c.search.search(pos);
            Sample {
                nodes: r.nodes,
                score: r.score,
                first_is_best: r.first_move.is_some_and(|m| best.contains(&m)),
                see_calls: r.see_calls,
                see_pruned: r.see_pruned,
                delta_pruned: r.delta_pruned,
            }
        })
        .collect();
    PositionResult {
        reference: full.score,
        winning,
        samples,
    }
}

/// A row of the report.
#[derive(Serialize)]
struct Row {
    ordering: String,
    pruning: String,
    nodes_total: u64,
    nodes_per_position: f64,
    /// Total nodes over the unpruned MVV-LVA search's total.
    nodes_relative: f64,
    /// Positions whose score differs from the unpruned search's.
    score_changed: u64,
    score_changed_share: f64,
    /// Mean absolute score change over the positions whose score changed.
    mean_abs_change: f64,
    /// Positions with a winning capture whose first searched root move is a best one.
    best_first: u64,
    best_first_share: f64,
    /// Single-threaded time per position, fastest of the timing runs (null: not timed).
    micros_per_position: Option<f64>,
    see_calls: u64,
    see_pruned: u64,
    delta_pruned: u64,
}

#[derive(Serialize)]
struct Report {
    command: &'static str,
    positions: usize,
    skipped_lines: usize,
    /// Positions where some capture beats standing pat (the best-first denominator).
    winning_positions: u64,
    margin: i32,
    values: String,
    rows: Vec<Row>,
}

/// Positions per timing chunk: short enough that a busy spell of the machine spoils only
/// a few chunks of one pass, long enough to dwarf the clock's overhead.
const TIMING_CHUNK: usize = 256;

/// Single-threaded time of each configuration over all positions, in seconds: the
/// positions are cut into chunks, each chunk is timed `repeat` times per configuration
/// (configurations interleaved), and the fastest time of each chunk counts. Noise from
/// other processes only ever adds time, so the minimum is the best estimate.
fn time_configs(configs: &[Config], positions: &[Chess], repeat: u32) -> Vec<Option<f64>> {
    if repeat == 0 {
        return vec![None; configs.len()];
    }
    let mut total = vec![0.0; configs.len()];
    for chunk in positions.chunks(TIMING_CHUNK) {
        let mut best = vec![f64::INFINITY; configs.len()];
        for _ in 0..repeat {
            for (slot, c) in best.iter_mut().zip(configs) {
                let start = Instant::now();
                let nodes: u64 = chunk.iter().map(|p| c.search.search(p).nodes).sum();
                let seconds = start.elapsed().as_secs_f64();
                // Use the result so the searches cannot be optimised away.
                std::hint::black_box(nodes);
                *slot = slot.min(seconds);
            }
        }
        for (t, b) in total.iter_mut().zip(best) {
            *t += b;
        }
    }
    total.into_iter().map(Some).collect()
}

/// One configuration's running sums over the positions measured so far.
#[derive(Default, Clone, Copy)]
struct ConfigTotals {
    nodes: u64,
    changed: u64,
    change_sum: u64,
    best_first: u64,
    see_calls: u64,
    see_pruned: u64,
    delta_pruned: u64,
    /// Timed seconds; `None` when timing is off.
    seconds: Option<f64>,
}

/// Running sums over all windows: what the report needs, and nothing per position.
struct Totals {
    positions: u64,
    /// Positions where some capture beats standing pat (the best-first denominator).
    winning: u64,
    configs: Vec<ConfigTotals>,
}

impl Totals {
    fn new(configs: usize) -> Totals {
        Totals {
            positions: 0,
            winning: 0,
            configs: vec![ConfigTotals::default(); configs],
        }
    }

    /// Adds one window's results and timings.
    fn add(&mut self, results: &[PositionResult], times: &[Option<f64>]) {
        self.positions += results.len() as u64;
        self.winning += results.iter().filter(|r| r.winning).count() as u64;
        for (i, t) in self.configs.iter_mut().enumerate() {
            for r in results {
                let Some(s) = r.samples.get(i) else { continue };
                t.nodes += s.nodes;
                if s.score != r.reference {
                    t.changed += 1;
                    t.change_sum += u64::from(s.score.abs_diff(r.reference));
                }
                if r.winning && s.first_is_best {
                    t.best_first += 1;
                }
                t.see_calls += s.see_calls;
                t.see_pruned += s.see_pruned;
                t.delta_pruned += s.delta_pruned;
            }
            if let Some(seconds) = times.get(i).copied().flatten() {
                *t.seconds.get_or_insert(0.0) += seconds;
            }
        }
    }

    /// The report's rows.
    fn rows(&self, configs: &[Config]) -> Vec<Row> {
        let n = self.positions;
        let baseline = self.configs.first().map_or(0, |t| t.nodes);
        let share = |part: u64, whole: u64| {
            if whole == 0 {
                0.0
            } else {
                part as f64 / whole as f64
            }
        };
        configs
            .iter()
            .zip(&self.configs)
            .map(|(c, t)| Row {
                ordering: c.ordering.name(),
                pruning: c.pruning.clone(),
                nodes_total: t.nodes,
                nodes_per_position: share(t.nodes, n),
                nodes_relative: share(t.nodes, baseline),
                score_changed: t.changed,
                score_changed_share: share(t.changed, n),
                mean_abs_change: share(t.change_sum, t.changed),
                best_first: t.best_first,
                best_first_share: share(t.best_first, self.winning),
                micros_per_position: t
                    .seconds
                    .map(|s| if n == 0 { 0.0 } else { s * 1e6 / n as f64 }),
                see_calls: t.see_calls,
                see_pruned: t.see_pruned,
                delta_pruned: t.delta_pruned,
            })
            .collect()
    }
}

/// The FEN of a line, or `None` for a blank or comment line: its first four fields, and the
/// move counters when they follow (an EPD line's operations do not; `;` ends the FEN of a
/// `FEN;MOVE` line). A line that is not a position goes to the position reader as it is, for
/// its message.
fn fen_fields(line: &str) -> Option<String> {
    let text = line.split(';').next().unwrap_or("").trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    let mut fields = text.split_ascii_whitespace();
    let mut fen: Vec<&str> = fields.by_ref().take(4).collect();
    let number = |f: &&str| f.bytes().all(|b| b.is_ascii_digit());
    fen.extend(fields.take(2).take_while(number));
    Some(fen.join(" "))
}

/// Positions measured per window: reading, measuring and timing go window by window, so
/// that memory stays flat however long the input.
const WINDOW: usize = 4096;

/// Where reading stands: the inputs, the one being read, and what went wrong so far.
struct Reader {
    inputs: Vec<InputName>,
    next: usize,
    current: Option<(String, Records<Box<dyn Read + Send>>)>,
    /// Positions read so far (for `--limit`).
    read: usize,
    limit: Option<usize>,
    skipped: usize,
    unreadable: bool,
}

impl Reader {
    /// The next window of at most [`WINDOW`] positions; empty at the end. Bad lines are
    /// reported as `FILE:LINE: why` and counted; a file that cannot be opened is reported
    /// and the next one read.
    fn window(&mut self) -> Vec<Chess> {
        let mut positions = Vec::new();
        while positions.len() < WINDOW && self.limit.is_none_or(|l| self.read < l) {
            let Some((name, records)) = self.current.as_mut() else {
                let Some(input) = self.inputs.get(self.next) else {
                    break;
                };
                self.next += 1;
                match input.records() {
                    Ok(r) => self.current = Some((input.display(), r)),
                    Err(why) => {
                        eprintln!("seeswap: {why}");
                        self.unreadable = true;
                    }
                }
                continue;
            };
            let (number, record) = match records.next_record() {
                Ok(Some(r)) => r,
                Ok(None) => {
                    self.current = None;
                    continue;
                }
                Err(e) => {
                    eprintln!("{name}: read error: {e}; rest of the file skipped");
                    self.skipped += 1;
                    self.current = None;
                    continue;
                }
            };
            let line = match record {
                Ok(line) => line,
                Err(why) => {
                    eprintln!("{name}:{number}: {why}");
                    self.skipped += 1;
                    continue;
                }
            };
            let Some(fen) = fen_fields(line) else {
                continue;
            };
            match swapoff_scan::Position::from_fen(&fen) {
                Ok(pos) => {
                    positions.push(pos.into_chess());
                    self.read += 1;
                }
                Err(e) => {
                    eprintln!("{name}:{number}: bad FEN {fen:?}: {e}");
                    self.skipped += 1;
                }
            }
        }
        positions
    }
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let configs = configs(args.values, args.margin, !args.no_exact);
    let reference = QSearch::new(args.values);
    let started = Instant::now();
    let mut reader = Reader {
        inputs: args.files.iter().cloned().map(InputName::from).collect(),
        next: 0,
        current: None,
        read: 0,
        limit: args.limit,
        skipped: 0,
        unreadable: false,
    };
    let mut totals = Totals::new(configs.len());
    loop {
        let positions = reader.window();
        if positions.is_empty() {
            break;
        }
        let results: Vec<PositionResult> = positions
            .par_iter()
            .map(|pos| measure(pos, &configs, &reference))
            .collect();
        let times = time_configs(&configs, &positions, args.repeat);
        totals.add(&results, &times);
    }
    let wall = started.elapsed();
    let skipped = reader.skipped;
    let report = Report {
        command: "order",
        positions: totals.positions as usize,
        skipped_lines: skipped,
        winning_positions: totals.winning,
        margin: args.margin,
        values: args.values.to_string(),
        rows: totals.rows(&configs),
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let written = if args.json {
        serde_json::to_writer_pretty(&mut out, &report)
            .map_err(io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        write_table(&mut out, &report, wall.as_secs_f64())
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        return output_error(e);
    }
    ExitCode::from(if reader.unreadable {
        EXIT_FATAL
    } else if skipped > 0 {
        EXIT_PARTIAL
    } else {
        EXIT_OK
    })
}

fn write_table(out: &mut impl Write, report: &Report, wall: f64) -> io::Result<()> {
    writeln!(
        out,
        "{} positions ({} with a capture that beats standing pat), values {}, {wall:.1} s",
        report.positions, report.winning_positions, report.values
    )?;
    writeln!(
        out,
        "nodes rel. = total nodes / unpruned MVV-LVA total; changed = score differs from the unpruned search; best first = first root move is a best capture"
    )?;
    writeln!(out)?;
    let header = [
        "ordering",
        "pruning",
        "nodes/pos",
        "nodes rel.",
        "changed",
        "mean |Δ|",
        "best first",
        "µs/pos",
    ];
    let mut lines: Vec<[String; 8]> = vec![header.map(String::from)];
    for r in &report.rows {
        lines.push([
            r.ordering.clone(),
            r.pruning.clone(),
            format!("{:.1}", r.nodes_per_position),
            format!("{:.3}", r.nodes_relative),
            format!("{:.2}%", 100.0 * r.score_changed_share),
            if r.score_changed == 0 {
                "-".to_string()
            } else {
                format!("{:.0}", r.mean_abs_change)
            },
            format!("{:.1}%", 100.0 * r.best_first_share),
            r.micros_per_position
                .map_or("-".to_string(), |t| format!("{t:.2}")),
        ]);
    }
    let mut widths = [0usize; 8];
    for line in &lines {
        for (w, cell) in widths.iter_mut().zip(line) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for line in &lines {
        let mut text = String::new();
        for (i, (cell, w)) in line.iter().zip(widths).enumerate() {
            let pad = w - cell.chars().count();
            if i < 2 {
                text.push_str(cell);
                text.push_str(&" ".repeat(pad));
            } else {
                text.push_str(&" ".repeat(pad));
                text.push_str(cell);
            }
            text.push_str("  ");
        }
        writeln!(out, "{}", text.trim_end())?;
    }
    Ok(())
}
