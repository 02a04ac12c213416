//! Loading the `FEN;UCI` pairs for the benchmarks: every position parsed with shakmaty,
//! cozy-chess and pleco, every move converted once, all before any timing.
//!
//! The pairs are the file named by `SWAPOFF_PAIRS` (the project's standard file holds
//! 144,673 pairs), or else the 14,525 pairs the command-line tool builds in.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

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

/// Thresholds of the cycling case.
pub const THRESHOLDS: [i32; 3] = [-100, 0, 100];

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

/// Loads the first `limit` lines of the pairs file (profiling runs want fewer).
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
    let mut data = Data {
        chess: Vec::new(),
        cozy: Vec::new(),
        pleco: Vec::new(),
        all: Vec::new(),
        plain: Vec::new(),
    };
    // Position index -> pleco index (None: pleco could not parse it).
    let mut pleco_index: Vec<Option<u32>> = Vec::new();
    let mut seen: HashMap<&str, Option<u32>> = HashMap::new();
    let (mut bad_lines, mut pleco_skipped, mut not_plain) = (0usize, 0usize, 0usize);
    for (number, line) in text.lines().take(limit).enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some((fen, uci)) = line.rsplit_once(';') else {
            bad_lines += 1;
            eprintln!(
                "{}:{}: no ';' between FEN and move",
                path.display(),
                number + 1
            );
            continue;
        };
        let (fen, uci) = (fen.trim(), uci.trim());
        let pos = *seen.entry(fen).or_insert_with(|| {
            let chess = swapoff_scan::parse::position(fen).ok()?;
            let cozy = cozy_chess::Board::from_fen(fen, false).ok()?;
            data.chess.push(chess);
            data.cozy.push(cozy);
            pleco_index.push(pleco_board(fen).map(|b| {
                data.pleco.push(b);
                (data.pleco.len() - 1) as u32
            }));
            Some((data.chess.len() - 1) as u32)
        });
        let Some(pos) = pos else {
            bad_lines += 1;
            eprintln!("{}:{}: FEN rejected", path.display(), number + 1);
            continue;
        };
        let chess = &data.chess[pos as usize];
        let Ok(sm) = swapoff_scan::parse::shakmaty_move(chess, uci) else {
            bad_lines += 1;
            eprintln!("{}:{}: move {uci} rejected", path.display(), number + 1);
            continue;
        };
        let Ok(mv) = Move::try_from(&sm) else {
            bad_lines += 1;
            continue;
        };
        let mut pair = Pair {
            pos,
            ppos: 0,
            mv,
            pmv: pleco::BitMove::null(),
            threshold: THRESHOLDS[data.all.len() % 3],
            capture: sm.is_capture(),
        };
        data.all.push(pair);
        if mv.kind != MoveKind::Normal {
            not_plain += 1;
            continue;
        }
        let matched = pleco_index[pos as usize].and_then(|ppos| {
            let pmv = pleco_move(&data.pleco[ppos as usize], uci)?;
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
        bad_lines
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
