//! Rows as text: JSON Lines or CSV, written by hand into a reused buffer (the hot path of a
//! scan: no serde, no `fmt` machinery), and the FEN of a replayed position.

use crate::analysis::piece_letter;
use crate::columns::{csv_field, json_field, Column, Selection};
use crate::json::{push_i32, push_square, push_u64};
use crate::rows::{Origin, Played, Row};
use cozy_chess::{Board, Color, File, Piece, Rank, Square};

/// A text shape for rows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// One JSON object per position (JSON Lines).
    Json,
    /// One CSV row per position.
    Csv,
}

/// Writes rows in one shape, with a file label when several inputs are scanned and the
/// values of the tags asked for.
pub struct TextRows {
    shape: Shape,
    /// Pre-rendered file labels (a JSON string literal or a CSV field), present when
    /// several inputs are scanned.
    labels: Option<Vec<Vec<u8>>>,
    tag_names: Vec<String>,
    /// The columns asked for (`None`: the default rows, written by the writers below).
    columns: Option<Selection>,
}

impl TextRows {
    /// Rows in `shape` for inputs named `paths` (a `file` field only when there are
    /// several) with the values of `tag_names`.
    pub fn new(shape: Shape, paths: &[String], tag_names: &[String]) -> TextRows {
        TextRows {
            shape,
            labels: (paths.len() > 1).then(|| paths.iter().map(|p| label(p, shape)).collect()),
            tag_names: tag_names.to_vec(),
            columns: None,
        }
    }

    /// The same rows with only `columns`, in their order (then the tags): CSV fields and
    /// flat JSON members named as the columns are.
    pub fn with_columns(mut self, columns: Selection) -> TextRows {
        self.columns = Some(columns);
        self
    }

    /// The CSV header line (empty for JSON).
    pub fn header(&self) -> String {
        let columns = self
            .columns
            .as_ref()
            .map_or(&Column::ALL[..], Selection::columns);
        match self.shape {
            Shape::Csv => csv_header(self.labels.is_some(), columns, &self.tag_names),
            Shape::Json => String::new(),
        }
    }

    /// Appends one row.
    pub fn write(&self, out: &mut Vec<u8>, row: &Row<'_>) {
        let label = self.labels.as_ref().map(|l| l[row.file].as_slice());
        if let Some(columns) = &self.columns {
            return write_columns(out, row, label, &self.tag_names, columns, self.shape);
        }
        match self.shape {
            Shape::Json => write_json(out, row, label, &self.tag_names),
            Shape::Csv => write_csv(out, row, label, &self.tag_names),
        }
    }
}

