//! Rows as Arrow columns: `seeswap scan --parquet` writes them as Parquet row groups while
//! the scan streams, and the Python package hands them to pyarrow, pandas, polars and
//! Dask, with lists kept as lists and null distinct from empty.
//!
//! The schema, one row per position (the CSV's columns, typed):
//!
//! | column | type | meaning |
//! |---|---|---|
//! | `file` | string | the input (only with several inputs) |
//! | `line` | uint64, null for PGN | EPD line number |
//! | `game`, `ply` | uint64, uint32, null for EPD | PGN game (from 1) and ply (0 = start) |
//! | `fen` | string | the position |
//! | `in_check` | bool | the side to move is in check |
//! | `captures` | list of struct {`move`: string (UCI), `see`: int32} | every capture and promotion, best first (the CSV's `captures` count is its length, `capture_list` its items) |
//! | `best_move`, `best_see` | string, int32, null without a capture | the first capture |
//! | `balance` | int32 | what the side to move wins by its best exchange (≥ 0) |
//! | `threat` | int32, null in check | the same for the opponent |
//! | `hanging_white`, `hanging_black` | list of struct {`square`: string, `piece`: string, `gain`: int32, `capture`: string (UCI), `value`: int32}, null for the side to move in check | pieces en prise: the best capture of each, what it wins, and the piece's value |
//! | `played`, `played_san` | string, null for EPD and at a game's end | the move the game played from the position, in UCI and SAN |
//! | `played_see` | int32, null as `played` | its SEE under the scan's rules and values |
//! | `clock`, `eval` | float64 (seconds), string (`0.17`, `#-3`); null when the game's comment has none | the mover's clock and the evaluation after the move, from `[%clk]` and `[%eval]` |
//! | `turn` | string (`white`, `black`) | on request: the side to move, who plays `played` |
//! | `eval_cp`, `eval_mate` | int32, null as `eval` and for the other kind | on request: the evaluation after the move in centipawns from White's side, or moves to mate (positive when White mates) |
//! | `white_elo`, `black_elo` | int32, null when missing or not a number | on request: the players' ratings, from the `WhiteElo` and `BlackElo` tags (or a table's columns of those names) |
//! | `tag_NAME` | string, null when missing | each `--tags` name |
//! | `error` | string, null for a position | only with [`Layout::errors`]: why a line, game or input could not be read; the other columns of such a row are null but for `file`, `line`, `game` and `ply` |

use crate::encode::piece_letter;
use crate::encode::push_uci;
use crate::read::note::{Note, Place};
use crate::scan::analysis::Hanging;
use crate::scan::columns::{Column, Selection};
use crate::scan::rows::{Origin, Row};
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Float64Builder, Int32Builder, ListBuilder, StringBuilder,
    StructBuilder, UInt32Builder, UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef};
use shakmaty::{Color, Position};
use std::sync::Arc;

fn capture_fields() -> Fields {
    Fields::from(vec![
        Field::new("move", DataType::Utf8, false),
        Field::new("see", DataType::Int32, false),
    ])
}

fn hanging_fields() -> Fields {
    Fields::from(vec![
        Field::new("square", DataType::Utf8, false),
        Field::new("piece", DataType::Utf8, false),
        Field::new("gain", DataType::Int32, false),
        Field::new("capture", DataType::Utf8, false),
        Field::new("value", DataType::Int32, false),
    ])
}

fn list_of(fields: Fields) -> DataType {
    DataType::List(Arc::new(Field::new("item", DataType::Struct(fields), true)))
}

/// Which columns the rows have.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// A leading `file` column.
    pub file: bool,
    /// The PGN tags, a `tag_NAME` column each.
    pub tags: Vec<String>,
    /// A trailing `error` column, with a row for each [`Note`].
    pub errors: bool,
    /// The columns asked for (`None`: every one); `file`, the tags and `error` are kept
    /// whatever is asked. The CSV's `capture_list` is the `captures` list here.
    pub columns: Option<Selection>,
}

