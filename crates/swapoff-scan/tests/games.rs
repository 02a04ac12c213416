//! PGN games as the scan reads them: where games part, PGN's punctuation, the marks and
//! spaces other programs leave, comments' clocks and evaluations, tags, and what a token
//! or a line no one can read costs.

mod common;

use common::{numbered_games, rows, scan};
use serde_json::Value;

/// Every game of `text`: its moves as SAN, then the notes, in order.
fn games(text: &str) -> (Vec<Vec<String>>, Vec<String>) {
    let (games, notes) = numbered_games(&scan(text, "game,played_san", &[]));
    (games.into_iter().map(|(_, moves)| moves).collect(), notes)
}

#[test]
fn games_part_where_pgn_reader_parts_them() {
    let text = "[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 *\n\n1. c4 1/2-1/2\n\n";
    assert_eq!(games(text).0, [vec!["e4", "e5"], vec!["d4"], vec!["c4"]]);
}

#[test]
fn punctuation_is_read_as_pgn_reader_reads_it() {
    // Nested variations with comments and a `)` in one, a `;` comment, an escape line,
    // NAGs, annotations glued and alone, results with other dashes, castling with zeros
    // and the null moves.
    let text = "1. e4 (1. d4 (1. c4 {)} ) d5) e5 ; e6\n% Nc6\n2. Nf3 $1 Nc6!? 3. Bc4 \
                Nf6 4. 0-0 0000 5. @@@@ -- 1\u{2013}0\n";
    let (games, notes) = games(text);
    assert_eq!(
        games,
        [["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "--", "--", "--"]]
    );
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn marks_and_spaces_of_other_programs_are_passed_over() {
    // A byte-order mark at a line's start mid-file (two files joined), and a no-break
    // and a thin space between moves.
    let text = "\u{feff}[Event \"a\"]\n\n1. e4 *\n\u{feff}[Event \"b\"]\n\n\
                1.\u{a0}d4\u{2009}d5 *\n";
    let games_tags = rows(text, "game", &["Event"]);
    let events: Vec<&Value> = games_tags.iter().map(|r| &r["tag_Event"]).collect();
    assert_eq!(events.first().and_then(|e| e.as_str()), Some("a"));
    assert_eq!(events.last().and_then(|e| e.as_str()), Some("b"));
    assert_eq!(games_tags.last().unwrap()["game"], 2);
    assert_eq!(games(text).0, [vec!["e4"], vec!["d4", "d5"]]);
}

#[test]
fn a_token_no_one_can_read_stops_its_game_and_the_next_is_read() {
    let (games, notes) = games("1. e4 e5 2. Sf3 Sc6 3. Bb5 *\n\n1. d4 *\n");
    assert_eq!(games, [vec!["e4", "e5"], vec!["d4"]]);
    assert_eq!(notes.len(), 1);
    assert!(
        notes[0].starts_with("input: game 1: ply 3 (2. Sf3): "),
        "{notes:?}"
    );
}

#[test]
fn a_tag_line_past_the_limit_costs_its_game_alone() {
    let long = format!(
        "[Event \"{}\"]\n[Site \"x\"]\n\n1. e4 *\n\n",
        "y".repeat(64 * 1024 + 10)
    );
    let (games, notes) = games(&format!("{long}[Event \"b\"]\n\n1. d4 *\n"));
    assert_eq!(games, [vec!["d4"]]);
    assert_eq!(notes.len(), 1);
    assert!(notes[0].contains("a tag line longer"), "{notes:?}");
}

#[test]
fn a_long_token_is_quoted_clipped() {
    let junk = "x".repeat(7000);
    let (_, notes) = games(&format!("1. e4 {junk} e5 *\n"));
    assert_eq!(notes.len(), 1);
    assert!(notes[0].contains("... (7000 bytes)"), "{notes:?}");
    assert!(notes[0].len() < 200, "{notes:?}");
}

#[test]
fn an_unclosed_comment_at_the_end_is_reported() {
    let (games, notes) = games("1. e4 { never closed");
    assert!(games.iter().all(|moves| moves.is_empty()), "{games:?}");
    assert_eq!(
        notes,
        ["input: game 1: a comment is not closed before the end of the input; game skipped"]
    );
}

/// The clock and evaluation of each row of `text`.
fn annotations(text: &str, columns: &str) -> Vec<(Value, Value)> {
    rows(text, columns, &[])
        .into_iter()
        .map(|row| (row["clock"].clone(), row["eval"].clone()))
        .collect()
}

#[test]
fn comments_are_read_for_their_clock_and_evaluation() {
    // Comments whole and in pieces (one longer than a token's room).
    let long = format!("[%clk 0:00:05] {}", "x".repeat(510));
    let text = format!("1. e4 {{ [%eval 0.2] [%clk 0:01:00] }} e5 {{{long}}} *\n");
    let read = annotations(&text, "clock,eval");
    assert_eq!(read[0], (60.into(), "0.2".into()));
    assert_eq!(read[1], (5.into(), Value::Null));
}

#[test]
fn the_first_clock_and_evaluation_after_a_move_count_over_all_its_comments() {
    // As python-chess, which joins a move's comments: the second comment adds the
    // evaluation the first lacked, and changes neither the clock nor an evaluation given
    // before; a variation's comments are not the main line's.
    let text = "1. e4 { [%clk 0:03:00] } ( 1. d4 { [%clk 0:01:00] } ) \
                { [%clk 0:02:00] [%eval 0.3] } { [%eval 0.9] } e5 { [%eval -0.5] } \
                { [%clk 0:02:30] } *\n";
    let read = annotations(text, "clock,eval");
    assert_eq!(read[0], (180.into(), "0.3".into()));
    assert_eq!(read[1], (150.into(), "-0.5".into()));
}

/// The first row of a game whose first move carries `comment`, with `columns`.
fn after_comment(comment: &str, columns: &str) -> Value {
    let text = format!("1. Nf3 {{{comment}}} *\n");
    rows(text, columns, &[]).swap_remove(0)
}

#[test]
fn evaluations_read_as_centipawns_or_mates() {
    for (eval, cp, mate) in [
        ("0.17", Some(17), None),
        ("-1.5", Some(-150), None),
        (" 0.005", Some(1), None),
        ("#3", None, Some(3)),
        ("#-2", None, Some(-2)),
        ("+.5", Some(50), None),
        ("0.17,23", Some(17), None),
    ] {
        let row = after_comment(&format!("[%eval {eval}]"), "eval_cp,eval_mate");
        let read = (row["eval_cp"].as_i64(), row["eval_mate"].as_i64());
        assert_eq!(read, (cp, mate), "{eval:?}");
    }
    // Kept as text in `eval`, but neither centipawns nor a mate.
    for bad in [
        "#", "#x", "NaN", "inf", "1e300", "1e5", "0.1.2", ".", "-", "--1", "1-",
    ] {
        let row = after_comment(&format!("[%eval {bad}]"), "eval,eval_cp,eval_mate");
        assert_eq!(row["eval"], bad, "{bad:?}");
        assert_eq!(
            (&row["eval_cp"], &row["eval_mate"]),
            (&Value::Null, &Value::Null)
        );
    }
    assert_eq!(after_comment("[%eval ]", "eval")["eval"], Value::Null);
}

#[test]
fn clocks_read_whole_or_fractional_as_the_float_sum_gives_them() {
    let float_sum = |text: &str| {
        let parts: Option<Vec<f64>> = text.split(':').map(|p| p.trim().parse().ok()).collect();
        parts.map(|p| p.iter().fold(0.0, |s, v| s * 60.0 + v))
    };
    let many = "999999999:".repeat(6) + "1";
    for text in [
        "0:03:00",
        "1:00:00",
        "59",
        "00:00:07",
        " 2 : 05 ",
        "0:00:01.5",
        "12:34.25",
        "1:2",
        &many,
    ] {
        let row = after_comment(&format!("[%clk {text}]"), "clock");
        assert_eq!(row["clock"].as_f64(), float_sum(text), "{text:?}");
    }
    // Whole seconds are written as integers.
    assert_eq!(after_comment("[%clk 0:03:00]", "clock")["clock"], 180);
    for bad in [
        "",
        "1::2",
        "a:00",
        "-1:00",
        "inf",
        "-0:00:01",
        "0:-0:05",
        "+5",
        "1e3",
        "0:00:1.2.3",
        "0:00:.",
        "NaN",
    ] {
        let row = after_comment(&format!("[%clk {bad}]"), "clock");
        assert_eq!(row["clock"], Value::Null, "{bad:?}");
    }
}

#[test]
fn a_comment_gives_its_first_clock_and_evaluation() {
    let row = after_comment(
        " [%eval 0.17,23] [%clk 0:03:00] [%clk 0:01:00] ",
        "clock,eval",
    );
    assert_eq!((&row["clock"], &row["eval"]), (&180.into(), &"0.17".into()));
    // Text around them, an empty evaluation, and a command left open.
    let row = after_comment("[see [%clk 1:2] [%eval ] [%clk 0:00:09", "clock,eval");
    assert_eq!((&row["clock"], &row["eval"]), (&62.into(), &Value::Null));
}

#[test]
fn a_tag_is_read_whatever_blank_separates_its_name_from_its_value() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    for blank in [" ", "\t", "  ", " \t "] {
        let text = format!(
            "[FEN{blank}\"{fen}\"]\n[SetUp{blank}\"1\"]\n[White{blank}\"a\"]\n\n1. O-O *\n"
        );
        let read = rows(text, "fen,played_san", &["White"]);
        assert_eq!(read[0]["fen"], fen, "{blank:?}");
        assert_eq!(read[0]["played_san"], "O-O", "{blank:?}");
        assert_eq!(read[0]["tag_White"], "a", "{blank:?}");
    }
}
