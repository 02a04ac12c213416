"""``seeswap scan`` as a Dask data frame, for data that does not fit one machine.

``scan(urlpath)`` reads EPD, PGN, CSV, JSON Lines and Parquet files through fsspec (local
paths, ``s3://``, ``gs://``, ``hf://``... wherever the filesystem package is installed), by
glob or list. Each file is one partition, a large uncompressed EPD or JSON Lines file is
cut into byte ranges at line ends, and each row group of a Parquet file is a partition of
its own, so that the work spreads over any Dask cluster. Compressed files (zstd, gzip,
bzip2), PGN and CSV files are read whole, one partition each, with a warning when one is
large (``seeswap split`` cuts a PGN or EPD file into parts). Compression and
format are told from each file's first bytes by the same Rust code as ``seeswap scan`` (a
byte-order mark, blank and ``%``/``#`` lines first are allowed).

The rows are ``seeswap scan --parquet``'s, computed by the same Rust function and handed
over as Arrow data (pandas columns backed by pyarrow): ``file``, ``line`` (EPD) or
``game`` and ``ply`` (PGN), ``fen``, ``in_check``, ``captures`` (a list of
``{"move", "see"}``, best first), ``best_move``, ``best_see``, ``balance``, ``threat``
(null in check), ``hanging_white`` and ``hanging_black`` (lists of
``{"square", "piece", "gain", "capture", "value"}``; null for the side to move in check,
empty when nothing hangs), a ``tag_NAME`` column per ``tags`` name, and ``error``: why a
line, game or file could not be read (the message ``seeswap scan`` prints), null on the
rows of positions.
"""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import Callable, Sequence
from typing import Any, Union

import dask
import dask.dataframe as dd
import fsspec
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from . import (
    ColumnName,
    Format,
    Rules,
    Values,
    _bounded,
    _columns,
    _format,
    _names,
    _table_options,
    _values,
)
from ._swapoff import scan_block, sniff

# Evaluated at run time: `Union`, not `|`, for Python 3.9.
_UrlPaths = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]
#: A partition to compute: the function that reads it, and its arguments.
_Call = tuple[Callable[..., pd.DataFrame], tuple[Any, ...]]

__all__ = ["BLOCK_BYTES", "scan"]

#: Bytes per partition of a large uncompressed EPD or JSON Lines file, and the size above
#: which a file read whole (a PGN, a CSV, anything compressed) is warned about.
BLOCK_BYTES = 64 << 20

#: About how much larger a compressed PGN is once read (zstd text 5x, rows more): a
#: compressed file larger than ``block_bytes / _INFLATION`` is warned about.
_INFLATION = 16

#: What to do about a large file that one worker must read whole, by format.
_SPLIT = {
    "pgn": "Split it first into parts of whole games with `seeswap split {name} parts/`, "
    "then scan 'parts/*.zst'.",
    "epd": "Split it first into parts with `seeswap split {name} parts/`, then scan "
    "'parts/*.zst'.",
    "parquet": "Store it uncompressed (Parquet compresses its own columns): each of its "
    "row groups is then a partition.",
}
_SPLIT_ANY = "Split it first into smaller files (a CSV's each with its header)."

#: Bytes read from each file's start to tell its compression and format.
_HEAD_BYTES = 1 << 16


def _frame(rows: Any) -> pd.DataFrame:
    """Rows (an Arrow C stream capsule) as a pandas frame backed by pyarrow."""
    table = pa.RecordBatchReader._import_from_c_capsule(rows).read_all()
    return table.to_pandas(types_mapper=pd.ArrowDtype)


def _count_newlines(path: str, start: int, end: int, storage: dict) -> int:
    """Line ends in bytes ``[start, end)`` of a file."""
    count = 0
    with fsspec.open(path, "rb", **storage) as f:
        f.seek(start)
        remaining = end - start
        while remaining > 0:
            chunk = f.read(min(remaining, 1 << 20))
            if not chunk:
                break
            count += chunk.count(b"\n")
            remaining -= len(chunk)
    return count


def _read_range(
    path: str, start: int, end: int, newlines_before: int, storage: dict
) -> tuple[bytes, int]:
    """The whole lines that start in ``[start, end)`` of an uncompressed file, and the line
    number of the first (``newlines_before``: line ends before ``start``)."""
    with fsspec.open(path, "rb", **storage) as f:
        first_line = newlines_before + 1
        if start > 0:
            # A line that began before `start` belongs to the previous range.
            f.seek(start - 1)
            if f.read(1) != b"\n":
                start += len(f.readline())
                first_line += 1
        if start >= end:
            return b"", first_line
        f.seek(start)
        data = f.read(end - start)
        # Finish the last line, which may run past `end`.
        if data and not data.endswith(b"\n"):
            data += f.readline()
    return data, first_line


