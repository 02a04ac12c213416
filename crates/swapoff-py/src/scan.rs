//! A block of EPD text or PGN games to `seeswap scan` rows, as CSV (its columns and an
//! `error` column): what a Dask partition computes. Reading, validation and analysis are
//! `swapoff-scan`'s, as in the
//! tool; a line or game that cannot be read gives a row with an `error` field, so nothing
//! is dropped silently.

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode};
use std::io::{Cursor, Read};
use swapoff::See;
use swapoff_scan::analysis::Report;
use swapoff_scan::format::{detect, sniff, Format};
use swapoff_scan::records::{decompress, Records, UnixLines, MAX_RECORD_BYTES};
use swapoff_scan::{epd, json, pgn};

/// The CSV header of the rows.
pub const HEADER: &str = "line,game,ply,fen,in_check,captures,best_move,best_see,balance,threat,hanging_white,hanging_black,capture_list,error\n";

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn push_field(out: &mut Vec<u8>, text: &str) {
    if text.contains([',', '"', '\n', '\r']) {
        out.push(b'"');
        out.extend_from_slice(text.replace('"', "\"\"").as_bytes());
        out.push(b'"');
    } else {
        out.extend_from_slice(text.as_bytes());
    }
}

/// One analysed row: where it comes from (`line,game,ply,`), the FEN, the analysis.
fn push_row(
    out: &mut Vec<u8>,
    fen: &str,
    origin: &str,
    board: &cozy_chess::Board,
    report: &Report,
) {
    out.extend_from_slice(origin.as_bytes());
    push_field(out, fen);
    out.push(b',');
    json::csv_analysis_fields(out, board, report);
    out.extend_from_slice(b",\n");
}

/// One row that could not be analysed: the text read, empty analysis, and why.
fn push_error(out: &mut Vec<u8>, text: &str, origin: &str, why: &str) {
    out.extend_from_slice(origin.as_bytes());
    push_field(out, text);
    out.extend_from_slice(b",,,,,,,,,,");
    push_field(out, why);
    out.push(b'\n');
}

/// The rows of `data` (`format` is `"epd"`, `"pgn"` or `"auto"`).
pub fn block(data: &[u8], format: &str, see: &See, first_line: u64) -> Result<String, String> {
    let raw = decompress(Box::new(Cursor::new(data.to_vec()))).map_err(|e| e.to_string())?;
    let mut input = UnixLines::new(raw);
    let sniffed = sniff(&mut input).map_err(|e| e.to_string())?;
    let format = match format {
        "epd" => Some(Format::Epd),
        "pgn" => Some(Format::Pgn),
        "auto" => detect(&sniffed.prefix),
        other => return Err(format!("format {other:?} is not epd, pgn or auto")),
    };
    let Some(format) = format else {
        return if sniffed.prefix.iter().all(u8::is_ascii_whitespace) {
            Ok(HEADER.to_string())
        } else {
            Err("cannot tell whether this is EPD or PGN; give format=\"epd\" or \"pgn\"".into())
        };
    };
    let line0 = first_line + sniffed.blank_lines;
    let stream = Cursor::new(sniffed.prefix).chain(input);
    let mut out = Vec::with_capacity(data.len() * 4);
    out.extend_from_slice(HEADER.as_bytes());
    let mut report = Report::default();
    match format {
        Format::Epd => epd_rows(stream, line0, see, &mut report, &mut out)?,
        Format::Pgn => pgn_rows(stream, see, &mut report, &mut out)?,
    }
    String::from_utf8(out).map_err(|e| e.to_string())
}

fn epd_rows(
    stream: impl Read,
    line0: u64,
    see: &See,
    report: &mut Report,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let mut records = Records::new(stream);
    let mut fen = Vec::with_capacity(96);
    while let Some((n, record)) = records.next_record().map_err(|e| e.to_string())? {
        let origin = format!("{},,,", line0 + n - 1);
        let text = match record.text() {
            Ok(text) => text,
            Err(why) => {
                push_error(out, "", &origin, &why);
                continue;
            }
        };
        match epd::read_line(text, &mut fen) {
            Ok(None) => {}
            Ok(Some(board)) => {
                report.analyze(&board, see);
                push_row(out, &String::from_utf8_lossy(&fen), &origin, &board, report);
            }
            Err(why) => push_error(out, text.trim(), &origin, &why),
        }
    }
    Ok(())
}

fn pgn_rows(
    stream: impl Read,
    see: &See,
    report: &mut Report,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let mut reader = pgn_reader::Reader::build(stream)
        .set_supported_tag_line_length(MAX_RECORD_BYTES)
        .set_supported_comment_length(MAX_RECORD_BYTES)
        .finish();
    let mut collector = pgn::Collector::default();
    loop {
        let game = match reader.read_game(&mut collector) {
            Ok(Some(game)) => game,
            Ok(None) => return Ok(()),
            Err(e) => {
                let origin = format!(",{},,", collector.games);
                push_error(out, "", &origin, &e.to_string());
                if e.kind() == std::io::ErrorKind::InvalidData {
                    continue;
                }
                return Ok(());
            }
        };
        let at = |ply: u32| format!(",{},{ply},", game.number);
        if let Some(why) = &game.rejected {
            push_error(out, "", &at(0), why);
            continue;
        }
        let mut pos = match pgn::start(&game) {
            Ok(pos) => pos,
            Err(why) => {
                push_error(out, "", &at(0), &why);
                continue;
            }
        };
        let mut emit = |pos: &Chess, ply: u32, out: &mut Vec<u8>| match pgn::to_cozy(pos) {
            Ok(board) => {
                report.analyze(&board, see);
                let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
                push_row(out, &fen, &at(ply), &board, report);
            }
            Err(why) => push_error(out, "", &at(ply), &why),
        };
        emit(&pos, 0, out);
        for (i, san) in game.moves.iter().enumerate() {
            let ply = u32::try_from(i + 1).unwrap_or(u32::MAX);
            if let Err(why) = pgn::play(&mut pos, san) {
                push_error(
                    out,
                    "",
                    &at(ply),
                    &format!("{why}; rest of the game skipped"),
                );
                break;
            }
            emit(&pos, ply, out);
        }
    }
}
