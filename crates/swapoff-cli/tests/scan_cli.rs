//! `seeswap scan` end to end: position counts on real PGN files (checked against an
//! independent count of the move text and the files' own PlyCount tags), a hand-checked
//! position, bad input, output order under many threads, CSV and summary output.

use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A file of the repository's `testdata/` folder.
fn testdata(rel: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(rel);
    assert!(
        path.exists(),
        "test data file {} is missing",
        path.display()
    );
    path
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scan")
        .join(name)
}

fn swapoff(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_seeswap"));
    cmd.arg("scan").args(args);
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run swapoff");
    if let Some(data) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        pipe.write_all(data).expect("write stdin");
    }
    child.wait_with_output().expect("wait for swapoff")
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON {l:?}: {e}")))
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Plies per game counted from the move text without any PGN library: drop tag lines,
/// `{}` comments, `;` comments, `()` variations, NAGs, move numbers and results, and count
/// what is left (a null move `Z0`/`--` counts, as in PlyCount tags). Also returns the
/// PlyCount tags.
fn independent_count(text: &str) -> Vec<(usize, Option<usize>)> {
    let text = text.trim_start_matches('\u{feff}');
    let mut games: Vec<(usize, Option<usize>)> = Vec::new();
    let mut in_tags = false;
    let mut movetext = String::new();
    let flush = |movetext: &mut String, games: &mut Vec<(usize, Option<usize>)>| {
        if let Some(last) = games.last_mut() {
            last.0 = count_plies(movetext);
        }
        movetext.clear();
    };
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            if !in_tags {
                flush(&mut movetext, &mut games);
                games.push((0, None));
                in_tags = true;
            }
            if let Some(rest) = t.strip_prefix("[PlyCount \"") {
                let n = rest.trim_end_matches("\"]").parse().ok();
                if let Some(g) = games.last_mut() {
                    g.1 = n;
                }
            }
        } else {
            if !t.is_empty() {
                in_tags = false;
            }
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    flush(&mut movetext, &mut games);
    games
}

fn count_plies(movetext: &str) -> usize {
    let mut clean = String::new();
    let (mut depth, mut comment, mut line_comment) = (0usize, false, false);
    for c in movetext.chars() {
        match c {
            _ if line_comment => line_comment = c != '\n',
            '}' if comment => comment = false,
            _ if comment => {}
            '{' => comment = true,
            ';' => line_comment = true,
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => clean.push(c),
        }
    }
    clean
        .split_whitespace()
        .map(|tok| tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|tok| {
            !tok.is_empty()
                && !tok.starts_with('$')
                && !matches!(*tok, "*" | "1-0" | "0-1" | "1/2-1/2")
                && !tok.starts_with("-0")
                && !tok.starts_with("-1")
                && !tok.starts_with("/2-")
        })
        .count()
}

/// Positions per game (by game number) and checks that plies run 0, 1, 2, ... in order.
fn positions_per_game(lines: &[Value]) -> BTreeMap<u64, usize> {
    let mut games = BTreeMap::new();
    for v in lines {
        let game = v["game"].as_u64().expect("game number");
        let ply = v["ply"].as_u64().expect("ply") as usize;
        let seen = games.entry(game).or_insert(0usize);
        assert_eq!(ply, *seen, "game {game}: plies out of order");
        *seen += 1;
    }
    games
}

#[test]
fn pgn_files_give_plies_plus_one_positions_per_game() {
    let files = [
        "anastasian-lewis.pgn",
        "chessbase-empty-line.pgn",
        "cutechess-fischerrandom.pgn",
        "kasparov-deep-blue-1997.pgn",
        "molinari-bordais-1979.pgn",
        "nepomniachtchi-liren-game1.pgn",
        "stockfish-learning.pgn",
        "uci-moves.pgn",
        "utf8-bom.pgn",
    ];
    let mut with_ply_count = 0;
    for name in files {
        let path = testdata(&format!("pgn/{name}"));
        let text = std::fs::read_to_string(&path).expect("read PGN");
        let expected = independent_count(&text);
        let out = swapoff(&["--threads", "2", path.to_str().unwrap()], None);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let got = positions_per_game(&json_lines(&out));
        assert_eq!(got.len(), expected.len(), "{name}: number of games");
        for (i, (plies, ply_count)) in expected.iter().enumerate() {
            let game = i as u64 + 1;
            assert_eq!(got[&game], plies + 1, "{name} game {game}: plies + 1");
            if let Some(tag) = ply_count {
                with_ply_count += 1;
                assert_eq!(got[&game], tag + 1, "{name} game {game}: PlyCount + 1");
            }
        }
    }
    // The PlyCount tags really were used (Kasparov's six, the four Chess960 games...).
    assert!(with_ply_count >= 14, "{with_ply_count}");
}

