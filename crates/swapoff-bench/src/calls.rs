//! Engine call logs: every SEE call an engine's search made, as `FEN;UCI[;VALUE]` lines in
//! call order (VALUE: what the engine's SEE returned), and their replay through SEE
//! variants in one process. `seeswap bench --calls` replays swapoff's variants; the lab's
//! `replay` puts an engine's own SEE beside them.
//!
//! Consecutive calls on one position share one board, as the engine makes them. Each call
//! runs on the board type the engine holds (a plain cozy-chess board) with no per-position
//! preparation the engine would not do. Every round runs each variant once over all calls,
//! the order of the variants rotating from round to round, so that the slow phases of a
//! shared machine hit every variant alike.

use crate::fen_move::fen_move;
use cozy_chess::Board;
use serde::Serialize;
use std::hint::black_box;
use std::time::Instant;
use swapoff_scan::InputName;

/// The calls made on one position, in order.
pub struct CallPosition {
    /// The position, as the engine holds it.
    pub board: Board,
    /// The moves SEE was asked about.
    pub moves: Vec<cozy_chess::Move>,
}

/// A call log read into boards and moves.
pub struct CallLog {
    /// The positions, each with its calls, in call order.
    pub positions: Vec<CallPosition>,
    /// Each call's logged value, when the log has one.
    pub logged: Vec<Option<i32>>,
}

impl CallLog {
    /// Reads a log (zstd, gzip, bzip2 or plain; `-` for standard input). An unusable line
    /// is an error naming its file and line: a replay must run every call the engine made.
    pub fn read(input: &InputName) -> Result<CallLog, String> {
        let name = input.display();
        let mut records = input.records().map_err(|e| e.to_string())?;
        let (mut positions, mut logged) = (Vec::<CallPosition>::new(), Vec::new());
        let mut last_fen = String::new();
        while let Some((line, record)) =
            records.next_record().map_err(|e| format!("{name}: {e}"))?
        {
            let text = record.map_err(|e| format!("{name}:{line}: {e}"))?;
            let call = fen_move(text)
                .map_err(|e| format!("{name}:{line}: {e}; expected FEN;UCI[;VALUE]"))?;
            let Some(call) = call else {
                continue;
            };
            let (fen, uci, value) = (call.fen, call.mv, call.third());
            if fen != last_fen {
                // Four to six fields, as every input is read (engines log EPD-style FENs
                // without the move counters too).
                let board = cozy_board(fen).map_err(|e| format!("{name}:{line}: {e}"))?;
                positions.push(CallPosition {
                    board,
                    moves: Vec::new(),
                });
                last_fen = fen.to_string();
            }
            let position = positions.last_mut().expect("pushed above");
            let mv: cozy_chess::Move = uci
                .parse()
                .map_err(|_| format!("{name}:{line}: {uci:?} is not a UCI move"))?;
            // Any legal move: captures (en passant too), promotions, and the quiet moves
            // some engines ask `see_ge` about when they prune.
            if !position.board.is_legal(mv) {
                return Err(format!("{name}:{line}: {uci} is not a legal move"));
            }
            position.moves.push(mv);
            let value = value
                .filter(|v| !v.is_empty())
                .map(|v| v.parse::<i32>())
                .transpose()
                .map_err(|_| format!("{name}:{line}: the value is not a number"))?;
            logged.push(value);
        }
        if logged.is_empty() {
            return Err(format!("{name}: no call to replay"));
        }
        Ok(CallLog { positions, logged })
    }

    /// Every logged value, if each call has one.
    pub fn all_logged(&self) -> Option<Vec<i32>> {
        self.logged.iter().copied().collect()
    }

    /// How many calls `answer` gives another value than the log's (`None` when some call
    /// has no logged value).
    pub fn differences(&self, answer: impl Fn(&Board, cozy_chess::Move) -> i32) -> Option<usize> {
        let logged = self.all_logged()?;
        let answers = self
            .positions
            .iter()
            .flat_map(|p| p.moves.iter().map(|&m| answer(&p.board, m)));
        Some(answers.zip(&logged).filter(|(a, b)| a != *b).count())
    }
}

