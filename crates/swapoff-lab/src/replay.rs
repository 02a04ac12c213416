//! `swapoff-lab replay CALLS`: an engine's SEE calls replayed through the engine's own SEE
//! and through swapoff, in one process.
//!
//! The log holds `FEN;UCI[;VALUE]` lines in the order the engine made the calls (VALUE:
//! what its SEE returned); consecutive calls on one position share one board, as the
//! engine makes them. Each call runs on the board type the engine holds (a plain
//! cozy-chess board), the move converted with `Move::from_cozy` at the call, with no
//! per-position preparation the engine would not do.
//!
//! Every round runs each variant once over all calls, the order of the variants rotating
//! from round to round, so that the slow phases of a shared machine hit every variant
//! alike. The report gives each variant's ns per call (the fastest round and the median),
//! its ratio to the engine's own SEE (the median of the per-round ratios), the sum of its
//! answers, and for the engine whether its replayed values are the log's.

use crate::vendor::tantabus_see::static_exchange_evaluation;
use cozy_chess::Board;
use serde::Serialize;
use std::hint::black_box;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use swapoff::{classic, see_ge_with, see_with, Move, PieceValues};
use swapoff_scan::records::InputName;

/// The engine's piece values (its king, 20,000, is never taken).
const VALUES: PieceValues = match PieceValues::new(100, 320, 330, 500, 900) {
    Ok(values) => values,
    Err(_) => panic!("tantabus's values are valid"),
};

/// Flags of `swapoff-lab replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The calls: `FEN;UCI[;VALUE]` lines in call order (zstd, gzip, bzip2 or plain; `-`
    /// for standard input).
    #[arg(value_name = "CALLS")]
    calls: std::path::PathBuf,

    /// Interleaved rounds.
    #[arg(long, default_value_t = 41, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    rounds: u32,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
}

/// The calls made on one position, in order.
struct Position {
    board: Board,
    moves: Vec<cozy_chess::Move>,
}