impl Layout {
    /// Whether the rows have the column `name`.
    fn keeps(&self, name: &str) -> bool {
        let Some(selection) = &self.columns else {
            // The default rows: every column but those asked for by name only.
            return !Column::ON_REQUEST.iter().any(|c| c.name() == name);
        };
        match Column::named(name) {
            Some(Column::Captures) => {
                selection.has(Column::Captures) || selection.has(Column::CaptureList)
            }
            Some(column) => selection.has(column),
            // `file`, the tags, `error`.
            None => true,
        }
    }

    /// The Arrow schema of rows with these columns.
    pub fn schema(&self) -> SchemaRef {
        let mut fields = self.all_fields();
        fields.retain(|f| self.keeps(f.name()));
        Arc::new(Schema::new(fields))
    }

    /// Every field the builders make, before the columns asked for are picked.
    fn all_fields(&self) -> Vec<Field> {
        // With error rows, the columns of the analysis are null on those rows.
        let always = !self.errors;
        let mut fields = Vec::new();
        if self.file {
            fields.push(Field::new("file", DataType::Utf8, false));
        }
        fields.extend([
            Field::new("line", DataType::UInt64, true),
            Field::new("game", DataType::UInt64, true),
            Field::new("ply", DataType::UInt32, true),
            Field::new("fen", DataType::Utf8, !always),
            Field::new("in_check", DataType::Boolean, !always),
            Field::new("captures", list_of(capture_fields()), !always),
            Field::new("best_move", DataType::Utf8, true),
            Field::new("best_see", DataType::Int32, true),
            Field::new("balance", DataType::Int32, !always),
            Field::new("threat", DataType::Int32, true),
            Field::new("hanging_white", list_of(hanging_fields()), true),
            Field::new("hanging_black", list_of(hanging_fields()), true),
            Field::new("played", DataType::Utf8, true),
            Field::new("played_san", DataType::Utf8, true),
            Field::new("played_see", DataType::Int32, true),
            Field::new("clock", DataType::Float64, true),
            Field::new("eval", DataType::Utf8, true),
            Field::new("turn", DataType::Utf8, !always),
            Field::new("eval_cp", DataType::Int32, true),
            Field::new("eval_mate", DataType::Int32, true),
            Field::new("white_elo", DataType::Int32, true),
            Field::new("black_elo", DataType::Int32, true),
        ]);
        for name in &self.tags {
            fields.push(Field::new(format!("tag_{name}"), DataType::Utf8, true));
        }
        if self.errors {
            fields.push(Field::new("error", DataType::Utf8, true));
        }
        fields
    }
}

/// Column builders for a run of rows (one unit of work, one partition).
pub struct Columns {
    schema: SchemaRef,
    file: Option<StringBuilder>,
    line: UInt64Builder,
    game: UInt64Builder,
    ply: UInt32Builder,
    fen: StringBuilder,
    in_check: BooleanBuilder,
    captures: ListBuilder<StructBuilder>,
    best_move: StringBuilder,
    best_see: Int32Builder,
    balance: Int32Builder,
    threat: Int32Builder,
    hanging_white: ListBuilder<StructBuilder>,
    hanging_black: ListBuilder<StructBuilder>,
    played: StringBuilder,
    played_san: StringBuilder,
    played_see: Int32Builder,
    clock: Float64Builder,
    eval: StringBuilder,
    turn: StringBuilder,
    /// `eval_cp`, `eval_mate`, `white_elo`, `black_elo`.
    numbers: [Int32Builder; 4],
    tags: Vec<StringBuilder>,
    error: Option<StringBuilder>,
    rows: usize,
    /// The columns the rows keep (those asked for): no other builder is ever filled.
    kept: Kept,
}

