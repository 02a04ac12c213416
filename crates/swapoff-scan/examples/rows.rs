//! From bytes to rows through the front door: a PGN game's positions as CSV rows of the
//! columns asked, with the SEE of each move played, and a note for what cannot be read.
//!
//! ```sh
//! cargo run -p swapoff-scan --example rows
//! ```

use swapoff_scan::{ReadOptions, Scan, Selection, Shape};

const GAME: &str = r#"[Event "example"]
[White "A"]
[Black "B"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Bg4 5. Bb5+ c6 6. h3 Bxf3 7. Qxf3 cxb5 *

[Event "cut short"]

1. e4 e5 2. Nf3 Ke7 3. Qh5 *
"#;

fn main() {
    // The settings, once: the rules and values, the columns, the tags, how to read.
    let columns =
        Selection::parse("game,ply,played,played_see,hanging_white").expect("known columns");
    let read = ReadOptions {
        tags: vec!["Event".into()],
        ..ReadOptions::default()
    };
    let scan = Scan::new(swapoff::See::default(), Some(columns), read);

    // A ready sink: CSV rows onto a buffer, notes kept.
    let (mut out, mut notes) = (Vec::new(), Vec::new());
    let mut sink = scan.text_sink(Shape::Csv, &["example.pgn".into()], &mut out, &mut notes);
    let _ = scan.read_bytes(GAME.as_bytes().to_vec(), 1, |work| {
        let Ok(flow) = scan.process(work, &mut sink);
        flow
    });
    print!("{}", String::from_utf8_lossy(&out));
    for note in notes {
        eprintln!("{}", note.display("example.pgn"));
    }
}
