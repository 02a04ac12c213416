//! Every move notation of `tests/notations.tsv` reads as the move it names, and a
//! castling move (Chess960's too) evaluates to 0.

use shakmaty::Position;
use swapoff::MoveKind;

#[test]
fn every_notation_reads_as_its_move() {
    let text = include_str!("notations.tsv");
    let mut rows = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("notations.tsv:{}", i + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        let [uci, fen, mv] = fields[..] else {
            panic!("{at}: expected UCI<TAB>FEN<TAB>MOVE");
        };
        let pos = swapoff_lab::testing::position(fen).unwrap_or_else(|e| panic!("{at}: {e}"));
        let m = swapoff_lab::testing::see_move(&pos, mv)
            .unwrap_or_else(|e| panic!("{at}: {mv:?}: {e}"));
        let shown = match m.kind {
            // Castling is shown king to destination; the table writes Chess960 castling
            // as king takes rook.
            MoveKind::Castle => swapoff_lab::testing::legal_move(&pos, mv)
                .map(|sm| sm.to_uci(pos.castles().mode()).to_string())
                .unwrap_or_default(),
            _ => m.to_string(),
        };
        assert_eq!(shown, uci, "{at}: {mv:?}");
        if m.kind == MoveKind::Castle {
            assert_eq!(swapoff::see(&pos, m), 0, "{at}: castling is worth 0");
        }
        rows += 1;
    }
    assert!(rows >= 20, "{rows} rows");
}