/// Which of the builders of [`Columns`] make columns of the rows. A column not asked for
/// costs nothing a row: filling every one only to drop most at the end took a sixth of
/// the time of a six-column question through Python.
#[derive(Clone, Copy)]
struct Kept {
    line: bool,
    game: bool,
    ply: bool,
    fen: bool,
    in_check: bool,
    captures: bool,
    best_move: bool,
    best_see: bool,
    balance: bool,
    threat: bool,
    hanging: [bool; 2],
    played: bool,
    played_san: bool,
    played_see: bool,
    clock: bool,
    eval: bool,
    turn: bool,
    /// `eval_cp`, `eval_mate`, `white_elo`, `black_elo`.
    numbers: [bool; 4],
}

impl Kept {
    fn of(layout: &Layout) -> Kept {
        let keeps = |name: &str| layout.keeps(name);
        Kept {
            line: keeps("line"),
            game: keeps("game"),
            ply: keeps("ply"),
            fen: keeps("fen"),
            in_check: keeps("in_check"),
            captures: keeps("captures"),
            best_move: keeps("best_move"),
            best_see: keeps("best_see"),
            balance: keeps("balance"),
            threat: keeps("threat"),
            hanging: [keeps("hanging_white"), keeps("hanging_black")],
            played: keeps("played"),
            played_san: keeps("played_san"),
            played_see: keeps("played_see"),
            clock: keeps("clock"),
            eval: keeps("eval"),
            turn: keeps("turn"),
            numbers: NUMBERS.map(|c| keeps(c.name())),
        }
    }
}

/// Appends `value` to the builder of a kept column.
macro_rules! fill {
    ($kept:expr, $builder:expr, $method:ident ( $($value:expr)? )) => {
        if $kept {
            $builder.$method($($value)?);
        }
    };
}

fn list_builder(fields: Fields) -> ListBuilder<StructBuilder> {
    ListBuilder::new(StructBuilder::from_fields(fields.clone(), 0))
        .with_field(Arc::new(Field::new("item", DataType::Struct(fields), true)))
}

impl Columns {
    /// Empty columns for `layout`, whose schema is `schema` (from [`Layout::schema`],
    /// made once and shared).
    pub fn new(layout: &Layout, schema: SchemaRef) -> Columns {
        Columns {
            schema,
            file: layout.file.then(StringBuilder::new),
            line: UInt64Builder::new(),
            game: UInt64Builder::new(),
            ply: UInt32Builder::new(),
            fen: StringBuilder::new(),
            in_check: BooleanBuilder::new(),
            captures: list_builder(capture_fields()),
            best_move: StringBuilder::new(),
            best_see: Int32Builder::new(),
            balance: Int32Builder::new(),
            threat: Int32Builder::new(),
            hanging_white: list_builder(hanging_fields()),
            hanging_black: list_builder(hanging_fields()),
            played: StringBuilder::new(),
            played_san: StringBuilder::new(),
            played_see: Int32Builder::new(),
            clock: Float64Builder::new(),
            eval: StringBuilder::new(),
            turn: StringBuilder::new(),
            numbers: std::array::from_fn(|_| Int32Builder::new()),
            tags: layout.tags.iter().map(|_| StringBuilder::new()).collect(),
            error: layout.errors.then(StringBuilder::new),
            rows: 0,
            kept: Kept::of(layout),
        }
    }

