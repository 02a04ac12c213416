"""``seeswap scan`` as a Dask data frame, for data that does not fit one machine.

``scan(urlpath)`` reads EPD or PGN files through fsspec (local paths, ``s3://``, ``gs://``,
``hf://``... wherever the filesystem package is installed), by glob or list. Each file is
one partition, and a large uncompressed EPD file is cut into byte ranges at line ends, so
that the work spreads over any Dask cluster. Compressed files (zstd, gzip, bzip2, told from
their content) are read whole, one partition each.

Columns, as ``seeswap scan --csv`` writes them: ``file``, ``line`` (EPD) or ``game`` and
``ply`` (PGN), ``fen``, ``in_check``, ``captures`` (how many), ``best_move``, ``best_see``,
``balance``, ``threat``, ``hanging_white``, ``hanging_black``, ``capture_list`` (text as in
the CSV), and ``error`` (why a line or game could not be read; null otherwise).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import dask
import dask.dataframe as dd
import fsspec
import pandas as pd

from . import Values, _values
from ._swapoff import scan_block

__all__ = ["COLUMNS", "scan"]

COLUMNS = {
    "file": "string",
    "line": "Int64",
    "game": "Int64",
    "ply": "Int64",
    "fen": "string",
    "in_check": "boolean",
    "captures": "Int64",
    "best_move": "string",
    "best_see": "Int64",
    "balance": "Int64",
    "threat": "Int64",
    "hanging_white": "string",
    "hanging_black": "string",
    "capture_list": "string",
    "error": "string",
}

#: Bytes per partition of a large uncompressed EPD file.
BLOCK_BYTES = 64 << 20

_MAGIC = (b"\x28\xb5\x2f\xfd", b"\x1f\x8b", b"BZh")


def _frame(text: str, name: str) -> pd.DataFrame:
    """The rows of one block's CSV, typed, with the file's name."""
    frame = pd.read_csv(
        io.StringIO(text),
        dtype={c: t for c, t in COLUMNS.items() if c not in ("file", "in_check")},
        keep_default_na=False,
        na_values={
            c: [""] for c in COLUMNS if c not in ("fen", "hanging_white", "hanging_black")
        },
    )
    frame["in_check"] = frame["in_check"].astype("Int64").astype("boolean")
    frame.insert(0, "file", name)
    return frame[list(COLUMNS)].astype(COLUMNS)


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
    storage: dict,
) -> pd.DataFrame:
    if byte_range is None:
        with fsspec.open(path, "rb", **storage) as f:
            data, first_line = f.read(), 1
    else:
        start, end, newlines_before = byte_range
        data, first_line = _read_range(path, start, end, newlines_before, storage)
    return _frame(scan_block(data, fmt, rules, values, first_line), name)


def _is_compressed(path: str, storage: dict) -> bool:
    with fsspec.open(path, "rb", **storage) as f:
        return f.read(4).startswith(_MAGIC)


def _looks_like_pgn(path: str, storage: dict) -> bool:
    with fsspec.open(path, "rb", **storage) as f:
        head = f.read(1 << 16).lstrip()
    return head[:1] in (b"[", b"{", b";") or head[:2] == b"1."


def scan(
    urlpath: str | Sequence[str],
    *,
    rules: str = "default",
    values: Values = None,
    format: str | None = None,
    block_bytes: int = BLOCK_BYTES,
    storage_options: dict | None = None,
) -> dd.DataFrame:
    """A Dask data frame of ``seeswap scan``'s rows for the files ``urlpath`` names.

    ``format`` is ``"epd"``, ``"pgn"`` or ``None`` (told from each file's content).
    """
    storage = storage_options or {}
    values = _values(values)
    files = fsspec.open_files(urlpath, "rb", **storage)
    if not files:
        raise FileNotFoundError(f"no file matches {urlpath!r}")
    parts: list[Any] = []
    for of in files:
        path = of.full_name if hasattr(of, "full_name") else of.path
        name = of.path
        compressed = _is_compressed(path, storage)
        fmt = format or "auto"
        size = of.fs.size(of.path)
        epd = fmt == "epd" or (
            fmt == "auto" and not compressed and not _looks_like_pgn(path, storage)
        )
        if compressed or not epd or size <= block_bytes:
            parts.append(
                dask.delayed(_partition)(path, name, None, fmt, rules, values, storage)
            )
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
            parts.append(
                dask.delayed(_partition)(
                    path, name, byte_range, "epd", rules, values, storage
                )
            )
            before = before + count
    meta = pd.DataFrame({c: pd.Series(dtype=t) for c, t in COLUMNS.items()})
    return dd.from_delayed(parts, meta=meta, verify_meta=False)