#[test]
fn the_null_move_in_anastasian_lewis_passes_the_turn() {
    // "41. Bxf3 Z0 42. Ke1": Z0 is ChessBase's null move; PlyCount 84 counts it.
    let out = swapoff(
        &[testdata("pgn/anastasian-lewis.pgn").to_str().unwrap()],
        None,
    );
    let lines = json_lines(&out);
    let fen = |ply: usize| lines[ply]["fen"].as_str().unwrap().to_string();
    let board = |ply: usize| fen(ply).split(' ').next().unwrap().to_string();
    // Ply 82 is after Z0: the same board as ply 81, White to move again.
    assert_eq!(board(81), board(82));
    assert!(fen(81).contains(" b "), "{}", fen(81));
    assert!(fen(82).contains(" w "), "{}", fen(82));
}

#[test]
fn variant_games_are_skipped_with_a_message() {
    let path = testdata("pgn/antichess-programfox.pgn");
    let out = swapoff(&[path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    for game in ["game 1:", "game 2:"] {
        assert!(
            err.lines()
                .any(|l| l.contains(game) && l.contains("Antichess") && l.contains("skipped")),
            "{err}"
        );
    }
    assert!(err.contains("0 positions from 2 games"), "{err}");
    assert!(err.contains("2 skipped"), "{err}");
}

/// White: Kg1, Rd1, Nc3, Pe4. Black: Kg8, Bb4, Pd5, Pe6. White to move.
///
/// By hand, with 100/300/300/500/900:
/// - exd5: +100; ...exd5 loses the pawn back (0), Nxd5 wins it again (+100), and Black has
///   nothing left, so Black may as well recapture or not: +100.
/// - Nxd5: +100, ...exd5 (-200), Rxd5 (-100): Black recaptures (-100 < +100): -100.
/// - Rxd5: +100, ...exd5 (-400), exd5 (-300): Black recaptures: -300.
///
/// Hanging: Black's d5 pawn (exd5 wins 100). In the side-swapped position Black has Bxc3
/// (the knight has no defender: +300) and dxe4 (Nxe4 recaptures: 0): White's c3 knight
/// hangs for 300, the e4 pawn does not. Balance max(0, 100) = 100, threat 300.
#[test]
fn known_position_captures_values_and_hanging_pieces() {
    let fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
    let out = swapoff(
        &["--format", "epd", "-"],
        Some(format!("{fen}\n").as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let v = &lines[0];
    assert_eq!(v["fen"], fen);
    assert_eq!(v["line"], 1);
    let captures: Vec<(String, i64)> = v["captures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["move"].as_str().unwrap().to_string(),
                c["see"].as_i64().unwrap(),
            )
        })
        .collect();
    let expected = [("e4d5", 100), ("c3d5", -100), ("d1d5", -300)];
    let expected: Vec<(String, i64)> = expected.iter().map(|(m, s)| (m.to_string(), *s)).collect();
    assert_eq!(captures, expected);
    assert_eq!(v["best"]["move"], "e4d5");
    assert_eq!(v["balance"], 100);
    assert_eq!(v["threat"], 300);
    assert_eq!(v["in_check"], false);
    assert_eq!(
        v["hanging"]["white"],
        serde_json::json!([{"square": "c3", "piece": "N", "gain": 300, "capture": "b4c3", "value": 300}])
    );
    assert_eq!(
        v["hanging"]["black"],
        serde_json::json!([{"square": "d5", "piece": "p", "gain": 100, "capture": "e4d5", "value": 100}])
    );

    // --values reach the scan: with N=325, Nxd5 is 100 - 325 + 100 = -125 and Bxc3 +325.
    let out = swapoff(
        &["--values", "100,325,325,500,1000", "-"],
        Some(format!("{fen}\n").as_bytes()),
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["captures"][1]["see"], -125);
    assert_eq!(v["threat"], 325);
}

#[test]
fn malformed_lines_are_reported_and_skipped_and_good_lines_kept() {
    let path = fixture("mixed.epd");
    let out = swapoff(&[path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let numbers: Vec<u64> = lines.iter().map(|v| v["line"].as_u64().unwrap()).collect();
    // Line 1 is a comment, 7 blank; 3, 5, 6, 9 and 10 are bad.
    assert_eq!(numbers, vec![2, 4, 8, 11]);
    let err = stderr(&out);
    for (line, why) in [
        (3, "piece placement"),
        (5, "more than one king"),
        (6, "side to move"),
        (9, "at least 4 are needed"),
        (10, "piece placement"),
    ] {
        let tag = format!("mixed.epd:{line}: ");
        assert!(
            err.lines()
                .any(|l| l.contains(&tag) && l.contains(why) && l.ends_with("line skipped")),
            "line {line}: {err}"
        );
    }
    assert!(err.contains("4 positions"), "{err}");
    assert!(err.contains("5 skipped"), "{err}");

    // Line 4: an EPD record (operations after the 4 fields) keeps its counters.
    assert_eq!(
        lines[1]["fen"],
        "r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ - 0 9"
    );
    // Line 8: White in check, so its own hanging pieces are not evaluated; Kxd2 wins
    // the undefended queen.
    assert_eq!(lines[2]["in_check"], true);
    assert_eq!(lines[2]["threat"], Value::Null);
    assert_eq!(lines[2]["hanging"]["white"], Value::Null);
    assert_eq!(lines[2]["best"]["see"], 900);
    // Line 11 (tab, extra spaces, CRLF): Black to move has nothing to take, but in the
    // side-swapped position a7-a8=Q wins 800: the threat counts promotions.
    assert_eq!(lines[3]["fen"], "7k/P7/8/8/8/8/8/K7 b - - 3 60");
    assert_eq!(lines[3]["balance"], 0);
    assert_eq!(lines[3]["threat"], 800);
}

#[test]
fn games_with_errors_keep_their_good_positions() {
    let path = fixture("games.pgn");
    let out = swapoff(&[path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let per_game = positions_per_game(&lines);
    // Game 1: 8 plies (the variation and comments ignored). Game 2: 3. Ke3 is illegal at
    // ply 5, so plies 0-4 are kept. Game 3: Crazyhouse, skipped. Game 4: from its FEN tag,
    // 4 plies. Game 5: impossible FEN tag.
    let expected: BTreeMap<u64, usize> = [(1, 9), (2, 5), (4, 5)].into_iter().collect();
    assert_eq!(per_game, expected);
    let first_of_game_4 = lines.iter().find(|v| v["game"] == 4).unwrap();
    assert_eq!(first_of_game_4["fen"], "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let err = stderr(&out);
    assert!(
        err.contains("game 2: ply 5 (3. Ke3): illegal move"),
        "{err}"
    );
    assert!(err.contains("game 3: [Variant \"Crazyhouse\"]"), "{err}");
    assert!(err.contains("game 5: [FEN"), "{err}");
    assert!(err.contains("3 skipped"), "{err}");
}

#[test]
fn output_order_does_not_depend_on_threads() {
    // 20,000 lines: more than one batch of 64 units of 16 KiB, so batches and units both
    // finish out of order on several threads.
    // The 2,000 shipped lines of the UHO book, ten times over.
    let text = std::fs::read_to_string(testdata("positions/uho_head.epd")).expect("read UHO");
    let sample: String = text
        .lines()
        .flat_map(|l| [l, "\n"])
        .collect::<String>()
        .repeat(10);
    assert_eq!(sample.lines().count(), 20_000);
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(sample.as_bytes()).expect("write sample");
    let path = file.path().to_str().unwrap().to_string();
    let pgn = testdata("pgn/kasparov-deep-blue-1997.pgn");
    let pgn = pgn.to_str().unwrap();

    let one = swapoff(&["--threads", "1", &path, pgn], None);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    let four = swapoff(&["--threads", "4", &path, pgn], None);
    assert!(
        one.stdout == four.stdout,
        "--threads 4 differs from --threads 1"
    );
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_seeswap"));
    let env = cmd
        .env("RAYON_NUM_THREADS", "3")
        .args(["scan", "--csv", &path, pgn])
        .output()
        .expect("run");
    let csv_one = swapoff(&["--threads", "1", "--csv", &path, pgn], None);
    assert!(env.stdout == csv_one.stdout, "RAYON_NUM_THREADS=3 differs");

    let lines = json_lines(&one);
    assert_eq!(lines.len(), 20_000 + 525);
    for (i, v) in lines[..20_000].iter().enumerate() {
        assert_eq!(v["line"].as_u64(), Some(i as u64 + 1));
        assert_eq!(v["file"].as_str(), Some(path.as_str()));
    }
    positions_per_game(&lines[20_000..]);
}

#[test]
fn csv_and_summary_agree_with_json() {
    let path = fixture("mixed.epd");
    let path = path.to_str().unwrap();
    let json = json_lines(&swapoff(&[path], None));
    let csv = swapoff(&["--csv", path], None);
    let csv = String::from_utf8(csv.stdout).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0][0], "line");
    assert_eq!(rows.len(), json.len() + 1);
    assert!(rows.iter().all(|r| r.len() == rows[0].len()));
    // The in-check row leaves threat and White's hanging pieces empty.
    let check = &rows[3];
    assert_eq!(check[0], "8");
    assert_eq!(check[4], "1");
    assert_eq!(check[9], "");
    assert_eq!(check[10], "");
    assert_eq!(check[11], "qd2:900");

    let summary = swapoff(&["--summary", path], None);
    assert_eq!(summary.status.code(), Some(1));
    let s: Value = serde_json::from_slice(&summary.stdout).expect("summary JSON");
    let captures: usize = json
        .iter()
        .map(|v| v["captures"].as_array().unwrap().len())
        .sum();
    assert_eq!(s["positions"], json.len());
    assert_eq!(s["captures"], captures);
    assert_eq!(s["skipped"], 5);
    let sum = s["winning"].as_u64().unwrap()
        + s["equal"].as_u64().unwrap()
        + s["losing"].as_u64().unwrap();
    assert_eq!(sum as usize, captures);
    let hanging: usize = json
        .iter()
        .map(|v| {
            ["white", "black"]
                .iter()
                .map(|c| v["hanging"][c].as_array().map_or(0, |a| a.len()))
                .sum::<usize>()
        })
        .sum();
    assert_eq!(s["hanging"], hanging);
}

#[test]
fn formats_are_told_from_content() {
    // A PGN on stdin with no tags, a BOM and CRLF line ends.
    let pgn = b"\xef\xbb\xbf1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n";
    let out = swapoff(&["-q"], Some(pgn));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 8);
    // After 3...Nf6 both Bxf7 and Qxf7 win the f7 pawn: the king may not retake while
    // the other white piece still hits f7. The tie goes to the lower from-square (c4).
    // Black's Nf6 attacks the undefended queen (900) and e4 pawn (100).
    let before_mate = &lines[6];
    assert_eq!(
        before_mate["captures"][0],
        serde_json::json!({"move": "c4f7", "see": 100})
    );
    assert_eq!(
        before_mate["captures"][1],
        serde_json::json!({"move": "h5f7", "see": 100})
    );
    assert_eq!(before_mate["threat"], 900);
    assert_eq!(lines[7]["in_check"], true);

    // Text in no known format is refused, as an input that cannot be read is (exit 2).
    let out = swapoff(&[], Some(b"hello world\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the format has to be given"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn pgn_positions_rescanned_as_epd_give_the_same_analysis() {
    // The PGN path (shakmaty replay, conversion, FEN writer) and the EPD path (FEN reader)
    // must agree: scan games, feed their FENs back as EPD, compare everything but the origin.
    let files = [
        testdata("pgn/kasparov-deep-blue-1997.pgn"),
        testdata("pgn/cutechess-fischerrandom.pgn"),
    ];
    for path in files {
        let games = json_lines(&swapoff(&[path.to_str().unwrap()], None));
        let epd: String = games
            .iter()
            .map(|v| format!("{}\n", v["fen"].as_str().unwrap()))
            .collect();
        let out = swapoff(&["--format", "epd", "-"], Some(epd.as_bytes()));
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let again = json_lines(&out);
        assert_eq!(again.len(), games.len());
        for (mut a, mut b) in games.into_iter().zip(again) {
            // The origin, and what PGN rows alone have: the move played.
            let only_pgn = ["played", "played_san", "played_see", "clock", "eval"];
            for key in ["game", "ply", "line"].into_iter().chain(only_pgn) {
                a.as_object_mut().unwrap().remove(key);
                b.as_object_mut().unwrap().remove(key);
            }
            assert_eq!(a, b);
        }
    }
}

#[test]
fn pgn_rows_carry_the_move_played_its_see_and_the_comment_s_clock_and_eval() {
    let path = testdata("examples/lichess.pgn");
    let o = swapoff(&["-q", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rows = json_lines(&o);
    // Game 1: 8 plies (9 positions); game 2: 3 plies (4 positions).
    assert_eq!(rows.len(), 9 + 4);
    let first = &rows[0];
    assert_eq!(first["played"], "e2e4");
    assert_eq!(first["played_san"], "e4");
    assert_eq!(first["played_see"], 0);
    assert_eq!(first["clock"], 180.0);
    assert_eq!(first["eval"], "0.17");
    assert_eq!(rows[4]["clock"], 175.5, "3. Bc4 at 0:02:55.5");
    // 4. Bxf7+ gives a bishop for a pawn: Kxf7, 100 - 300. The depth after the comma in
    // its eval is left out.
    let blunder = &rows[6];
    assert_eq!(blunder["ply"], 6);
    assert_eq!(blunder["played"], "c4f7");
    assert_eq!(blunder["played_san"], "Bxf7+");
    assert_eq!(blunder["played_see"], -200);
    assert_eq!(blunder["eval"], "-1.6");
    // The last position of a game: nothing played.
    for key in ["played", "played_san", "played_see", "clock", "eval"] {
        assert!(rows[8][key].is_null(), "{key}: {}", rows[8]);
    }
    // Game 2 has no comments: the moves, with null clock and eval.
    assert_eq!(rows[9]["played"], "d2d4");
    assert!(rows[9]["clock"].is_null() && rows[9]["eval"].is_null());
    // CSV: the same fields, empty where null.
    let o = swapoff(&["-q", "--csv", path.to_str().unwrap()], None);
    let csv = String::from_utf8_lossy(&o.stdout).into_owned();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let row: Vec<&str> = csv.lines().nth(7).unwrap().split(',').collect();
    assert_eq!(row[at("played")], "c4f7");
    assert_eq!(row[at("played_see")], "-200");
    assert_eq!(row[at("clock")], "161");
}

#[test]
fn lichess_tables_go_in_puzzles_with_their_first_move_played() {
    let puzzles = testdata("examples/puzzles.csv");
    let o = swapoff(
        &[
            "-q",
            "--moves-column",
            "Moves",
            "--tags",
            "PuzzleId,Rating",
            puzzles.to_str().unwrap(),
        ],
        None,
    );
    // One row cannot be read: reported by its line, the others go on.
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("puzzles.csv:3: bad FEN"),
        "{}",
        stderr(&o)
    );
    let rows = json_lines(&o);
    assert_eq!(rows.len(), 2);
    // The puzzle's first move (Black's Nf6) is played; White's reply is the move played.
    assert_eq!(rows[0]["line"], 2);
    assert!(rows[0]["fen"].as_str().unwrap().contains(" w KQkq "));
    assert_eq!(rows[0]["played"], "f3g5");
    assert_eq!(rows[0]["played_san"], "Ng5");
    assert_eq!(rows[0]["tags"]["PuzzleId"], "p0001");
    // After Ke7, Rxd5 takes the queen for nothing.
    assert_eq!(rows[1]["played"], "d1d5");
    assert_eq!(rows[1]["played_see"], 900);
    assert_eq!(rows[1]["tags"]["Rating"], "1500");
    // Without a moves column the rows are the positions as written.
    let o = swapoff(&["-q", puzzles.to_str().unwrap()], None);
    let rows = json_lines(&o);
    assert!(rows[0]["fen"].as_str().unwrap().contains(" b KQkq "));
    assert!(rows[0].get("played").is_none());
    // JSON Lines: the `fen` field.
    let evals = testdata("examples/evals.jsonl");
    let o = swapoff(&["-q", evals.to_str().unwrap()], None);
    assert_eq!(json_lines(&o).len(), 2);
    assert!(
        stderr(&o).contains("evals.jsonl:3: bad FEN"),
        "{}",
        stderr(&o)
    );
    // A CSV without the named column is refused by name.
    let o = swapoff(
        &["-q", "--fen-column", "Position", puzzles.to_str().unwrap()],
        None,
    );
    assert!(
        stderr(&o).contains("no column \"Position\""),
        "{}",
        stderr(&o)
    );
}

#[test]
fn parquet_games_are_read_as_their_pgn_would_be() {
    // examples/games.parquet holds the two games of examples/lichess.pgn in Hugging Face's
    // shape (movetext and typed tag columns), then a row without movetext and one with an
    // illegal move.
    let parquet = testdata("examples/games.parquet");
    let pgn = testdata("examples/lichess.pgn");
    let tags = "--tags=WhiteElo,BlackElo,Event";
    let from_table = swapoff(&["-q", tags, parquet.to_str().unwrap()], None);
    let from_pgn = swapoff(&["-q", tags, pgn.to_str().unwrap()], None);
    let (table_rows, pgn_rows) = (json_lines(&from_table), json_lines(&from_pgn));
    assert!(!pgn_rows.is_empty());
    // Row for row, clocks, evaluations and tags included (integers carried as text).
    assert_eq!(table_rows[..pgn_rows.len()], pgn_rows[..]);
    // Bad rows are reported by their number (the game's), and the run goes on: row 4's
    // positions before its illegal move are rows too.
    assert_eq!(from_table.status.code(), Some(1));
    let errors = stderr(&from_table);
    assert!(
        errors.contains("games.parquet: game 3: no movetext"),
        "{errors}"
    );
    assert!(
        errors.contains("games.parquet: game 4: ply 3 (2. Ke3): illegal move"),
        "{errors}"
    );
    let game4: Vec<&Value> = table_rows.iter().filter(|r| r["game"] == 4).collect();
    assert_eq!(game4.len(), 3);
    assert_eq!(game4[0]["tags"]["WhiteElo"], Value::Null);
    assert_eq!(game4[0]["tags"]["BlackElo"], "1400");
    // From standard input (held whole: a Parquet file's index is at its end), the same.
    let bytes = std::fs::read(&parquet).unwrap();
    let piped = swapoff(&["-q", tags, "-"], Some(&bytes));
    assert_eq!(json_lines(&piped), table_rows);
}

#[test]
fn parquet_positions_are_read_as_a_csv_table_s_rows() {
    // examples/puzzles.parquet: examples/puzzles.csv's rows, Rating as an integer column.
    let parquet = testdata("examples/puzzles.parquet");
    let csv = testdata("examples/puzzles.csv");
    let args = ["-q", "--moves-column=Moves", "--tags=PuzzleId,Rating"];
    let table = swapoff(&[&args[..], &[parquet.to_str().unwrap()]].concat(), None);
    let from_csv = swapoff(&[&args[..], &[csv.to_str().unwrap()]].concat(), None);
    let mut rows = json_lines(&table);
    let csv_rows = json_lines(&from_csv);
    assert_eq!(rows.len(), 2);
    // The same rows but for `line`: a Parquet row's number, a CSV record's line (after
    // the header).
    for (row, csv_row) in rows.iter_mut().zip(&csv_rows) {
        assert_eq!(
            row["line"].as_u64().unwrap() + 1,
            csv_row["line"].as_u64().unwrap()
        );
        row["line"] = csv_row["line"].clone();
    }
    assert_eq!(rows, csv_rows);
    assert_eq!(table.status.code(), Some(1));
    assert!(
        stderr(&table).contains("puzzles.parquet: row 2: bad FEN \"not a fen\""),
        "{}",
        stderr(&table)
    );
    // A table with neither column is refused, naming the columns it has.
    let o = swapoff(
        &["-q", "--fen-column=Position", parquet.to_str().unwrap()],
        None,
    );
    let errors = stderr(&o);
    assert!(errors.contains("neither a column \"movetext\""), "{errors}");
    assert!(
        errors.contains("columns: PuzzleId,FEN,Moves,Rating,Themes"),
        "{errors}"
    );
    assert!(json_lines(&o).is_empty());
}