    /// Rows pushed so far.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// Whether no row has been pushed.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Adds one position; `file` is the input's name.
    pub fn push(&mut self, row: &Row<'_>, file: &str) {
        let report = row.report;
        let k = self.kept;
        if let Some(f) = self.file.as_mut() {
            f.append_value(file);
        }
        match row.origin {
            Origin::Line(line) => {
                fill!(k.line, self.line, append_value(line));
                fill!(k.game, self.game, append_null());
                fill!(k.ply, self.ply, append_null());
            }
            Origin::Game { game, ply } => {
                fill!(k.line, self.line, append_null());
                fill!(k.game, self.game, append_value(game));
                fill!(k.ply, self.ply, append_value(ply));
            }
        }
        fill!(
            k.fen,
            self.fen,
            append_value(String::from_utf8_lossy(row.fen))
        );
        fill!(k.in_check, self.in_check, append_value(report.in_check));
        let mut uci = Vec::with_capacity(5);
        if k.captures {
            for c in &report.captures {
                uci.clear();
                push_uci(&mut uci, c.mv);
                let item = self.captures.values();
                string_field(item, 0).append_value(String::from_utf8_lossy(&uci));
                int_field(item, 1).append_value(c.see);
                item.append(true);
            }
            self.captures.append(true);
        }
        match report.captures.first() {
            Some(best) => {
                if k.best_move {
                    uci.clear();
                    push_uci(&mut uci, best.mv);
                    self.best_move.append_value(String::from_utf8_lossy(&uci));
                }
                fill!(k.best_see, self.best_see, append_value(best.see));
            }
            None => {
                fill!(k.best_move, self.best_move, append_null());
                fill!(k.best_see, self.best_see, append_null());
            }
        }
        fill!(k.balance, self.balance, append_value(report.balance));
        if report.in_check {
            fill!(k.threat, self.threat, append_null());
        } else {
            fill!(k.threat, self.threat, append_value(report.threat));
        }
        let us = row.board.turn();
        for ((color, builder), kept) in [
            (Color::White, &mut self.hanging_white),
            (Color::Black, &mut self.hanging_black),
        ]
        .into_iter()
        .zip(k.hanging)
        {
            if !kept {
                continue;
            }
            if color == us && report.in_check {
                builder.append(false);
                continue;
            }
            let list: &[Hanging] = if color == us {
                &report.hanging_us
            } else {
                &report.hanging_them
            };
            for h in list {
                let item = builder.values();
                string_field(item, 0).append_value(h.square.to_string());
                let letter = piece_letter(h.piece, color) as char;
                string_field(item, 1).append_value(letter.to_string());
                int_field(item, 2).append_value(h.gain);
                uci.clear();
                push_uci(&mut uci, h.capture);
                string_field(item, 3).append_value(String::from_utf8_lossy(&uci));
                int_field(item, 4).append_value(h.value);
                item.append(true);
            }
            builder.append(true);
        }
        match row.played {
            Some((played, see)) => {
                fill!(k.played, self.played, append_value(played.uci));
                fill!(k.played_san, self.played_san, append_value(played.san));
                fill!(k.played_see, self.played_see, append_option(see));
                fill!(k.clock, self.clock, append_option(played.clock()));
                let eval = played.annotation.eval.as_deref();
                fill!(k.eval, self.eval, append_option(eval));
            }
            None => self.append_no_played(),
        }
        if k.turn {
            let turn = crate::write::fields::color_name(row.board.turn());
            self.turn.append_value(turn);
        }
        for ((builder, column), kept) in self.numbers.iter_mut().zip(NUMBERS).zip(k.numbers) {
            fill!(
                kept,
                builder,
                append_option(crate::write::fields::number(column, row))
            );
        }
        for (i, builder) in self.tags.iter_mut().enumerate() {
            builder.append_option(row.tags.get(i).and_then(Option::as_deref));
        }
        if let Some(error) = self.error.as_mut() {
            error.append_null();
        }
        self.rows += 1;
    }

