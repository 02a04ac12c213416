//! Loading the `FEN;UCI` pairs for the benchmarks: every position parsed with shakmaty,
//! cozy-chess and pleco, every move converted once, all before any timing.
//!
//! The pairs are the file named by `SWAPOFF_PAIRS` (the project's standard file holds
//! 144,673 pairs), or else the 14,525 pairs the command-line tool builds in.

use std::path::PathBuf;
use std::time::Instant;

use shakmaty::fen::Fen;
use shakmaty::EnPassantMode;
use swapoff::{Move, MoveKind};

/// One `FEN;UCI` line, ready to time.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    /// Index into [`Data::chess`] and [`Data::cozy`].
    pub pos: u32,
    /// Index into [`Data::pleco`] (meaningful only in [`Data::plain`]).
    pub ppos: u32,
    /// The move, shared by both adapters.
    pub mv: Move,
    /// pleco's encoding of the same move (meaningful only in [`Data::plain`]).
    pub pmv: pleco::BitMove,
    /// The threshold of the cycling case: -100, 0, +100 in turn along the file.
    pub threshold: i32,
    /// The move takes something (en passant and capturing promotions included).
    pub capture: bool,
}

/// Everything the benchmarks run on.
pub struct Data {
    /// Distinct positions, parsed by shakmaty.
    pub chess: Vec<shakmaty::Chess>,
    /// The same positions, parsed by cozy-chess.
    pub cozy: Vec<cozy_chess::Board>,
    /// Positions pleco parsed (indexed by [`Pair::ppos`]).
    pub pleco: Vec<pleco::Board>,
    /// Every pair both adapters parsed, in file order.
    pub all: Vec<Pair>,
    /// The pairs pleco handles too: plain moves (no castling, en passant or promotion)
    /// that pleco's move generator produced.
    pub plain: Vec<Pair>,
}

/// Thresholds of the cycling case (the I/O crate's pairs reader assigns them).
pub use swapoff_bench::pairs::THRESHOLDS;

/// `SWAPOFF_PAIRS` if set, else the command-line tool's built-in bench pairs.
pub fn pairs_path() -> PathBuf {
    match std::env::var_os("SWAPOFF_PAIRS") {
        Some(path) => PathBuf::from(path),
        None => {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../swapoff-cli/data/bench_pairs.txt")
        }
    }
}

fn pleco_board(fen: &str) -> Option<pleco::Board> {
    // pleco trusts its input; a panic on a position it dislikes only drops that position.
    std::panic::catch_unwind(|| pleco::Board::from_fen(fen).ok())
        .ok()
        .flatten()
}

fn pleco_move(board: &pleco::Board, uci: &str) -> Option<pleco::BitMove> {
    board
        .generate_moves()
        .iter()
        .copied()
        .find(|m| m.stringify() == uci)
}

/// Loads and parses the pairs file; panics with a clear message when it is missing.
pub fn load() -> Data {
    load_first(usize::MAX)
}

/// Loads the first `limit` lines of the pairs file (profiling runs want fewer): read by
/// the I/O crate's pairs reader, then every position given to pleco too.
pub fn load_first(limit: usize) -> Data {
    pleco::helper::prelude::init_statics();
    let path = pairs_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read the benchmark pairs {}: {e} (SWAPOFF_PAIRS names another file)",
            path.display()
        )
    });
    let started = Instant::now();
    let head: String = text.lines().take(limit).flat_map(|l| [l, "\n"]).collect();
    let read = swapoff_bench::pairs::parse_pairs(&head);
    for bad in &read.bad {
        eprintln!("{}:{bad}", path.display());
    }
    // Position index -> pleco's board index (None: pleco could not parse it).
    let mut pleco = Vec::new();
    let pleco_index: Vec<Option<u32>> = read
        .chess
        .iter()
        .map(|pos| {
            let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
            pleco_board(&fen).map(|b| {
                pleco.push(b);
                (pleco.len() - 1) as u32
            })
        })
        .collect();
    let (mut pleco_skipped, mut not_plain) = (0usize, 0usize);
    let mut data = Data {
        chess: read.chess,
        cozy: read.cozy,
        pleco,
        all: Vec::with_capacity(read.all.len()),
        plain: Vec::new(),
    };
    for p in read.all {
        let mut pair = Pair {
            pos: p.pos,
            ppos: 0,
            mv: p.mv,
            pmv: pleco::BitMove::null(),
            threshold: p.threshold,
            capture: p.capture,
        };
        data.all.push(pair);
        if p.mv.kind != MoveKind::Normal {
            not_plain += 1;
            continue;
        }
        let matched = pleco_index[p.pos as usize].and_then(|ppos| {
            let pmv = pleco_move(&data.pleco[ppos as usize], &p.mv.to_string())?;
            Some((ppos, pmv))
        });
        match matched {
            Some((ppos, pmv)) => {
                pair.ppos = ppos;
                pair.pmv = pmv;
                data.plain.push(pair);
            }
            None => pleco_skipped += 1,
        }
    }
    if data.all.is_empty() {
        panic!("{}: no usable FEN;UCI pair", path.display());
    }
    let captures = data.all.iter().filter(|p| p.capture).count();
    eprintln!(
        "loaded {} pairs ({} captures) over {} positions from {} in {:.1?}; {} lines unusable",
        data.all.len(),
        captures,
        data.chess.len(),
        path.display(),
        started.elapsed(),
        read.bad.len()
    );
    eprintln!(
        "pleco comparator: {} plain-move pairs; skipped {} castling/en passant/promotion pairs \
         and {} pairs pleco could not parse or match",
        data.plain.len(),
        not_plain,
        pleco_skipped
    );
    data
}

/// `count` chunks of `size` consecutive pairs, spread evenly over `pairs` (fewer when
/// `pairs` is short).
pub fn chunks(pairs: &[Pair], size: usize, count: usize) -> Vec<Vec<Pair>> {
    let available = pairs.len() / size;
    let count = count.min(available).max(1);
    (0..count)
        .map(|k| {
            let start = if available == 0 {
                0
            } else {
                (k * available / count) * size
            };
            pairs[start..(start + size).min(pairs.len())].to_vec()
        })
        .collect()
}

/// Checks before timing that both adapters give the same values, so the two timings
/// measure the same work. Returns the number of disagreeing pairs.
pub fn adapter_mismatches(data: &Data, see: swapoff::See) -> usize {
    data.all
        .iter()
        .filter(|p| {
            see.value(&data.chess[p.pos as usize], p.mv)
                != see.value(&data.cozy[p.pos as usize], p.mv)
        })
        .count()
}

impl swapoff_bench::cases::Asked for Pair {
    #[inline(always)]
    fn board(&self) -> usize {
        self.pos as usize
    }
    #[inline(always)]
    fn mv(&self) -> Move {
        self.mv
    }
    #[inline(always)]
    fn threshold(&self) -> i32 {
        self.threshold
    }
}
