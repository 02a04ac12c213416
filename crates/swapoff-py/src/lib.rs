//! `swapoff._swapoff`: the compiled half of the `swapoff` Python package. The Python half
//! (`python/swapoff/__init__.py`) reads a `chess.Board`'s bitboards, turns `chess.Move`s
//! into text, wraps `see_many`'s bytes in NumPy arrays and turns JSON into dicts; the SEE,
//! the parsing, the analysis and the trace are the same code the `seeswap` tool runs
//! (`swapoff` and `swapoff-scan`), so both faces give the same answers and messages.

#![deny(missing_docs)]

/// The allocator of everything this module allocates in Rust (why: `Cargo.toml`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use shakmaty::{Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, Color, Setup, Square};
use std::num::NonZeroU32;
use swapoff::See;
use swapoff_scan::Question;
use swapoff_scan::ReadOptions;

create_exception!(
    _swapoff,
    SwapoffError,
    PyValueError,
    "A position, move, rule set or piece values that swapoff cannot use; the message says which and why."
);

fn error(message: impl std::fmt::Display) -> PyErr {
    SwapoffError::new_err(message.to_string())
}

/// A threshold, which SEE compares in 32 bits: a larger one is said to be out of range.
fn threshold(t: i64) -> PyResult<i32> {
    Question::threshold_of(t).map_err(error)
}

/// The evaluator for a rule-set name and optional values (the rule set's own when none).
fn evaluator(rules: &str, values: Option<(i64, i64, i64, i64, i64)>) -> PyResult<See> {
    Ok(*question(rules, values, None)?.see())
}

/// The question of a rule set, optional values and an optional threshold, or why not.
fn question(
    rules: &str,
    values: Option<(i64, i64, i64, i64, i64)>,
    threshold: Option<i64>,
) -> PyResult<Question> {
    let values = values.map(|(p, n, b, r, q)| [p, n, b, r, q]);
    Question::new(rules, values, threshold).map_err(error)
}

/// A position read from a FEN by the reader `see_many` and the command use (4 to 6
/// fields; standard castling rights, or Chess960's where only they fit), with its message.
fn from_fen(fen: &str) -> PyResult<swapoff_scan::Position> {
    swapoff_scan::Position::from_fen(fen)
        .map_err(|e| error(swapoff_scan::Position::fen_message(fen, &e)))
}

/// A position of the Python side, parsed once and asked several questions.
#[pyclass(module = "swapoff._swapoff", frozen)]
struct Position {
    pos: swapoff_scan::Position,
}

#[pymethods]
impl Position {
    /// From a FEN.
    #[staticmethod]
    fn from_fen(fen: &str) -> PyResult<Position> {
        Ok(Position {
            pos: from_fen(fen)?,
        })
    }

    /// From a python-chess board's bitboards: colours, piece kinds, the side to move, the
    /// castling rooks, the en passant square and whether it is Chess960.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (white, black, pawns, knights, bishops, rooks, queens, kings, white_to_move, castling, ep_square, chess960, halfmoves, fullmoves))]
    fn from_bitboards(
        white: u64,
        black: u64,
        pawns: u64,
        knights: u64,
        bishops: u64,
        rooks: u64,
        queens: u64,
        kings: u64,
        white_to_move: bool,
        castling: u64,
        ep_square: Option<u32>,
        chess960: bool,
        halfmoves: u32,
        fullmoves: u32,
    ) -> PyResult<Position> {
        let board = Board::try_from_bitboards(
            ByRole {
                pawn: Bitboard(pawns),
                knight: Bitboard(knights),
                bishop: Bitboard(bishops),
                rook: Bitboard(rooks),
                queen: Bitboard(queens),
                king: Bitboard(kings),
            },
            ByColor {
                white: Bitboard(white),
                black: Bitboard(black),
            },
        )
        .map_err(|_| error("the board's bitboards overlap or leave pieces without a kind"))?;
        let ep = ep_square
            .map(|sq| Square::try_from(sq).map_err(|_| error(format!("no square {sq}"))))
            .transpose()?;
        let setup = Setup {
            board,
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: if white_to_move {
                Color::White
            } else {
                Color::Black
            },
            castling_rights: Bitboard(castling),
            ep_square: ep,
            remaining_checks: None,
            halfmoves,
            fullmoves: NonZeroU32::new(fullmoves).unwrap_or(NonZeroU32::MIN),
        };
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        match setup.clone().position::<Chess>(mode) {
            Ok(pos) => Ok(Position { pos: pos.into() }),
            Err(_) => {
                // The library's parser names what is wrong.
                let fen = shakmaty::fen::Fen::try_from_setup(setup)
                    .map(|f| f.to_string())
                    .unwrap_or_default();
                match swapoff_scan::Position::from_fen(&fen) {
                    Err(e) => Err(error(format!("bad position {fen:?}: {e}"))),
                    Ok(_) => Err(error(format!("bad position {fen:?}"))),
                }
            }
        }
    }

