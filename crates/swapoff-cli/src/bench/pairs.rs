//! The `FEN;UCI` pairs that `bench` times: read, parsed with both adapters, and every move
//! converted before any timing.

use std::collections::HashMap;
use swapoff::Move;

/// The pairs built into the binary: every tenth position of the project's standard pairs
/// file (made from Stockfish's UHO and endgame books), with all of its pairs.
pub const BUILT_IN: &str = include_str!("../../data/bench_pairs.txt");

/// Thresholds of the cycling case, in turn along the file (by the pair's index), as the
/// Stockfish comparator assigns them.
pub const THRESHOLDS: [i32; 3] = [-100, 0, 100];

/// One `FEN;UCI` line, ready to time.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    /// Index into [`Data::chess`] and [`Data::cozy`].
    pub pos: u32,
    pub mv: Move,
    pub threshold: i32,
    pub capture: bool,
}

/// The parsed pairs file.
pub struct Data {
    pub chess: Vec<shakmaty::Chess>,
    pub cozy: Vec<cozy_chess::Board>,
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
        let converted = swapoff::parse::shakmaty_move(chess, uci)
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
pub(crate) mod tests {
    use super::*;

    pub(crate) const SAMPLE: &str = "\
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
    fn the_built_in_pairs_all_parse() {
        let data = parse_pairs(BUILT_IN);
        assert!(
            data.bad.is_empty(),
            "{:?}",
            &data.bad[..data.bad.len().min(5)]
        );
        assert_eq!(data.chess.len(), 2_000);
        assert_eq!(data.all.len(), BUILT_IN.lines().count());
        // Enough captures for 16 hot chunks of 1,000 in both move sets.
        assert!(data.all.iter().filter(|p| p.capture).count() >= 16_000 / 4);
    }
}