/// The sum of `f` over every call, in call order: what a variant computes in a round.
#[inline(always)]
pub fn each(positions: &[CallPosition], f: impl Fn(&Board, cozy_chess::Move) -> i64) -> i64 {
    let mut sum = 0;
    for p in positions {
        for &m in &p.moves {
            sum += f(&p.board, m);
        }
    }
    sum
}

/// A variant: its name, the index of the variant it is compared with, and one pass over
/// the calls (the sum of its answers; [`each`] writes it). One dynamic call a round; the
/// calls inside the pass are compiled for the variant.
pub type Variant<'a> = (
    &'static str,
    usize,
    &'a (dyn Fn(&[CallPosition]) -> i64 + Sync),
);

/// One variant's figures.
#[derive(Serialize)]
pub struct Figures {
    /// Its name.
    pub variant: &'static str,
    /// The variant its ratio is taken against.
    pub compared_with: &'static str,
    /// The fastest round's nanoseconds per call.
    pub ns_per_call_min: f64,
    /// The median round's.
    pub ns_per_call_median: f64,
    /// The median over rounds of its time over the other variant's.
    pub ratio: f64,
    /// The sum of its answers.
    pub checksum: i64,
}

/// On how many calls a variant's value is another than the log's.
#[derive(Serialize)]
pub struct Difference {
    /// The variant.
    pub variant: &'static str,
    /// The calls (null when the log has no values).
    pub calls: Option<usize>,
}

/// A replay's report, as `--json` prints it.
#[derive(Serialize)]
pub struct Report {
    /// Calls replayed.
    pub calls: usize,
    /// Positions they were made on.
    pub positions: usize,
    /// Interleaved rounds.
    pub rounds: u32,
    /// The log's VALUE column summed (null when the log has none).
    pub log_checksum: Option<i64>,
    /// Calls where a variant's value is another than the log's (value variants only).
    pub differences: Vec<Difference>,
    /// Each variant's figures, in the order given.
    pub variants: Vec<Figures>,
}

