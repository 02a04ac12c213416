//! Output of `seeswap scan`: JSON Lines or CSV rows written by hand into a reused buffer
//! (the hot path: no serde, no `fmt` machinery), the totals, and the summary.

use cozy_chess::{Board, Color, File, Piece, Rank, Square};
use serde::Serialize;
use swapoff_scan::analysis::{piece_letter, Report};
pub(super) use swapoff_scan::json::{push_square, push_u64, push_uci};

/// Output shape chosen on the command line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shape {
    /// One JSON object per position.
    Json,
    /// One CSV row per position.
    Csv,
    /// Nothing per position (`--summary`).
    None,
}

/// Where a position comes from.
#[derive(Clone, Copy, Debug)]
pub(super) enum Origin {
    /// Line `line` (from 1) of an EPD file.
    Line(u64),
    /// Ply `ply` (0 = the starting position) of game `game` (from 1) of a PGN file.
    Game { game: u64, ply: u32 },
}

/// The CSV header, with a leading `file` column when several inputs are scanned and a
/// `tag_NAME` column per `--tags` name at the end.
pub(super) fn csv_header(with_file: bool, tag_names: &[String]) -> String {
    let mut header = String::new();
    if with_file {
        header.push_str("file,");
    }
    header.push_str("line,game,ply,fen,in_check,captures,best_move,best_see,balance,threat,hanging_white,hanging_black,capture_list");
    for name in tag_names {
        header.push(',');
        header.push_str(&csv_field(&format!("tag_{name}")));
    }
    header.push('\n');
    header
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// One position's output, whatever the shape.
pub(super) struct Row<'a> {
    /// The pre-rendered file label, given only when several inputs are scanned.
    pub file: Option<&'a [u8]>,
    pub origin: Origin,
    pub fen: &'a [u8],
    pub board: &'a Board,
    pub report: &'a Report,
    /// The `--tags` names, and their values for this position's game (`None`: not a
    /// game, or the game has no such tag), in the same order.
    pub tag_names: &'a [String],
    pub tags: &'a [Option<String>],
}

/// The file label as it appears in output: a JSON string literal (quotes included) or a
/// CSV field (quoted when needed).
pub(super) fn label(path: &str, shape: Shape) -> Vec<u8> {
    match shape {
        Shape::Csv => csv_field(path).into_bytes(),
        _ => serde_json::to_string(path)
            .unwrap_or_else(|_| "\"?\"".to_string())
            .into_bytes(),
    }
}

/// Writes one position in the chosen shape.
pub(super) fn write_position(out: &mut Vec<u8>, shape: Shape, row: &Row<'_>) {
    match shape {
        Shape::Json => write_json(out, row),
        Shape::Csv => write_csv(out, row),
        Shape::None => {}
    }
}

fn write_json(out: &mut Vec<u8>, row: &Row<'_>) {
    let Row {
        file,
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
    swapoff_scan::json::analysis_fields(out, board, report);
    if !row.tag_names.is_empty() {
        out.extend_from_slice(b",\"tags\":{");
        for (i, name) in row.tag_names.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_string(out, name);
            out.push(b':');
            match row.tags.get(i).and_then(Option::as_deref) {
                Some(value) => json_string(out, value),
                None => out.extend_from_slice(b"null"),
            }
        }
        out.push(b'}');
    }
    out.extend_from_slice(b"}\n");
}

fn json_string(out: &mut Vec<u8>, text: &str) {
    match serde_json::to_string(text) {
        Ok(quoted) => out.extend_from_slice(quoted.as_bytes()),
        Err(_) => out.extend_from_slice(b"null"),
    }
}

