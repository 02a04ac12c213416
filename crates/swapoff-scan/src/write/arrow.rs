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

/// Column builders for a run of rows (one unit of work, one partition). A builder is
/// there only for a column the rows keep (those asked for): a column not asked for costs
/// nothing a row, where filling every one only to drop most at the end took a sixth of the
/// time of a six-column question through Python.
pub struct Columns {
    schema: SchemaRef,
    file: Option<StringBuilder>,
    line: Option<UInt64Builder>,
    game: Option<UInt64Builder>,
    ply: Option<UInt32Builder>,
    fen: Option<StringBuilder>,
    in_check: Option<BooleanBuilder>,
    captures: Option<ListBuilder<StructBuilder>>,
    best_move: Option<StringBuilder>,
    best_see: Option<Int32Builder>,
    balance: Option<Int32Builder>,
    threat: Option<Int32Builder>,
    /// `hanging_white`, `hanging_black`.
    hanging: [Option<ListBuilder<StructBuilder>>; 2],
    played: Option<StringBuilder>,
    played_san: Option<StringBuilder>,
    played_see: Option<Int32Builder>,
    clock: Option<Float64Builder>,
    eval: Option<StringBuilder>,
    turn: Option<StringBuilder>,
    /// `eval_cp`, `eval_mate`, `white_elo`, `black_elo`.
    numbers: [Option<Int32Builder>; 4],
    tags: Vec<StringBuilder>,
    error: Option<StringBuilder>,
    rows: usize,
}