    /// Adds a row for a note (only with an `error` column; without one, notes are not
    /// rows and this does nothing): where it is, and why; null elsewhere.
    pub fn push_note(&mut self, note: &Note, file: &str) {
        let Some(error) = self.error.as_mut() else {
            return;
        };
        error.append_value(note.to_string());
        if let Some(f) = self.file.as_mut() {
            f.append_value(file);
        }
        let k = self.kept;
        match note.place {
            Place::File => {
                fill!(k.line, self.line, append_null());
                fill!(k.game, self.game, append_null());
                fill!(k.ply, self.ply, append_null());
            }
            Place::Line(line) | Place::Row(line) => {
                fill!(k.line, self.line, append_value(line));
                fill!(k.game, self.game, append_null());
                fill!(k.ply, self.ply, append_null());
            }
            Place::Game { game, ply } => {
                fill!(k.line, self.line, append_null());
                fill!(k.game, self.game, append_value(game));
                fill!(k.ply, self.ply, append_option(ply));
            }
        }
        fill!(k.fen, self.fen, append_null());
        fill!(k.in_check, self.in_check, append_null());
        fill!(k.captures, self.captures, append(false));
        fill!(k.best_move, self.best_move, append_null());
        fill!(k.best_see, self.best_see, append_null());
        fill!(k.balance, self.balance, append_null());
        fill!(k.threat, self.threat, append_null());
        fill!(k.hanging[0], self.hanging_white, append(false));
        fill!(k.hanging[1], self.hanging_black, append(false));
        self.append_no_played();
        fill!(k.turn, self.turn, append_null());
        for (builder, kept) in self.numbers.iter_mut().zip(k.numbers) {
            fill!(kept, builder, append_null());
        }
        for builder in &mut self.tags {
            builder.append_null();
        }
        self.rows += 1;
    }

    fn append_no_played(&mut self) {
        let k = self.kept;
        fill!(k.played, self.played, append_null());
        fill!(k.played_san, self.played_san, append_null());
        fill!(k.played_see, self.played_see, append_null());
        fill!(k.clock, self.clock, append_null());
        fill!(k.eval, self.eval, append_null());
    }

    /// The rows as one record batch.
    pub fn finish(&mut self) -> Result<RecordBatch, arrow_schema::ArrowError> {
        let k = self.kept;
        let mut columns: Vec<ArrayRef> = Vec::new();
        // In the schema's order ([`Layout::all_fields`]), the kept ones only.
        let mut take = |kept: bool, builder: &mut dyn ArrayBuilder| {
            if kept {
                columns.push(builder.finish());
            }
        };
        if let Some(f) = self.file.as_mut() {
            take(true, f);
        }
        take(k.line, &mut self.line);
        take(k.game, &mut self.game);
        take(k.ply, &mut self.ply);
        take(k.fen, &mut self.fen);
        take(k.in_check, &mut self.in_check);
        take(k.captures, &mut self.captures);
        take(k.best_move, &mut self.best_move);
        take(k.best_see, &mut self.best_see);
        take(k.balance, &mut self.balance);
        take(k.threat, &mut self.threat);
        take(k.hanging[0], &mut self.hanging_white);
        take(k.hanging[1], &mut self.hanging_black);
        take(k.played, &mut self.played);
        take(k.played_san, &mut self.played_san);
        take(k.played_see, &mut self.played_see);
        take(k.clock, &mut self.clock);
        take(k.eval, &mut self.eval);
        take(k.turn, &mut self.turn);
        for (n, kept) in self.numbers.iter_mut().zip(k.numbers) {
            take(kept, n);
        }
        for t in &mut self.tags {
            take(true, t);
        }
        if let Some(e) = self.error.as_mut() {
            take(true, e);
        }
        self.rows = 0;
        RecordBatch::try_new(Arc::clone(&self.schema), columns)
    }
}

/// The integer columns that may be null, in the schema's order.
const NUMBERS: [Column; 4] = [
    Column::EvalCp,
    Column::EvalMate,
    Column::WhiteElo,
    Column::BlackElo,
];

fn string_field(item: &mut StructBuilder, i: usize) -> &mut StringBuilder {
    item.field_builder::<StringBuilder>(i)
        .expect("the struct's fields are as the schema says")
}

fn int_field(item: &mut StructBuilder, i: usize) -> &mut Int32Builder {
    item.field_builder::<Int32Builder>(i)
        .expect("the struct's fields are as the schema says")
}
