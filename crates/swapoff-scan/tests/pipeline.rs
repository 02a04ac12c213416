//! The pipeline: reading and scanning on one thread and on several give the same rows in
//! the same order, a consumer that stops is obeyed, and a panic comes through.

use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use swapoff::See;
use swapoff_scan::{InputName, Note, ReadOptions, Row, Scan, Selection, Sink, Work};

/// Where each row came from, and each note's text.
#[derive(Default, Debug, PartialEq)]
struct Seen(Vec<String>);

impl Sink for Seen {
    type Error = ();
    fn row(&mut self, row: &Row<'_>) -> Result<ControlFlow<()>, ()> {
        let see = row.played.as_ref().and_then(|(_, see)| *see);
        self.0
            .push(format!("{} {:?} {see:?}", row.file, row.origin));
        Ok(ControlFlow::Continue(()))
    }
    fn note(&mut self, note: Note) -> Result<ControlFlow<()>, ()> {
        self.0.push(note.to_string());
        Ok(ControlFlow::Continue(()))
    }
}

/// Three files of games, then one of the first file many times over: units enough for
/// several batches (of 64 units).
fn inputs(dir: &std::path::Path) -> Vec<InputName> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pgn/");
    let files = [
        "kasparov-deep-blue-1997.pgn",
        "uci-moves.pgn",
        "utf8-bom.pgn",
    ];
    let mut inputs: Vec<InputName> = files
        .iter()
        .map(|f| InputName::from(format!("{root}{f}").as_str()))
        .collect();
    let games = std::fs::read_to_string(format!("{root}kasparov-deep-blue-1997.pgn")).unwrap();
    let many = dir.join("many.pgn");
    std::fs::write(&many, games.repeat(1200)).unwrap();
    inputs.push(InputName::from(many));
    inputs
}

/// The scan of `columns` with the rows carrying `tags`.
fn front(columns: &str, tags: &[&str]) -> Scan {
    let read = ReadOptions {
        tags: tags.iter().map(|t| t.to_string()).collect(),
        ..ReadOptions::default()
    };
    Scan::new(
        See::default(),
        Some(Selection::parse(columns).unwrap()),
        read,
    )
}

/// Every unit's rows and the batches' sizes, on a pool of `threads`, until `consume`
/// has taken `batches` batches.
fn scan(threads: usize, batches: usize) -> (Vec<Seen>, Vec<usize>) {
    let scan = front("game,ply,played,played_see", &[]);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut seen, mut sizes) = (Vec::new(), Vec::new());
    let process = |work: &Work| {
        let mut rows = Seen::default();
        let flow = scan.process(work, &mut rows).unwrap();
        assert!(flow.is_continue());
        rows
    };
    scan.run(inputs(dir.path()), &pool, process, |batch| {
        sizes.push(batch.results.len());
        seen.extend(batch.results);
        if sizes.len() == batches {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap();
    (seen, sizes)
}

/// Every row and note, in order, whatever the units of work.
fn flat(units: Vec<Seen>) -> Vec<String> {
    units.into_iter().flat_map(|unit| unit.0).collect()
}

#[test]
fn one_thread_reads_and_scans_as_several_do() {
    // Several threads cut PGN text into games for the workers to read, where one thread
    // reads the games itself: the units differ, the rows and notes do not.
    let one = flat(scan(1, usize::MAX).0);
    assert!(one.len() > 500, "{} rows", one.len());
    assert!(one.iter().any(|r| r.starts_with("2 ")));
    assert_eq!(flat(scan(3, usize::MAX).0), one);
}

/// Every row and note of `inputs`, on a pool of `threads`.
fn scan_inputs(threads: usize, inputs: Vec<InputName>) -> Vec<String> {
    let scan = front("game,ply,played,clock", &["Event"]);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut seen = Vec::new();
    let process = |work: &Work| {
        let mut rows = Seen::default();
        let _ = scan.process(work, &mut rows);
        rows
    };
    scan.run(inputs, &pool, process, |batch| {
        seen.extend(batch.results);
        ControlFlow::Continue(())
    })
    .unwrap();
    flat(seen)
}

#[test]
fn games_cut_for_the_workers_keep_their_numbers_notes_and_order() {
    let dir = tempfile::tempdir().unwrap();
    let game = "[Event \"e\"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Nf3 Sf6 *\n\n";
    // A game longer than is held whole for a worker (a long comment): the reading thread
    // reads the rest of its input itself.
    let long = format!("1. d4 {{{}}} d5 *\n\n", "x ".repeat(5 << 20));
    let text = format!("{}{long}{}", game.repeat(300), game.repeat(300));
    let plain = dir.path().join("games.pgn");
    std::fs::write(&plain, &text).unwrap();
    // A stream that fails part way: a gzip file cut short.
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gzip, game.repeat(3000).as_bytes()).unwrap();
    let gzip = gzip.finish().unwrap();
    let cut = dir.path().join("cut.pgn.gz");
    std::fs::write(&cut, &gzip[..gzip.len() * 2 / 3]).unwrap();
    // An unclosed comment at the end.
    let open = dir.path().join("open.pgn");
    std::fs::write(
        &open,
        format!("{}1. e4 {{ e5\n\n1. d4 *\n", game.repeat(100)),
    )
    .unwrap();
    for input in [plain, cut, open] {
        let one = scan_inputs(1, vec![InputName::from(input.clone())]);
        assert!(one.len() > 200, "{}: {} rows", input.display(), one.len());
        assert_eq!(
            scan_inputs(2, vec![InputName::from(input.clone())]),
            one,
            "{}",
            input.display()
        );
    }
}

#[test]
fn a_consumer_that_stops_gets_no_more_batches() {
    for threads in [1, 2] {
        let (_, all) = scan(threads, usize::MAX);
        assert!(all.len() > 1, "{all:?}");
        let (_, first) = scan(threads, 1);
        assert_eq!(first, all[..1]);
    }
}

#[test]
fn a_panic_while_processing_goes_on_up_from_one_thread() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let scan = front("game", &[]);
    let dir = tempfile::tempdir().unwrap();
    let caught = catch_unwind(AssertUnwindSafe(|| {
        scan.run(
            inputs(dir.path()),
            &pool,
            |_| panic!("processing"),
            |_| ControlFlow::Continue(()),
        )
    }));
    let panic = caught.expect_err("the panic came through");
    assert_eq!(panic.downcast_ref::<&str>(), Some(&"processing"));
}