/// Runs `rounds` interleaved rounds of `variants` over the log.
pub fn replay(log: &CallLog, variants: &[Variant<'_>], rounds: u32) -> Report {
    let calls = log.logged.len();
    let n = variants.len();
    let (mut ns, mut sums) = (vec![Vec::new(); n], vec![0i64; n]);
    for round in 0..rounds as usize {
        for k in 0..n {
            let i = (round + k) % n;
            let started = Instant::now();
            sums[i] = black_box(variants[i].2(black_box(&log.positions)));
            ns[i].push(started.elapsed().as_secs_f64() * 1e9 / calls as f64);
        }
    }
    let figures = (0..n)
        .map(|i| {
            let base = variants[i].1;
            let mut ratios: Vec<f64> = ns[i].iter().zip(&ns[base]).map(|(a, b)| a / b).collect();
            Figures {
                variant: variants[i].0,
                compared_with: variants[base].0,
                ns_per_call_min: ns[i].iter().copied().fold(f64::INFINITY, f64::min),
                ns_per_call_median: median(&mut ns[i]),
                ratio: median(&mut ratios),
                checksum: sums[i],
            }
        })
        .collect();
    Report {
        calls,
        positions: log.positions.len(),
        rounds,
        log_checksum: log
            .all_logged()
            .map(|v| v.iter().map(|&x| i64::from(x)).sum()),
        differences: Vec::new(),
        variants: figures,
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

impl Report {
    /// The report as a table.
    pub fn table(&self) -> String {
        use std::fmt::Write as _;
        let mut out = format!(
            "{} calls on {} positions, {} interleaved rounds\n",
            self.calls, self.positions, self.rounds
        );
        if let Some(sum) = self.log_checksum {
            let _ = writeln!(out, "the log's values sum to {sum}");
        }
        for d in &self.differences {
            if let Some(calls) = d.calls {
                let _ = writeln!(
                    out,
                    "{}: another value than the log's on {calls} calls",
                    d.variant
                );
            }
        }
        let _ = writeln!(
            out,
            "{:<28} {:>9} {:>9} {:>7} {:>12}  compared with",
            "variant", "ns min", "ns median", "ratio", "checksum"
        );
        for f in &self.variants {
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
}

/// A FEN (four to six fields) as a cozy-chess board: read by the position reader, for its
/// precise errors and its reading of every castling spelling, then copied square by square
/// (move counters capped at cozy-chess's limits; an en passant square only where the
/// capture is legal).
fn cozy_board(fen: &str) -> Result<Board, String> {
    use shakmaty::{CastlingSide, EnPassantMode, Position as _};
    let read = swapoff_scan::Position::from_fen(fen)
        .map_err(|e| swapoff_scan::Position::fen_message(fen, &e))?;
    let pos = read.chess();
    let square = |s: shakmaty::Square| cozy_chess::Square::index(usize::from(s) & 63);
    let color = |c: shakmaty::Color| c.fold_wb(cozy_chess::Color::White, cozy_chess::Color::Black);
    let mut b = cozy_chess::BoardBuilder::empty();
    for (s, piece) in pos.board().clone() {
        let role = cozy_chess::Piece::index(usize::from(piece.role) - 1);
        b.board[square(s) as usize] = Some((role, color(piece.color)));
    }
    b.side_to_move = color(pos.turn());
    for (i, c) in shakmaty::Color::ALL.into_iter().enumerate() {
        let file = |side| {
            let rook = pos.castles().rook(c, side);
            rook.map(|s| cozy_chess::File::index(usize::from(s.file()) & 7))
        };
        b.castle_rights[i] = cozy_chess::CastleRights {
            short: file(CastlingSide::KingSide),
            long: file(CastlingSide::QueenSide),
        };
    }
    b.en_passant = pos.ep_square(EnPassantMode::Legal).map(square);
    b.halfmove_clock = pos.halfmoves().min(100) as u8;
    b.fullmove_number = pos.fullmoves().get().min(u32::from(u16::MAX)) as u16;
    b.build()
        .map_err(|e| format!("cozy-chess refuses {fen}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::cozy_board;

    /// Every castling spelling a log may hold gives cozy-chess the same rights; four
    /// fields read as six; a bad FEN says why.
    #[test]
    fn a_logged_fen_becomes_the_same_cozy_board_in_every_spelling() {
        let standard = cozy_board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(
            cozy_board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -").unwrap(),
            standard
        );
        assert_eq!(
            cozy_board("r3k2r/8/8/8/8/8/8/R3K2R w HAha -").unwrap(),
            standard
        );
        assert!(standard.is_legal("e1h1".parse().unwrap()));

        let shredder = cozy_board("1qnrkr1b/pppppppp/8/8/8/8/PPPPPPPP/1QNRKR1B w FDfd - 0 1");
        let x_fen = cozy_board("1qnrkr1b/pppppppp/8/8/8/8/PPPPPPPP/1QNRKR1B w KQkq - 0 1");
        assert_eq!(shredder.as_ref().unwrap(), x_fen.as_ref().unwrap());
        assert!(x_fen.unwrap().is_legal("e1f1".parse().unwrap()));

        let en_passant = cozy_board("4k3/8/8/3pP3/8/8/8/4K3 w - d6").unwrap();
        assert!(en_passant.is_legal("e5d6".parse().unwrap()));
        let no_square = cozy_board("4k3/8/8/3pP3/8/8/8/4K3 w - -").unwrap();
        assert!(!no_square.is_legal("e5d6".parse().unwrap()));

        let why = cozy_board("4k3/8/8/8/8/8/8/4K3 x - -").unwrap_err();
        assert!(why.contains("side to move"), "{why}");
    }
}
