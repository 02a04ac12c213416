//! The small public pieces a face builds on: a column list and what it needs, a note's
//! text, and a run's totals.

use std::ops::ControlFlow;
use swapoff::See;
use swapoff_scan::{
    Cause, Column, Needs, Note, Place, ReadOptions, Scan, Selection, Shape, Skipped, Summary,
};

#[test]
fn a_list_is_read_and_tells_what_it_needs() {
    let played = Selection::parse("game, ply ,PLAYED,played_see,clock,eval").unwrap();
    assert_eq!(played.columns().len(), 6);
    assert_eq!(
        played.needs(),
        Needs {
            analysis: false,
            in_check: false,
            fen: false,
            played: true,
            san: false,
            played_see: true,
            ratings: false,
            annotations: true,
        }
    );
    assert!(
        !Selection::parse("game,played,played_san")
            .unwrap()
            .needs()
            .annotations
    );
    assert!(Selection::parse("eval_mate").unwrap().needs().annotations);
    let more = Selection::parse("turn,eval_cp,EVAL_MATE,white_elo").unwrap();
    assert!(more.needs().played && more.needs().ratings && !more.needs().analysis);
    assert!(!Selection::all().has(Column::Turn));
    assert!(Selection::parse("fen,balance").unwrap().needs().analysis);
    // Whether the side to move is in check is the board's to say.
    let check = Selection::parse("in_check").unwrap().needs();
    assert!(check.in_check && !check.analysis);
    assert!(!played.needs().in_check);
    assert_eq!(Selection::all().needs(), Needs::ALL);
    let why = Selection::parse("game,elo").unwrap_err();
    assert!(
        why.contains("\"elo\"") && why.contains("played_see"),
        "{why}"
    );
    assert!(Selection::parse(" , ").is_err());
}

#[test]
fn the_why_and_what_was_skipped_stay_apart() {
    let mut note = Note::invalid(0, Place::Line(3), "bad FEN", Skipped::Line);
    assert_eq!(note.display("a.epd"), "a.epd:3: bad FEN; line skipped");
    assert!(!note.is_fatal());
    assert_eq!(note.skipped_count(), 1);
    note.skipped = Skipped::Nothing;
    assert_eq!(note.to_string(), "bad FEN");
    assert_eq!(note.skipped_count(), 0);
    let lost = Note::unreadable(1, Place::Line(9), Cause::Read("gzip: bad data".into()));
    assert!(lost.is_fatal());
    assert_eq!(
        lost.to_string(),
        "read error: gzip: bad data; rest of the file skipped"
    );
    let shut = Note::unreadable(1, Place::File, Cause::Open("no such file".into()));
    assert_eq!(
        shut.display("x"),
        "x: cannot open: no such file; file skipped"
    );
}

/// The totals of an EPD text, scanned whole.
fn totals(text: &str) -> Summary {
    let scan = Scan::totals(See::default(), ReadOptions::default());
    let mut summary = Summary::default();
    let _ = scan.read_bytes(text.as_bytes().to_vec(), 1, |work| {
        let Ok(_) = scan.process(work, &mut summary);
        ControlFlow::Continue(())
    });
    summary
}

#[test]
fn counts_captures_hanging_pieces_and_skipped_lines() {
    // Rxd5 loses the rook to c6's pawn; on the third line it takes an undefended
    // knight, which hangs; the second line is no position.
    let got = totals("4k3/8/2p5/3p4/8/8/8/3RK3 w - -\nnot a FEN\n4k3/8/8/3n4/8/8/8/3RK3 w - -\n");
    let want = Summary {
        positions: 2,
        captures: 2,
        winning: 1,
        losing: 1,
        hanging: 1,
        hanging_black: 1,
        skipped: 1,
        ..Summary::default()
    };
    assert_eq!(got, want);
}

#[test]
fn json_and_csv_give_the_same_totals() {
    let got = Summary {
        positions: 3,
        captures: 3,
        winning: 1,
        equal: 2,
        skipped: 1,
        ..Summary::default()
    };
    let json: serde_json::Value = serde_json::from_str(&got.text(Shape::Json, 0.25)).unwrap();
    assert_eq!(json["positions"], 3);
    assert_eq!(json["winning_share"], 0.3333);
    assert_eq!(json["seconds"], 0.25);
    let csv = got.text(Shape::Csv, 0.25);
    let (header, row) = csv.trim_end().split_once('\n').unwrap();
    let pairs: Vec<(&str, &str)> = header.split(',').zip(row.split(',')).collect();
    assert!(pairs.contains(&("equal_share", "0.6667")), "{csv}");
    assert!(pairs.contains(&("skipped", "1")), "{csv}");
}