    /// The FEN.
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The SEE value of a move (SAN or UCI).
    #[pyo3(signature = (mv, rules, values=None))]
    fn see(
        &self,
        mv: &str,
        rules: &str,
        values: Option<(i64, i64, i64, i64, i64)>,
    ) -> PyResult<i32> {
        let see = evaluator(rules, values)?;
        Ok(see.value(self.pos.chess(), self.read_move(mv)?))
    }

    /// The threshold test SEE >= threshold.
    #[pyo3(signature = (mv, threshold, rules, values=None))]
    fn see_ge(
        &self,
        mv: &str,
        threshold: i64,
        rules: &str,
        values: Option<(i64, i64, i64, i64, i64)>,
    ) -> PyResult<bool> {
        let see = evaluator(rules, values)?;
        Ok(see.ge(
            self.pos.chess(),
            self.read_move(mv)?,
            crate::threshold(threshold)?,
        ))
    }

    /// The trace of a move, as `seeswap eval --trace --json` gives it (JSON text).
    #[pyo3(signature = (mv, rules, values=None))]
    fn trace(
        &self,
        mv: &str,
        rules: &str,
        values: Option<(i64, i64, i64, i64, i64)>,
    ) -> PyResult<String> {
        let see = evaluator(rules, values)?;
        self.pos
            .trace_json(self.read_move(mv)?, &see)
            .map_err(error)
    }

    /// The per-position fields of `seeswap scan`'s JSON (a JSON object's text).
    #[pyo3(signature = (rules, values=None))]
    fn analyze(&self, rules: &str, values: Option<(i64, i64, i64, i64, i64)>) -> PyResult<String> {
        let see = evaluator(rules, values)?;
        self.pos.analysis_json(&see).map_err(error)
    }
}

impl Position {
    /// A legal move, or why not, naming the position as `seeswap eval` does.
    fn read_move(&self, text: &str) -> PyResult<swapoff::Move> {
        self.pos
            .see_move(text)
            .map_err(|e| error(self.pos.move_message(&e)))
    }
}

/// `seeswap scan`'s rows for a block of EPD text, PGN games or a table (decompressed first
/// when compressed), as an Arrow C stream capsule (which
/// `pyarrow.RecordBatchReader._import_from_c_capsule` takes) with a `file` column holding
/// `name` and an `error` column: the Dask reader's partition function. `data` is bytes (in
/// `format`: `"epd"`, `"pgn"`, `"csv"`, `"jsonl"`, `"parquet"` or `"auto"`) or an Arrow C
/// stream capsule of a table's rows (a Parquet row group pyarrow read; `format` is then
/// not looked at). `first_line` is the number of the block's first line (or row) in its
/// file; `tags` the PGN tags (or table columns) to carry, as `tag_NAME` columns;
/// `fen_column`, `moves_column` and `apply` read CSV, JSON Lines and Parquet positions, and
/// `movetext_column` Parquet games, as `seeswap scan`'s flags of those names do.
#[pyfunction]
#[pyo3(signature = (data, name, format, rules, values=None, first_line=1, tags=Vec::new(), fen_column="fen", moves_column=None, apply=1, movetext_column="movetext", columns=None))]
#[allow(clippy::too_many_arguments)]
fn scan_block<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    name: &str,
    format: &str,
    rules: &str,
    values: Option<(i64, i64, i64, i64, i64)>,
    first_line: u64,
    tags: Vec<String>,
    fen_column: &str,
    moves_column: Option<&str>,
    apply: usize,
    movetext_column: &str,
    columns: Option<&str>,
) -> PyResult<Bound<'py, PyCapsule>> {
    let see = evaluator(rules, values)?;
    let selection = selection(columns)?;
    let source = match data.cast::<PyCapsule>() {
        Ok(capsule) => scan::Source::Batches(import_stream(capsule)?),
        Err(_) if data.cast::<pyo3::types::PyList>().is_ok() => {
            scan::Source::Positions(data.extract()?)
        }
        Err(_) => scan::Source::Bytes(data.extract()?),
    };
    let read = read_options(
        format,
        &tags,
        fen_column,
        moves_column,
        apply,
        movetext_column,
    )?;
    let (schema, batches) = py
        .detach(|| scan::block(source, name, see, first_line, read, selection))
        .map_err(error)?;
    // The Arrow C stream interface: pyarrow takes the batches over without a copy (an IPC
    // stream would copy them into it, then into a `bytes`).
    let reader = arrow_array::RecordBatchIterator::new(batches.into_iter().map(Ok), schema);
    let stream = arrow_array::ffi_stream::FFI_ArrowArrayStream::new(Box::new(reader));
    PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
}