fn write_csv(out: &mut Vec<u8>, row: &Row<'_>) {
    let Row {
        file,
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
    swapoff_scan::json::csv_analysis_fields(out, board, report);
    for i in 0..row.tag_names.len() {
        out.push(b',');
        if let Some(value) = row.tags.get(i).and_then(Option::as_deref) {
            out.extend_from_slice(csv_field(value).as_bytes());
        }
    }
    out.push(b'\n');
}

/// Writes the FEN of `board` with the given move counters. Castling rights are written
/// as X-FEN: `K`/`Q` (`k`/`q`) when the castling rook is the outermost rook on that side
/// of the king, else the rook's file letter (Chess960), which gives plain `KQkq` in
/// standard chess.
pub(super) fn push_fen(out: &mut Vec<u8>, board: &Board, halfmove: u32, fullmove: u32) {
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

/// Totals over a run, or over one unit of work before they are added up.
#[derive(Clone, Copy, Default, Debug, Serialize)]
pub(super) struct Stats {
    /// Positions scanned.
    pub positions: u64,
    /// PGN games read (including skipped ones).
    pub games: u64,
    /// Captures and promotions listed.
    pub captures: u64,
    /// Of which SEE > 0.
    pub winning: u64,
    /// Of which SEE = 0.
    pub equal: u64,
    /// Of which SEE < 0.
    pub losing: u64,
    /// Hanging pieces found, both sides, all positions.
    pub hanging: u64,
    /// Of which White's.
    pub hanging_white: u64,
    /// Of which Black's.
    pub hanging_black: u64,
    /// Positions whose side to move is in check (its hanging pieces not evaluated).
    pub in_check: u64,
    /// Lines, games or game remainders skipped for bad input.
    pub skipped: u64,
}

impl Stats {
    /// Counts one analysed position.
    pub fn count(&mut self, board: &Board, report: &Report) {
        self.positions += 1;
        self.captures += report.captures.len() as u64;
        for c in &report.captures {
            match c.see.signum() {
                1 => self.winning += 1,
                0 => self.equal += 1,
                _ => self.losing += 1,
            }
        }
        let (us, them) = (
            report.hanging_us.len() as u64,
            report.hanging_them.len() as u64,
        );
        self.hanging += us + them;
        match board.side_to_move() {
            Color::White => {
                self.hanging_white += us;
                self.hanging_black += them;
            }
            Color::Black => {
                self.hanging_white += them;
                self.hanging_black += us;
            }
        }
        self.in_check += u64::from(report.in_check);
    }

    /// Adds another unit's totals.
    pub fn add(&mut self, o: &Stats) {
        self.positions += o.positions;
        self.games += o.games;
        self.captures += o.captures;
        self.winning += o.winning;
        self.equal += o.equal;
        self.losing += o.losing;
        self.hanging += o.hanging;
        self.hanging_white += o.hanging_white;
        self.hanging_black += o.hanging_black;
        self.in_check += o.in_check;
        self.skipped += o.skipped;
    }

    fn share(&self, n: u64) -> f64 {
        if self.captures == 0 {
            0.0
        } else {
            // Four decimals are plenty for a share.
            (n as f64 / self.captures as f64 * 10_000.0).round() / 10_000.0
        }
    }

    /// The `--summary` output: one JSON object, or a CSV header and row.
    pub fn summary(&self, shape: Shape, seconds: f64) -> String {
        let shares = [
            self.share(self.winning),
            self.share(self.equal),
            self.share(self.losing),
        ];
        if shape == Shape::Csv {
            return format!(
                "positions,games,captures,winning,equal,losing,winning_share,equal_share,losing_share,hanging,hanging_white,hanging_black,in_check,skipped,seconds\n\
                 {},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3}\n",
                self.positions,
                self.games,
                self.captures,
                self.winning,
                self.equal,
                self.losing,
                shares[0],
                shares[1],
                shares[2],
                self.hanging,
                self.hanging_white,
                self.hanging_black,
                self.in_check,
                self.skipped,
                seconds
            );
        }
        #[derive(Serialize)]
        struct Summary<'a> {
            #[serde(flatten)]
            stats: &'a Stats,
            winning_share: f64,
            equal_share: f64,
            losing_share: f64,
            seconds: f64,
        }
        let summary = Summary {
            stats: self,
            winning_share: shares[0],
            equal_share: shares[1],
            losing_share: shares[2],
            seconds: (seconds * 1000.0).round() / 1000.0,
        };
        let mut text = serde_json::to_string(&summary).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The one-line report on stderr at the end of a run.
    pub fn line(&self, seconds: f64) -> String {
        let pct = |n: u64| 100.0 * self.share(n);
        let rate = if seconds > 0.0 {
            self.positions as f64 / seconds
        } else {
            0.0
        };
        let games = if self.games > 0 {
            format!(" from {} games", self.games)
        } else {
            String::new()
        };
        format!(
            "seeswap scan: {} positions{games}, {} captures ({:.1}% winning, {:.1}% equal, {:.1}% losing), {} hanging pieces, {} skipped; {:.2} s, {:.0} positions/s",
            self.positions,
            self.captures,
            pct(self.winning),
            pct(self.equal),
            pct(self.losing),
            self.hanging,
            self.skipped,
            seconds,
            rate
        )
    }
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