def _partition(
    path: str,
    name: str,
    byte_range: tuple[int, int, int] | None,
    fmt: str,
    rules: str,
    values: Values,
    tags: list[str],
    table: tuple[str, str | None, int, str],
    asked: str | None,
    storage: dict,
) -> pd.DataFrame:
    if byte_range is None:
        with fsspec.open(path, "rb", **storage) as f:
            data, first_line = f.read(), 1
    else:
        start, end, newlines_before = byte_range
        data, first_line = _read_range(path, start, end, newlines_before, storage)
    rows = scan_block(data, name, fmt, rules, values, first_line, tags, *table, asked)
    return _frame(rows)


def _parquet_partition(
    path: str,
    name: str,
    row_group: int,
    rows_before: int,
    columns: list[str],
    rules: str,
    values: Values,
    tags: list[str],
    table: tuple[str, str | None, int, str],
    asked: str | None,
    storage: dict,
) -> pd.DataFrame:
    """One row group of a Parquet file, only the columns the rows read, handed to the
    Rust reader as it is (the Arrow C stream), its rows numbered on from ``rows_before``."""
    with fsspec.open(path, "rb", **storage) as f:
        group = pq.ParquetFile(f).read_row_group(row_group, columns=columns)
    rows = group.__arrow_c_stream__()
    first = rows_before + 1
    return _frame(scan_block(rows, name, "auto", rules, values, first, tags, *table, asked))


def _parquet_parts(
    path: str,
    name: str,
    rules: str,
    values: Values,
    tags: list[str],
    table: tuple[str, str | None, int, str],
    asked: str | None,
    storage: dict,
) -> list[_Call]:
    """A partition per row group of a Parquet file (its footer read here, once)."""
    with fsspec.open(path, "rb", **storage) as f:
        meta = pq.ParquetFile(f)
        names = meta.schema_arrow.names
        sizes = [meta.metadata.row_group(i).num_rows for i in range(meta.num_row_groups)]
    fen_column, moves_column, _, movetext_column = table
    wanted = {c.strip().lower() for c in [fen_column, movetext_column, *tags]}
    if moves_column is not None:
        wanted.add(moves_column.strip().lower())
    # Only the columns the rows read are decoded: a games table's others can be large.
    columns = [n for n in names if n.strip().lower() in wanted]
    parts: list[_Call] = []
    before = 0
    for i, size in enumerate(sizes):
        args = (path, name, i, before, columns, rules, values, tags, table, asked, storage)
        parts.append((_parquet_partition, args))
        before += size
    return parts


def _call(call: _Call, scan_id: str) -> pd.DataFrame:
    """One partition: its function called with its arguments. ``scan_id`` names the
    ``scan`` call, so that two calls over the same paths are not taken for one (a file
    may change between them), as ``from_delayed``'s random keys did."""
    function, args = call
    return function(*args)


def _expanded(urlpath: _UrlPaths, storage: dict) -> list[str]:
    """Every path a pattern names, with the filesystem's whole glob (``*``, ``?`` and
    ``[...]``; fsspec's ``open_files`` expands only ``*``), sorted; a path without a
    pattern stays as it is. A ``pathlib`` path is taken as its text, as Dask's own
    readers take it."""
    one = isinstance(urlpath, (str, os.PathLike))
    paths = [os.fspath(p) for p in ([urlpath] if one else urlpath)]  # type: ignore[list-item]
    found: list[str] = []
    for path in paths:
        if not any(c in path for c in "*?["):
            found.append(path)
            continue
        fs, _, _ = fsspec.get_fs_token_paths(path, storage_options=storage)
        protocol = fs.protocol if isinstance(fs.protocol, str) else fs.protocol[0]
        matches = sorted(fs.glob(path))
        prefix = "" if protocol in ("file", "local") else f"{protocol}://"
        found.extend(m if "://" in m or not prefix else prefix + m for m in matches)
    return found


def _head(path: str, storage: dict) -> bytes:
    with fsspec.open(path, "rb", **storage) as f:
        return f.read(_HEAD_BYTES)