/// The CSV header, with a leading `file` column when several inputs are scanned, the
/// columns' names, and a `tag_NAME` column per `--tags` name at the end.
fn csv_header(with_file: bool, columns: &[Column], tag_names: &[String]) -> String {
    let mut names: Vec<String> = Vec::new();
    if with_file {
        names.push("file".into());
    }
    names.extend(columns.iter().map(|c| c.name().to_string()));
    names.extend(tag_names.iter().map(|t| csv_text(&format!("tag_{t}"))));
    names.join(",") + "\n"
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
pub(crate) fn csv_text(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The file label as it appears in output: a JSON string literal (quotes included) or a
/// CSV field (quoted when needed).
fn label(path: &str, shape: Shape) -> Vec<u8> {
    match shape {
        Shape::Csv => csv_text(path).into_bytes(),
        Shape::Json => {
            let mut out = Vec::with_capacity(path.len() + 2);
            json_text(&mut out, path);
            out
        }
    }
}

/// One row of the columns asked for: CSV fields, or a flat JSON object.
fn write_columns(
    out: &mut Vec<u8>,
    row: &Row<'_>,
    file: Option<&[u8]>,
    tag_names: &[String],
    columns: &Selection,
    shape: Shape,
) {
    let json = shape == Shape::Json;
    let mut first = true;
    let mut separate = |out: &mut Vec<u8>| {
        if !std::mem::take(&mut first) {
            out.push(b',');
        }
    };
    if json {
        out.push(b'{');
    }
    if let Some(file) = file {
        separate(out);
        if json {
            out.extend_from_slice(b"\"file\":");
        }
        out.extend_from_slice(file);
    }
    for &column in columns.columns() {
        separate(out);
        if json {
            json_field(out, column, row);
        } else {
            csv_field(out, column, row);
        }
    }
    for (i, name) in tag_names.iter().enumerate() {
        separate(out);
        let value = row.tags.get(i).and_then(Option::as_deref);
        if json {
            json_text(out, &format!("tag_{name}"));
            out.push(b':');
            match value {
                Some(value) => json_text(out, value),
                None => out.extend_from_slice(b"null"),
            }
        } else if let Some(value) = value {
            out.extend_from_slice(csv_text(value).as_bytes());
        }
    }
    out.extend_from_slice(if json { b"}\n" } else { b"\n" });
}

fn write_json(out: &mut Vec<u8>, row: &Row<'_>, file: Option<&[u8]>, tag_names: &[String]) {
    let Row {
        origin,
        fen,
        board,
        report,
        ..
    } = *row;
    out.extend_from_slice(b"{\"fen\":\"");
    out.extend_from_slice(fen);
    out.push(b'"');
    if let Some(file) = file {
        out.extend_from_slice(b",\"file\":");
        out.extend_from_slice(file);
    }
    match origin {
        Origin::Line(line) => {
            out.extend_from_slice(b",\"line\":");
            push_u64(out, line);
        }
        Origin::Game { game, ply } => {
            out.extend_from_slice(b",\"game\":");
            push_u64(out, game);
            out.extend_from_slice(b",\"ply\":");
            push_u64(out, u64::from(ply));
        }
    }
    out.push(b',');
    crate::json::analysis_fields(out, board, report);
    // Games, and table rows with a move after the position (puzzles).
    if matches!(origin, Origin::Game { .. }) || row.played.is_some() {
        json_played(out, row.played);
    }
    if !tag_names.is_empty() {
        out.extend_from_slice(b",\"tags\":{");
        for (i, name) in tag_names.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_text(out, name);
            out.push(b':');
            match row.tags.get(i).and_then(Option::as_deref) {
                Some(value) => json_text(out, value),
                None => out.extend_from_slice(b"null"),
            }
        }
        out.push(b'}');
    }
    out.extend_from_slice(b"}\n");
}

/// The move played from a game's position: `,"played":...,"played_san":...,
/// "played_see":...,"clock":...,"eval":...`, every one `null` when nothing was played.
fn json_played(out: &mut Vec<u8>, played: Option<(Played<'_>, Option<i32>)>) {
    let Some((played, see)) = played else {
        out.extend_from_slice(
            b",\"played\":null,\"played_san\":null,\"played_see\":null,\"clock\":null,\"eval\":null",
        );
        return;
    };
    out.extend_from_slice(b",\"played\":");
    json_text(out, played.uci);
    out.extend_from_slice(b",\"played_san\":");
    json_text(out, played.san);
    out.extend_from_slice(b",\"played_see\":");
    match see {
        Some(see) => push_i32(out, see),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"clock\":");
    match played.annotation.clock {
        Some(clock) => out.extend_from_slice(clock.to_string().as_bytes()),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"eval\":");
    match &played.annotation.eval {
        Some(eval) => json_text(out, eval),
        None => out.extend_from_slice(b"null"),
    }
}

/// The same as CSV fields, each after a comma, empty when absent.
fn csv_played(out: &mut Vec<u8>, played: Option<(Played<'_>, Option<i32>)>) {
    let Some((played, see)) = played else {
        out.extend_from_slice(b",,,,,");
        return;
    };
    out.push(b',');
    out.extend_from_slice(played.uci.as_bytes());
    out.push(b',');
    out.extend_from_slice(csv_text(played.san).as_bytes());
    out.push(b',');
    if let Some(see) = see {
        push_i32(out, see);
    }
    out.push(b',');
    if let Some(clock) = played.annotation.clock {
        out.extend_from_slice(clock.to_string().as_bytes());
    }
    out.push(b',');
    if let Some(eval) = &played.annotation.eval {
        out.extend_from_slice(csv_text(eval).as_bytes());
    }
}

/// A JSON string literal of `text`.
pub(crate) fn json_text(out: &mut Vec<u8>, text: &str) {
    match serde_json::to_string(text) {
        Ok(quoted) => out.extend_from_slice(quoted.as_bytes()),
        Err(_) => out.extend_from_slice(b"null"),
    }
}

fn write_csv(out: &mut Vec<u8>, row: &Row<'_>, file: Option<&[u8]>, tag_names: &[String]) {
    let Row {
        origin,
        fen,
        board,
        report,
        ..
    } = *row;
    if let Some(file) = file {
        out.extend_from_slice(file);
        out.push(b',');
    }
    match origin {
        Origin::Line(line) => {
            push_u64(out, line);
            out.extend_from_slice(b",,,");
        }
        Origin::Game { game, ply } => {
            out.push(b',');
            push_u64(out, game);
            out.push(b',');
            push_u64(out, u64::from(ply));
            out.push(b',');
        }
    }
    out.extend_from_slice(fen);
    out.push(b',');
    crate::json::csv_analysis_fields(out, board, report);
    csv_played(out, row.played);
    for i in 0..tag_names.len() {
        out.push(b',');
        if let Some(value) = row.tags.get(i).and_then(Option::as_deref) {
            out.extend_from_slice(csv_text(value).as_bytes());
        }
    }
    out.push(b'\n');
}

/// Writes the FEN of `board` with the given move counters. Castling rights are written
/// as X-FEN: `K`/`Q` (`k`/`q`) when the castling rook is the outermost rook on that side
/// of the king, else the rook's file letter (Chess960), which gives plain `KQkq` in
/// standard chess.
pub fn push_fen(out: &mut Vec<u8>, board: &Board, halfmove: u32, fullmove: u32) {
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0u8;
        for file in File::ALL {
            let square = Square::new(file, *rank);
            match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        out.push(b'0' + empty);
                        empty = 0;
                    }
                    out.push(piece_letter(piece, color));
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push(b'0' + empty);
        }
        if *rank != Rank::First {
            out.push(b'/');
        }
    }
    let us = board.side_to_move();
    out.extend_from_slice(if us == Color::White { b" w " } else { b" b " });
    let mut any = false;
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color);
        let back = Rank::First.relative_to(color);
        let rooks = board.colored_pieces(color, Piece::Rook) & back.bitboard();
        for (file, short) in [(rights.short, true), (rights.long, false)] {
            let Some(file) = file else { continue };
            let outermost = !rooks.into_iter().any(|r| {
                if short {
                    r.file() > file
                } else {
                    r.file() < file
                }
            });
            let letter = match (outermost, short) {
                (true, true) => b'k',
                (true, false) => b'q',
                (false, _) => b'a' + file as u8,
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
            any = true;
        }
    }
    if !any {
        out.push(b'-');
    }
    out.push(b' ');
    match board.en_passant() {
        Some(file) => push_square(out, Square::new(file, Rank::Sixth.relative_to(us))),
        None => out.push(b'-'),
    }
    out.push(b' ');
    push_u64(out, u64::from(halfmove));
    out.push(b' ');
    push_u64(out, u64::from(fullmove));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trip() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 40",
            "4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
        ] {
            let board = Board::from_fen(fen, false).unwrap();
            let mut out = Vec::new();
            push_fen(
                &mut out,
                &board,
                u32::from(board.halfmove_clock()),
                u32::from(board.fullmove_number()),
            );
            assert_eq!(String::from_utf8(out).unwrap(), fen);
        }
    }

    #[test]
    fn chess960_castling_uses_file_letters_for_inner_rooks() {
        // Rooks on b1 and g1 with the king on e1... and a second rook on h1 beyond g1:
        // castling with g1 must name its file.
        let board = Board::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1", true).unwrap();
        let mut out = Vec::new();
        push_fen(&mut out, &board, 0, 1);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1"
        );
    }
}
