//! `FEN;UCI` pairs, the records benchmarks time and engines log: read, every position
//! parsed with both adapters (shakmaty and cozy-chess, each once however many moves it
//! has), and every move converted, before any timing.

use std::collections::HashMap;
use swapoff::Move;
use swapoff_scan::Position;

/// Thresholds of the cycling case, in turn along the file (by the pair's index), as the
/// Stockfish comparator assigns them.
pub const THRESHOLDS: [i32; 3] = [-100, 0, 100];

/// One `FEN;UCI` line, ready to time.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    /// Index into [`Data::chess`] and [`Data::cozy`].
    pub pos: u32,
    /// The move, shared by both adapters.
    pub mv: Move,
    /// The threshold of the cycling case: [`THRESHOLDS`] in turn along the file.
    pub threshold: i32,
    /// The move takes something (en passant and capturing promotions included).
    pub capture: bool,
}

/// The parsed pairs file.
pub struct Data {
    /// Distinct positions, parsed by shakmaty.
    pub chess: Vec<shakmaty::Chess>,
    /// The same positions, parsed by cozy-chess.
    pub cozy: Vec<cozy_chess::Board>,
    /// Every usable pair, in file order.
    pub all: Vec<Pair>,
    /// Lines that could not be used, each with `line: why`.
    pub bad: Vec<String>,
}

/// Parses `FEN;UCI` lines; blank lines and `#` comments are ignored, bad lines collected.
pub fn parse_pairs(text: &str) -> Data {
    let mut data = Data {
        chess: Vec::new(),
        cozy: Vec::new(),
        all: Vec::new(),
        bad: Vec::new(),
    };
    let mut seen: HashMap<&str, Result<u32, String>> = HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let (fen, uci) = match crate::fen_move::fen_move(line) {
            Ok(Some(pair)) => (pair.fen, pair.mv),
            Ok(None) => continue,
            Err(e) => {
                data.bad.push(format!("{number}: {e}"));
                continue;
            }
        };
        let pos = seen
            .entry(fen)
            .or_insert_with(|| {
                let chess = Position::from_fen(fen).map_err(|e| Position::fen_message(fen, &e))?;
                let cozy = cozy_chess::Board::from_fen(fen, false)
                    .map_err(|e| format!("cozy-chess rejects the FEN: {e}"))?;
                data.chess.push(chess.into_chess());
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
        let converted = Position::from(chess.clone())
            .legal_move(uci)
            .map_err(|e| e.to_string())
            .and_then(|sm| Ok((Move::try_from(&sm).map_err(|e| e.to_string())?, sm)));
        let (mv, sm) = match converted {
            Ok(both) => both,
            Err(why) => {
                data.bad.push(format!("{number}: {why}"));
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

#[cfg(test)]
mod tests {
    /// Two good lines, then three bad ones (lines 5 to 7).
    const SAMPLE: &str = include_str!("../../../testdata/positions/pairs_sample.txt");

    #[test]
    fn parse_pairs_keeps_good_lines_and_names_bad_ones() {
        use super::parse_pairs;
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
}
