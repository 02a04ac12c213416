//! `see_many`: the SEE of many `(FEN, move)` pairs on every core, the GIL released, from
//! Python lists of strings or, without a copy, from Arrow string arrays.

use crate::{error, question};
use arrow_array::cast::AsArray;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule};
use rayon::prelude::*;
use swapoff_scan::Question;

/// Pairs per chunk of work; within a chunk a FEN repeated on the next row (several moves
/// of one position, as pair files list them) is parsed once.
const CHUNK: usize = 256;

/// The SEE of rows `0..n` (`fen(i)` and `mv(i)`: row `i`'s text, or why it has none):
/// int32 values, or with a threshold 0/1 answers, as little-endian bytes.
fn evaluate<'a>(
    n: usize,
    fen: impl Fn(usize) -> Result<&'a str, String> + Sync,
    mv: impl Fn(usize) -> Result<&'a str, String> + Sync,
    question: Question,
) -> Result<Vec<u8>, String> {
    let chunks: Vec<Result<Vec<i32>, (usize, String)>> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let rows = c * CHUNK..n.min((c + 1) * CHUNK);
            question.rows(rows, &fen, &mv)
        })
        .collect();
    // Each chunk stops at its own first bad row and the chunks are read in order, so the
    // error is the first bad row of all.
    let threshold = question.threshold();
    let mut bytes = Vec::with_capacity(n * if threshold.is_some() { 1 } else { 4 });
    for chunk in chunks {
        let answers = chunk.map_err(|(i, why)| format!("row {i}: {why}"))?;
        match threshold {
            Some(_) => bytes.extend(answers.iter().map(|&a| a as u8)),
            None => bytes.extend(answers.iter().flat_map(|a| a.to_le_bytes())),
        }
    }
    Ok(bytes)
}

/// Checks the two columns have one move per position.
fn same_length(fens: usize, moves: usize) -> PyResult<()> {
    Question::one_move_each(fens, moves).map_err(error)
}

/// SEE of many `(fen, move)` pairs on every core, the GIL released: the values as
/// little-endian int32 bytes, or with a threshold one byte (0 or 1) per pair. A bad pair
/// raises `SwapoffError` naming the index of the first one.
#[pyfunction]
#[pyo3(signature = (fens, moves, rules, values=None, threshold=None))]
pub fn see_many<'py>(
    py: Python<'py>,
    fens: Vec<String>,
    moves: Vec<String>,
    rules: &str,
    values: Option<(i64, i64, i64, i64, i64)>,
    threshold: Option<i64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let question = question(rules, values, threshold)?;
    same_length(fens.len(), moves.len())?;
    let fen = |i: usize| Ok(fens[i].as_str());
    let mv = |i: usize| Ok(moves[i].as_str());
    let bytes = py
        .detach(|| evaluate(fens.len(), fen, mv, question))
        .map_err(error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// An Arrow array handed over through the C data interface (the two capsules of
/// `__arrow_c_array__`), imported without a copy.
fn import(capsules: &(Bound<'_, PyCapsule>, Bound<'_, PyCapsule>)) -> PyResult<ArrayRef> {
    let schema = capsules.0.pointer_checked(Some(c"arrow_schema"))?;
    let array = capsules.1.pointer_checked(Some(c"arrow_array"))?;
    // SAFETY: capsules with these names hold these structs (the Arrow PyCapsule
    // interface). The array is moved out, leaving a released one for its capsule to drop;
    // the schema is only read.
    let data = unsafe {
        let array = FFI_ArrowArray::from_raw(array.as_ptr().cast());
        let schema = &*(schema.as_ptr() as *const FFI_ArrowSchema);
        arrow_array::ffi::from_ffi(array, schema)
    }
    .map_err(|e| error(format!("cannot read the Arrow array: {e}")))?;
    Ok(arrow_array::make_array(data))
}

/// Row `i` of a string array, or why it has none.
fn text(array: &ArrayRef, i: usize) -> Result<&str, String> {
    if array.is_null(i) {
        return Err("null".to_string());
    }
    Ok(match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().value(i),
        DataType::LargeUtf8 => array.as_string::<i64>().value(i),
        _ => array.as_string_view().value(i),
    })
}

/// Fails unless `array` holds strings.
fn strings(array: &ArrayRef, name: &str) -> PyResult<()> {
    match array.data_type() {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(()),
        other => Err(error(format!(
            "{name} is an Arrow array of {other}, not of strings"
        ))),
    }
}

/// [`see_many`] on two Arrow string arrays (each `__arrow_c_array__`'s capsules), read in
/// place: no Python string is made.
#[pyfunction]
#[pyo3(signature = (fens, moves, rules, values=None, threshold=None))]
pub fn see_arrow<'py>(
    py: Python<'py>,
    fens: (Bound<'py, PyCapsule>, Bound<'py, PyCapsule>),
    moves: (Bound<'py, PyCapsule>, Bound<'py, PyCapsule>),
    rules: &str,
    values: Option<(i64, i64, i64, i64, i64)>,
    threshold: Option<i64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let question = question(rules, values, threshold)?;
    let (fens, moves) = (import(&fens)?, import(&moves)?);
    strings(&fens, "fens")?;
    strings(&moves, "moves")?;
    same_length(fens.len(), moves.len())?;
    let fen = |i: usize| text(&fens, i).map_err(|why| format!("the position is {why}"));
    let mv = |i: usize| text(&moves, i).map_err(|why| format!("the move is {why}"));
    let bytes = py
        .detach(|| evaluate(fens.len(), fen, mv, question))
        .map_err(error)?;
    Ok(PyBytes::new(py, &bytes))
}
