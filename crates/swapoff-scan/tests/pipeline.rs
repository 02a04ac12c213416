//! The pipeline: reading and scanning on one thread and on several give the same rows in
//! the same order, a consumer that stops is obeyed, and a panic comes through.

use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use swapoff::See;
use swapoff_scan::pipeline::run;
use swapoff_scan::{InputName, Note, ReadOptions, Row, Scanner, Selection, Sink, Work};

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
    std::fs::write(&many, games.repeat(200)).unwrap();
    inputs.push(InputName::from(many));
    inputs
}

/// The default columns' reading options, keeping `tags` and reading comments if asked.
fn options(tags: Vec<String>, comments: bool) -> ReadOptions {
    ReadOptions {
        tags,
        comments,
        ..ReadOptions::default()
    }
}

/// Every unit's rows and the batches' sizes, on a pool of `threads`, until `consume`
/// has taken `batches` batches.
fn scan(threads: usize, batches: usize) -> (Vec<Seen>, Vec<usize>) {
    let selection = Selection::parse("game,ply,played,played_see").unwrap();
    let scanner = Scanner::new(See::default(), selection.needs(), &[]);
    let options = options(scanner.tags().to_vec(), scanner.reads_comments());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut seen, mut sizes) = (Vec::new(), Vec::new());
    let process = |work: &Work| {
        let mut rows = Seen::default();
        let flow = scanner.process(work, &mut rows).unwrap();
        assert!(flow.is_continue());
        rows
    };
    run(inputs(dir.path()), options, &pool, process, |batch| {
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

#[test]
fn one_thread_reads_and_scans_as_several_do() {
    let (one, sizes) = scan(1, usize::MAX);
    let rows: usize = one.iter().map(|unit| unit.0.len()).sum();
    assert!(rows > 500, "{rows} rows");
    assert!(one
        .iter()
        .flat_map(|unit| &unit.0)
        .any(|r| r.starts_with("2 ")));
    assert_eq!(scan(3, usize::MAX), (one, sizes));
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
    let options = options(Vec::new(), false);
    let dir = tempfile::tempdir().unwrap();
    let caught = catch_unwind(AssertUnwindSafe(|| {
        run(
            inputs(dir.path()),
            options,
            &pool,
            |_| panic!("processing"),
            |_| ControlFlow::Continue(()),
        )
    }));
    let panic = caught.expect_err("the panic came through");
    assert_eq!(panic.downcast_ref::<&str>(), Some(&"processing"));
}