/// A variant: its name, the variant it is compared with, and one pass over the calls.
type Variant = (&'static str, usize, fn(&[Position]) -> i64);

/// The engine's SEE, then swapoff's answers to the same question.
const VARIANTS: [Variant; 6] = [
    ("tantabus value", 0, tantabus_value),
    ("swapoff default value", 0, default_value),
    ("swapoff classic value", 0, classic_value),
    ("tantabus >= 0", 3, tantabus_ge0),
    ("swapoff default see_ge(0)", 3, default_ge0),
    ("swapoff classic see_ge(0)", 3, classic_ge0),
];

// One named function a variant, kept out of line: callgrind then counts each apart
// (`--toggle-collect='*replay::default_value'`, say).

#[inline(never)]
fn tantabus_value(ps: &[Position]) -> i64 {
    each(ps, |b, m| i64::from(static_exchange_evaluation(b, m)))
}

#[inline(never)]
fn default_value(ps: &[Position]) -> i64 {
    each(ps, |b, m| {
        i64::from(see_with(b, Move::from_cozy(b, m), &VALUES))
    })
}

#[inline(never)]
fn classic_value(ps: &[Position]) -> i64 {
    each(ps, |b, m| {
        i64::from(classic::see_with(b, Move::from_cozy(b, m), &VALUES))
    })
}

#[inline(never)]
fn tantabus_ge0(ps: &[Position]) -> i64 {
    each(ps, |b, m| i64::from(static_exchange_evaluation(b, m) >= 0))
}

#[inline(never)]
fn default_ge0(ps: &[Position]) -> i64 {
    each(ps, |b, m| {
        i64::from(see_ge_with(b, Move::from_cozy(b, m), 0, &VALUES))
    })
}

#[inline(never)]
fn classic_ge0(ps: &[Position]) -> i64 {
    each(ps, |b, m| {
        i64::from(classic::see_ge_with(b, Move::from_cozy(b, m), 0, &VALUES))
    })
}

/// The sum of `f` over every call, in call order.
#[inline(always)]
fn each(ps: &[Position], f: impl Fn(&Board, cozy_chess::Move) -> i64) -> i64 {
    let mut sum = 0;
    for p in ps {
        for &m in &p.moves {
            sum += f(&p.board, m);
        }
    }
    sum
}

/// One variant's figures.
#[derive(Serialize)]
struct Figures {
    variant: &'static str,
    compared_with: &'static str,
    ns_per_call_min: f64,
    ns_per_call_median: f64,
    ratio: f64,
    checksum: i64,
}

/// The whole report, as `--json` prints it.
#[derive(Serialize)]
struct Report {
    calls: usize,
    positions: usize,
    rounds: u32,
    /// The log's VALUE column summed (null when the log has none).
    log_checksum: Option<i64>,
    /// Calls whose replayed engine value differs from the log's.
    engine_mismatches: Option<usize>,
    variants: Vec<Figures>,
}

/// Reads the calls; an unusable line is an error naming it.
fn read(args: &Args) -> Result<(Vec<Position>, Vec<Option<i32>>), String> {
    let input = InputName::from(args.calls.clone());
    let name = input.display();
    let mut records = input.records().map_err(|e| e.to_string())?;
    let (mut positions, mut logged) = (Vec::<Position>::new(), Vec::new());
    let mut last_fen = String::new();
    while let Some((line, record)) = records.next_record().map_err(|e| format!("{name}: {e}"))? {
        let text = record.text().map_err(|e| format!("{name}:{line}: {e}"))?;
        if text.trim().is_empty() || text.starts_with('#') {
            continue;
        }
        let mut fields = text.split(';').map(str::trim);
        let (fen, uci, value) = (fields.next(), fields.next(), fields.next());
        let (Some(fen), Some(uci)) = (fen, uci) else {
            return Err(format!("{name}:{line}: expected FEN;UCI[;VALUE]"));
        };
        if fen != last_fen {
            let board = Board::from_fen(fen, false)
                .map_err(|e| format!("{name}:{line}: cozy-chess refuses the FEN: {e:?}"))?;
            positions.push(Position {
                board,
                moves: Vec::new(),
            });
            last_fen = fen.to_string();
        }
        let position = positions.last_mut().expect("pushed above");
        let mv: cozy_chess::Move = uci
            .parse()
            .map_err(|_| format!("{name}:{line}: {uci:?} is not a UCI move"))?;
        if !position.board.is_legal(mv) || position.board.piece_on(mv.to).is_none() {
            return Err(format!("{name}:{line}: {uci} is not a legal capture"));
        }
        position.moves.push(mv);
        let value = value
            .map(|v| v.parse::<i32>())
            .transpose()
            .map_err(|_| format!("{name}:{line}: the value is not a number"))?;
        logged.push(value);
    }
    Ok((positions, logged))
}

/// Runs the command.
pub fn run(args: Args) -> ExitCode {
    let (positions, logged) = match read(&args) {
        Ok(read) => read,
        Err(why) => {
            eprintln!("swapoff-lab: {why}");
            return ExitCode::from(crate::exit::EXIT_FATAL);
        }
    };
    let calls = logged.len();
    if calls == 0 {
        eprintln!("swapoff-lab: no call to replay");
        return ExitCode::from(crate::exit::EXIT_FATAL);
    }
    // The engine's values checked call by call, before any timing.
    let all_logged: Option<Vec<i32>> = logged.iter().copied().collect();
    let engine_mismatches = all_logged.as_ref().map(|values| {
        let replayed = positions.iter().flat_map(|p| {
            p.moves
                .iter()
                .map(|&m| i32::from(static_exchange_evaluation(&p.board, m)))
        });
        replayed.zip(values).filter(|(a, b)| a != *b).count()
    });
    let n = VARIANTS.len();
    let (mut ns, mut sums) = (vec![Vec::new(); n], vec![0i64; n]);
    for round in 0..args.rounds as usize {
        for k in 0..n {
            let i = (round + k) % n;
            let started = Instant::now();
            sums[i] = black_box(VARIANTS[i].2(black_box(&positions)));
            ns[i].push(started.elapsed().as_secs_f64() * 1e9 / calls as f64);
        }
    }
    let variants = (0..n)
        .map(|i| {
            let base = VARIANTS[i].1;
            let mut ratios: Vec<f64> = ns[i].iter().zip(&ns[base]).map(|(a, b)| a / b).collect();
            Figures {
                variant: VARIANTS[i].0,
                compared_with: VARIANTS[base].0,
                ns_per_call_min: ns[i].iter().copied().fold(f64::INFINITY, f64::min),
                ns_per_call_median: median(&mut ns[i]),
                ratio: median(&mut ratios),
                checksum: sums[i],
            }
        })
        .collect();
    let report = Report {
        calls,
        positions: positions.len(),
        rounds: args.rounds,
        log_checksum: all_logged.map(|v| v.iter().map(|&x| i64::from(x)).sum()),
        engine_mismatches,
        variants,
    };
    let text = if args.json {
        serde_json::to_string_pretty(&report).unwrap_or_default() + "\n"
    } else {
        table(&report)
    };
    if let Err(e) = std::io::stdout().lock().write_all(text.as_bytes()) {
        return crate::exit::output_error(e);
    }
    match report.engine_mismatches {
        Some(0) | None => ExitCode::from(crate::exit::EXIT_OK),
        Some(_) => ExitCode::from(crate::exit::EXIT_PARTIAL),
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

fn table(r: &Report) -> String {
    use std::fmt::Write as _;
    let mut out = format!(
        "{} calls on {} positions, {} interleaved rounds\n",
        r.calls, r.positions, r.rounds
    );
    if let (Some(sum), Some(bad)) = (r.log_checksum, r.engine_mismatches) {
        let _ = writeln!(
            out,
            "the log's values sum to {sum}; the replayed engine differs on {bad} calls"
        );
    }
    let _ = writeln!(
        out,
        "{:<28} {:>9} {:>9} {:>7} {:>12}  compared with",
        "variant", "ns min", "ns median", "ratio", "checksum"
    );
    for f in &r.variants {
        let _ = writeln!(
            out,
            "{:<28} {:>9.2} {:>9.2} {:>7.3} {:>12}  {}",
            f.variant,
            f.ns_per_call_min,
            f.ns_per_call_median,
            f.ratio,
            f.checksum,
            f.compared_with
        );
    }
    out
}