/// Appends a value to a kept column's builder.
macro_rules! fill {
    ($builder:expr, $method:ident ( $($value:expr)? )) => {
        if let Some(builder) = $builder.as_mut() {
            builder.$method($($value)?);
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
        let keeps = |name: &str| layout.keeps(name);
        let hanging = |name| keeps(name).then(|| list_builder(hanging_fields()));
        Columns {
            schema,
            file: layout.file.then(StringBuilder::new),
            line: keeps("line").then(UInt64Builder::new),
            game: keeps("game").then(UInt64Builder::new),
            ply: keeps("ply").then(UInt32Builder::new),
            fen: keeps("fen").then(StringBuilder::new),
            in_check: keeps("in_check").then(BooleanBuilder::new),
            captures: keeps("captures").then(|| list_builder(capture_fields())),
            best_move: keeps("best_move").then(StringBuilder::new),
            best_see: keeps("best_see").then(Int32Builder::new),
            balance: keeps("balance").then(Int32Builder::new),
            threat: keeps("threat").then(Int32Builder::new),
            hanging: [hanging("hanging_white"), hanging("hanging_black")],
            played: keeps("played").then(StringBuilder::new),
            played_san: keeps("played_san").then(StringBuilder::new),
            played_see: keeps("played_see").then(Int32Builder::new),
            clock: keeps("clock").then(Float64Builder::new),
            eval: keeps("eval").then(StringBuilder::new),
            turn: keeps("turn").then(StringBuilder::new),
            numbers: NUMBERS.map(|c| keeps(c.name()).then(Int32Builder::new)),
            tags: layout.tags.iter().map(|_| StringBuilder::new()).collect(),
            error: layout.errors.then(StringBuilder::new),
            rows: 0,
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
        fill!(self.file, append_value(file));
        match row.origin {
            Origin::Line(line) => self.place(Some(line), None, None),
            Origin::Game { game, ply } => self.place(None, Some(game), Some(ply)),
        }
        fill!(self.fen, append_value(String::from_utf8_lossy(row.fen)));
        fill!(self.in_check, append_value(report.in_check));
        let mut uci = Vec::with_capacity(5);
        if let Some(captures) = self.captures.as_mut() {
            for c in &report.captures {
                uci.clear();
                push_uci(&mut uci, c.mv);
                let item = captures.values();
                string_field(item, 0).append_value(String::from_utf8_lossy(&uci));
                int_field(item, 1).append_value(c.see);
                item.append(true);
            }
            captures.append(true);
        }
        let best = report.captures.first();
        match (self.best_move.as_mut(), best) {
            (Some(builder), Some(best)) => {
                uci.clear();
                push_uci(&mut uci, best.mv);
                builder.append_value(String::from_utf8_lossy(&uci));
            }
            (Some(builder), None) => builder.append_null(),
            (None, _) => {}
        }
        fill!(self.best_see, append_option(best.map(|best| best.see)));
        fill!(self.balance, append_value(report.balance));
        let threat = (!report.in_check).then_some(report.threat);
        fill!(self.threat, append_option(threat));
        let us = row.board.turn();
        for (color, builder) in Color::ALL.into_iter().zip(&mut self.hanging) {
            let Some(builder) = builder.as_mut() else {
                continue;
            };
            let Some(list) = report.hanging(color, us) else {
                builder.append(false);
                continue;
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
        let played = row.played.map(|(played, _)| played);
        fill!(self.played, append_option(played.map(|p| p.uci)));
        fill!(self.played_san, append_option(played.map(|p| p.san)));
        fill!(self.played_see, append_option(row.played.and_then(|p| p.1)));
        fill!(self.clock, append_option(played.and_then(|p| p.clock())));
        let eval = played.and_then(|p| p.annotation.eval.as_deref());
        fill!(self.eval, append_option(eval));
        let turn = crate::write::fields::color_name(row.board.turn());
        fill!(self.turn, append_value(turn));
        for (builder, column) in self.numbers.iter_mut().zip(NUMBERS) {
            fill!(
                builder,
                append_option(crate::write::fields::number(column, row))
            );
        }
        for (i, builder) in self.tags.iter_mut().enumerate() {
            builder.append_option(row.tags.get(i).and_then(Option::as_deref));
        }
        fill!(self.error, append_null());
        self.rows += 1;
    }

    /// The `line`, `game` and `ply` columns of a row.
    fn place(&mut self, line: Option<u64>, game: Option<u64>, ply: Option<u32>) {
        fill!(self.line, append_option(line));
        fill!(self.game, append_option(game));
        fill!(self.ply, append_option(ply));
    }

    /// Adds a row for a note (only with an `error` column; without one, notes are not
    /// rows and this does nothing): where it is, and why; null elsewhere.
    pub fn push_note(&mut self, note: &Note, file: &str) {
        let Some(error) = self.error.as_mut() else {
            return;
        };
        error.append_value(note.to_string());
        fill!(self.file, append_value(file));
        match note.place {
            Place::File => self.place(None, None, None),
            Place::Line(line) | Place::Row(line) => self.place(Some(line), None, None),
            Place::Game { game, ply } => self.place(None, Some(game), ply),
        }
        fill!(self.fen, append_null());
        fill!(self.in_check, append_null());
        fill!(self.captures, append(false));
        fill!(self.best_move, append_null());
        fill!(self.best_see, append_null());
        fill!(self.balance, append_null());
        fill!(self.threat, append_null());
        for builder in &mut self.hanging {
            fill!(builder, append(false));
        }
        fill!(self.played, append_null());
        fill!(self.played_san, append_null());
        fill!(self.played_see, append_null());
        fill!(self.clock, append_null());
        fill!(self.eval, append_null());
        fill!(self.turn, append_null());
        for builder in &mut self.numbers {
            fill!(builder, append_null());
        }
        for builder in &mut self.tags {
            builder.append_null();
        }
        self.rows += 1;
    }

    /// The rows as one record batch.
    pub fn finish(&mut self) -> Result<RecordBatch, arrow_schema::ArrowError> {
        fn kept<B: ArrayBuilder>(builder: &mut Option<B>) -> Option<&mut dyn ArrayBuilder> {
            builder.as_mut().map(|b| b as &mut dyn ArrayBuilder)
        }
        let [white, black] = &mut self.hanging;
        // In the schema's order ([`Layout::all_fields`]), the kept ones only.
        let builders = [
            kept(&mut self.file),
            kept(&mut self.line),
            kept(&mut self.game),
            kept(&mut self.ply),
            kept(&mut self.fen),
            kept(&mut self.in_check),
            kept(&mut self.captures),
            kept(&mut self.best_move),
            kept(&mut self.best_see),
            kept(&mut self.balance),
            kept(&mut self.threat),
            kept(white),
            kept(black),
            kept(&mut self.played),
            kept(&mut self.played_san),
            kept(&mut self.played_see),
            kept(&mut self.clock),
            kept(&mut self.eval),
            kept(&mut self.turn),
        ];
        let numbers = self.numbers.iter_mut().map(kept);
        let tags = self
            .tags
            .iter_mut()
            .map(|t| Some(t as &mut dyn ArrayBuilder));
        let columns: Vec<ArrayRef> = builders
            .into_iter()
            .chain(numbers)
            .chain(tags)
            .chain([kept(&mut self.error)])
            .flatten()
            .map(|builder| builder.finish())
            .collect();
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