def scan(
    urlpath: _UrlPaths,
    *,
    rules: Rules = "default",
    values: Values = None,
    format: Format | None = None,
    tags: Sequence[str] = (),
    fen_column: str = "fen",
    moves_column: str | None = None,
    apply: int = 1,
    movetext_column: str = "movetext",
    block_bytes: int = BLOCK_BYTES,
    storage_options: dict | None = None,
    columns: Sequence[ColumnName] | None = None,
) -> dd.DataFrame:
    """A Dask data frame of ``seeswap scan``'s rows for the files ``urlpath`` names.

    ``format`` is ``"epd"``, ``"pgn"``, ``"csv"``, ``"jsonl"`` or ``None`` (told from each
    file's content); ``tags`` names PGN tags (or a table's columns) to carry as
    ``tag_NAME`` columns, as ``seeswap scan --tags``. CSV and JSON Lines tables (Lichess's
    puzzles and evaluations) are read from ``fen_column``; with ``moves_column``, the
    first ``apply`` moves are played first and the next one is the row's move played.
    Parquet tables (``"parquet"``) are games when they have ``movetext_column`` (Hugging
    Face's Lichess games: one game a row, the other columns its tags), else positions read
    from ``fen_column``; each row group is a partition. ``columns`` keeps only those row
    columns (``file``, the tags and ``error`` stay) and computes only what they need, as
    ``seeswap scan --columns``.
    """
    storage = storage_options or {}
    values = _values(values)
    tag_list = _names(tags, "tags")
    _format(format)
    asked = _columns(columns)
    table = _table_options(fen_column, moves_column, apply, movetext_column)
    # A byte at least: a range of none would cut nothing, and the file's rows be lost.
    block_bytes = _bounded(block_bytes, "block_bytes", 1, 2**63 - 1)
    expanded = _expanded(urlpath, storage)
    files = fsspec.open_files(expanded, "rb", **storage) if expanded else []
    if not files:
        raise FileNotFoundError(f"no file matches {urlpath!r}")
    parts: list[_Call] = []
    # Whether a partition waits on another task (the line ends counted before its range).
    chained = False
    for of in files:
        path = of.full_name if hasattr(of, "full_name") else of.path
        name = of.path
        head = _head(path, storage)
        compression, detected = sniff(head)
        # A compressed Parquet file has no row groups to seek to: it is read whole, as the
        # command reads it.
        if (format or detected) == "parquet" and compression is None:
            parts.extend(
                _parquet_parts(path, name, rules, values, tag_list, table, asked, storage)
            )
            continue
        fmt = format or "auto"
        size = of.fs.size(of.path)
        kind = format or detected
        # EPD and JSON Lines hold one record a line: they are cut into byte ranges at line
        # ends, a file with lone-CR line ends (old Mac) excepted.
        by_lines = kind in ("epd", "jsonl") and b"\r" not in head.replace(b"\r\n", b"")
        advice = _SPLIT.get(kind or "", _SPLIT_ANY).format(name=name)
        if compression is not None and size > block_bytes // _INFLATION:
            # As Dask's read_csv warns: a compressed stream cannot be cut, so one worker
            # holds this whole file's rows.
            warnings.warn(
                f"{name} is {compression}-compressed ({size:,} bytes) and cannot be cut "
                "into partitions: one worker reads it whole and holds all its rows. "
                f"{advice}",
                stacklevel=2,
            )
        elif compression is None and not by_lines and size > block_bytes:
            # A PGN's games span lines and a CSV's rows need its header: read whole.
            warnings.warn(
                f"{name} ({size:,} bytes) is read whole, as one partition: one worker "
                f"holds all its rows. {advice}",
                stacklevel=2,
            )
        if compression is not None or not by_lines or size <= block_bytes:
            args = (path, name, None, fmt, rules, values, tag_list, table, asked, storage)
            parts.append((_partition, args))
            continue
        # Byte ranges cut at line ends; each range's first line number comes from the line
        # ends counted in the ranges before it (a cheap parallel pass).
        ranges = [
            (start, min(size, start + block_bytes)) for start in range(0, size, block_bytes)
        ]
        counts = [dask.delayed(_count_newlines)(path, s, e, storage) for s, e in ranges]
        before: Any = 0
        for (start, end), count in zip(ranges, counts):
            byte_range = dask.delayed(tuple)([start, end, before])
            args = (path, name, byte_range, kind, rules, values, tag_list, table, asked)
            parts.append((_partition, (*args, storage)))
            before = before + count
        chained = True
    meta = _frame(scan_block(b"", "", "epd", rules, values, 1, tag_list, *table, asked))
    if chained:
        delayed = [dask.delayed(function)(*args) for function, args in parts]
        return dd.from_delayed(delayed, meta=meta, verify_meta=False)
    # Partitions that wait on nothing are one task each, which Dask fuses with what follows
    # (a `map_partitions`, a filter): a quarter of the tasks `from_delayed` makes.
    scan_id = uuid.uuid4().hex
    return dd.from_map(
        _call, parts, meta=meta, enforce_metadata=False, label="scan", scan_id=scan_id
    )
