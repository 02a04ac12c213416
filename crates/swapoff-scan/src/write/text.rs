//! Rows as text: JSON Lines or CSV, written by hand into a reused buffer (the hot path of a
//! scan: no serde, no `fmt` machinery), and the FEN of a replayed position.

use crate::encode::{csv_text, json_text, push_i32, push_u64};
use crate::scan::columns::{Column, Selection};
use crate::scan::rows::{Origin, Played, Row};
use crate::write::fields::{csv_field, json_field};

/// A text shape for rows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// One JSON object per position (JSON Lines).
    Json,
    /// One CSV row per position.
    Csv,
}

/// Writes rows in one shape, with a file label when several inputs are scanned and the
/// values of the tags asked for. A writer per thread: it keeps the tag fields of the game
/// it last wrote (clone one from a template).
#[derive(Clone)]
pub struct TextRows {
    shape: Shape,
    /// Pre-rendered file labels (a JSON string literal or a CSV field), present when
    /// several inputs are scanned.
    labels: Option<Vec<Vec<u8>>>,
    tag_names: Vec<String>,
    /// The columns asked for (`None`: the default rows, written by the writers below).
    columns: Option<Selection>,
    /// The tag fields as the last game's rows end (its file and number): every row of a
    /// game carries its tags, so they are written out once a game and copied after.
    game_tags: Option<((usize, u64), Vec<u8>)>,
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
            game_tags: None,
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
    pub fn write(&mut self, out: &mut Vec<u8>, row: &Row<'_>) {
        let label = self.labels.as_ref().map(|l| l[row.file].as_slice());
        let columns = match (&self.columns, self.shape) {
            (Some(columns), _) => columns.columns(),
            // The default CSV row is every column, in order.
            (None, Shape::Csv) => &Column::ALL,
            // The default JSON row keeps its own shape: the FEN first, the tags nested,
            // and no move-played members for an EPD line.
            (None, Shape::Json) => return write_json(out, row, label, &self.tag_names),
        };
        let json = self.shape == Shape::Json;
        write_columns(out, row, label, columns, json);
        let game = match row.origin {
            Origin::Game { game, .. } => Some((row.file, game)),
            Origin::Line(_) => None,
        };
        match &mut self.game_tags {
            Some((of, text)) if Some(*of) == game => out.extend_from_slice(text),
            kept => {
                let start = out.len();
                let first = label.is_none() && columns.is_empty();
                end_row(out, row, &self.tag_names, first, json);
                if let Some(game) = game {
                    let (of, text) = kept.get_or_insert_with(|| (game, Vec::new()));
                    *of = game;
                    text.clear();
                    text.extend_from_slice(&out[start..]);
                }
            }
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

/// The columns asked for of one row, as CSV fields or the members of a flat JSON object
/// (opened here, closed by [`end_row`]).
fn write_columns(
    out: &mut Vec<u8>,
    row: &Row<'_>,
    file: Option<&[u8]>,
    columns: &[Column],
    json: bool,
) {
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
    for &column in columns {
        separate(out);
        if json {
            json_field(out, column, row);
        } else {
            csv_field(out, column, row);
        }
    }
}

/// The end of a row of [`write_columns`]: the tags' fields (the first without a comma
/// before it when `first`), and the line's end.
fn end_row(out: &mut Vec<u8>, row: &Row<'_>, tag_names: &[String], first: bool, json: bool) {
    for (i, name) in tag_names.iter().enumerate() {
        if i > 0 || !first {
            out.push(b',');
        }
        let value = row.tags.get(i).and_then(Option::as_deref);
        if json {
            json_text(out, &format!("tag_{name}"));
            out.push(b':');
            match value {
                Some(value) => json_text(out, value),
                None => out.extend_from_slice(b"null"),
            }
        } else if let Some(value) = value {
            crate::encode::push_csv_text(out, value);
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
    crate::write::report::analysis_fields(out, board, report, false);
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
        Some(clock) => crate::write::fields::push_clock(out, clock),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"eval\":");
    match &played.annotation.eval {
        Some(eval) => json_text(out, eval),
        None => out.extend_from_slice(b"null"),
    }
}