/// How `scan_block` and `scan_stream` read, from the arguments they share. The front door
/// (`swapoff_scan::Scan`, made in `scan::block` and `stream::start`) adds any tags the
/// columns need and whether comments are read.
fn read_options(
    format: &str,
    tags: &[String],
    fen_column: &str,
    moves_column: Option<&str>,
    apply: usize,
    movetext_column: &str,
) -> PyResult<ReadOptions> {
    Ok(ReadOptions {
        format: read_format(format)?,
        tags: ReadOptions::tag_names(tags),
        fen_column: fen_column.to_string(),
        moves_column: moves_column.map(String::from),
        apply,
        movetext_column: movetext_column.to_string(),
        ..ReadOptions::default()
    })
}

/// The row columns asked for, as `seeswap scan --columns` reads them (`None`: all).
fn selection(columns: Option<&str>) -> PyResult<Option<swapoff_scan::Selection>> {
    columns
        .map(swapoff_scan::Selection::parse)
        .transpose()
        .map_err(error)
}

/// A format's name as `scan_block` takes it (`"auto"`: told from the content).
fn read_format(name: &str) -> PyResult<Option<swapoff_scan::Format>> {
    use swapoff_scan::Format;
    let all = [
        Format::Epd,
        Format::Pgn,
        Format::Csv,
        Format::Jsonl,
        Format::Parquet,
    ];
    match all.into_iter().find(|f| f.name() == name) {
        Some(format) => Ok(Some(format)),
        None if name == "auto" => Ok(None),
        None => Err(error(format!(
            "format {name:?} is not epd, pgn, csv, jsonl, parquet or auto"
        ))),
    }
}

/// A stream of record batches handed over through the Arrow C stream interface (a
/// capsule named `arrow_array_stream`, as `__arrow_c_stream__` returns), taken over
/// without a copy.
fn import_stream(
    capsule: &Bound<'_, PyCapsule>,
) -> PyResult<arrow_array::ffi_stream::RecordBatchStreamReader> {
    use arrow_array::ffi_stream::{FFI_ArrowArrayStream, RecordBatchStreamReader};
    let pointer = capsule.pointer_checked(Some(c"arrow_array_stream"))?;
    // SAFETY: a capsule with this name holds this struct (the Arrow PyCapsule interface);
    // it is moved out, leaving a released one for the capsule to drop.
    let stream = unsafe { FFI_ArrowArrayStream::from_raw(pointer.as_ptr().cast()) };
    RecordBatchStreamReader::try_new(stream)
        .map_err(|e| error(format!("cannot read the Arrow stream: {e}")))
}

/// What the first bytes of a file say, as the command tells them: its compression
/// (`"zstd"`, `"gzip"`, `"bzip2"` or `None`) and its format (`"epd"`, `"pgn"` or `None` when
/// the bytes do not reach a line that tells).
#[pyfunction]
fn sniff(head: &[u8]) -> (Option<&'static str>, Option<&'static str>) {
    use swapoff_scan::Format;
    let (compression, format) = Format::sniff(head);
    let format = format.map(Format::name);
    (compression, format)
}

mod pairs;
mod scan;
mod stream;

/// `seeswap scan`'s rows of the files `paths`, streamed (see `stream`): an
/// "arrow_array_stream" PyCapsule whose batches are made on every core as they are read.
#[pyfunction]
#[pyo3(signature = (paths, rules, values=None, format="auto", tags=Vec::new(), fen_column="fen", moves_column=None, apply=1, movetext_column="movetext", threads=0, columns=None))]
#[allow(clippy::too_many_arguments)]
fn scan_stream<'py>(
    py: Python<'py>,
    paths: Vec<std::path::PathBuf>,
    rules: &str,
    values: Option<(i64, i64, i64, i64, i64)>,
    format: &str,
    tags: Vec<String>,
    fen_column: &str,
    moves_column: Option<&str>,
    apply: usize,
    movetext_column: &str,
    threads: usize,
    columns: Option<&str>,
) -> PyResult<Bound<'py, PyCapsule>> {
    let options = stream::Options {
        see: evaluator(rules, values)?,
        read: read_options(
            format,
            &tags,
            fen_column,
            moves_column,
            apply,
            movetext_column,
        )?,
        threads,
        columns: selection(columns)?,
    };
    let inputs = paths
        .into_iter()
        .map(swapoff_scan::InputName::from)
        .collect();
    let rows = stream::start(inputs, options).map_err(error)?;
    let stream = arrow_array::ffi_stream::FFI_ArrowArrayStream::new(Box::new(rows));
    PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
}

/// The module.
#[pymodule]
fn _swapoff(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    m.add_function(wrap_pyfunction!(pairs::see_many, m)?)?;
    m.add_function(wrap_pyfunction!(pairs::see_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(scan_block, m)?)?;
    m.add_function(wrap_pyfunction!(scan_stream, m)?)?;
    m.add_function(wrap_pyfunction!(sniff, m)?)?;
    m.add("SwapoffError", m.py().get_type::<SwapoffError>())?;
    Ok(())
}
