"""swapoff.scan: the command's rows as a pyarrow.RecordBatchReader, streamed from a
pipeline on every core; read by pyarrow, DuckDB and polars."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import swapoff
import swapoff.dask

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "testdata"
SEESWAP = os.environ.get("SEESWAP", str(ROOT / "target" / "debug" / "seeswap"))


def cli(paths: list[Path], tmp: Path, *flags: str) -> list[dict]:
    """The rows (error rows included) `seeswap scan --parquet` writes for the files."""
    out = tmp / "rows.parquet"
    done = subprocess.run(
        [SEESWAP, "scan", "-q", *flags, "--parquet", str(out), *map(str, paths)],
        capture_output=True,
        text=True,
    )
    assert done.returncode in (0, 1, 2), done.stderr
    return pq.read_table(out).to_pylist()


def test_scan_streams_the_command_s_rows(tmp_path):
    files = [
        DATA / "pgn" / "kasparov-deep-blue-1997.pgn",
        DATA / "examples" / "lichess.pgn",
        DATA / "positions" / "endgames_head.epd",
        DATA / "examples" / "games.parquet",
        DATA / "examples" / "mixed.txt",
    ]
    want = cli(files, tmp_path, "--tags=Event,WhiteElo")
    reader = swapoff.scan(files, tags=["Event", "WhiteElo"], threads=2)
    assert isinstance(reader, pa.RecordBatchReader)
    got = reader.read_all().to_pylist()
    assert len(got) == len(want) > 2_000
    assert got == want
    assert any(r["error"] for r in got) and any(r["tag_WhiteElo"] for r in got)


def test_a_glob_and_the_engines_that_read_the_stream(tmp_path):
    pattern = str(DATA / "positions" / "*_head.epd")
    rows = swapoff.scan(pattern).read_all()
    assert set(rows["file"].unique().to_pylist()) == {
        str(DATA / "positions" / "endgames_head.epd"),
        str(DATA / "positions" / "uho_head.epd"),
    }
    reader = swapoff.scan(pattern)  # noqa: F841 (DuckDB reads it by its name)
    # DuckDB finds the reader by its variable's name.
    count = duckdb.sql("SELECT count(*) FROM reader WHERE error IS NULL")
    assert count.fetchall()[0][0] == rows.num_rows
    frame = pl.from_arrow(swapoff.scan(pattern))
    assert frame.height == rows.num_rows
    with pytest.raises(FileNotFoundError):
        swapoff.scan(str(tmp_path / "none-*.pgn"))
    # A bytes path, as `open` takes it, is one path, not a list of numbers.
    one = DATA / "positions" / "endgames_head.epd"
    by_bytes = swapoff.scan(os.fsencode(one)).read_all()
    assert by_bytes.num_rows > 0
    assert by_bytes["file"].unique().to_pylist() == [str(one)]


def test_a_reader_dropped_early_stops_the_pipeline(tmp_path):
    big = tmp_path / "big.epd"
    big.write_bytes((DATA / "positions" / "uho_head.epd").read_bytes() * 40)
    for _ in range(3):
        reader = swapoff.scan(big)
        first = reader.read_next_batch()
        assert first.num_rows > 0
        reader.close()
    # Still whole when read to the end, in several batches (not one table built whole).
    batches = list(swapoff.scan(big))
    assert len(batches) > 1
    assert sum(b.num_rows for b in batches) == 80_000


def test_an_unknown_format_is_refused_by_both_scans():
    import swapoff.dask

    for scan in (swapoff.scan, swapoff.dask.scan):
        with pytest.raises(ValueError, match="not 'xml'"):
            scan(str(DATA / "examples" / "one.epd"), format="xml")


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        # One string was read letter by letter: tag_W, tag_h, ... and no error.
        ({"tags": "WhiteElo"}, TypeError, "tags is a list of names"),
        ({"columns": "game,ply"}, TypeError, "columns is a list of names"),
        # A name that is not a string was written out as one: a column "tag_None", or
        # "tag_b'White'", and no error.
        ({"tags": ["White", None]}, TypeError, r"tags\[1\] must be a string, not NoneType"),
        ({"tags": [b"White"]}, TypeError, r"tags\[0\] must be a string, not bytes"),
        ({"columns": ["game", 3]}, TypeError, r"columns\[1\] must be a string, not int"),
        ({"tags": 5}, TypeError, "tags is a list of names, not int"),
        ({"fen_column": None}, TypeError, "fen_column must be a string, not NoneType"),
        # A million threads were started (gigabytes, minutes) where the command refuses.
        ({"threads": 1_000_000}, swapoff.SwapoffError, "threads must be from 0 to 256"),
        ({"threads": -1}, swapoff.SwapoffError, "threads must be from 0 to 256, not -1"),
        # A fraction was cut to a whole number without a word.
        ({"threads": 1.5}, swapoff.SwapoffError, "threads must be a whole number"),
        ({"apply": -1}, swapoff.SwapoffError, "apply must be from 0"),
        ({"apply": 0.5}, swapoff.SwapoffError, "apply must be a whole number"),
    ],
)
def test_a_bad_option_is_refused_with_its_name(options, error, message):
    path = str(DATA / "examples" / "lichess.pgn")
    with pytest.raises(error, match=message):
        swapoff.scan(path, **options)
    if "threads" not in options:
        with pytest.raises(error, match=message):
            swapoff.dask.scan(path, **options)


def test_a_dask_block_of_no_bytes_is_refused():
    # A block of 0 bytes failed inside `range`; a negative one cut an EPD file into no
    # range at all: its rows were left out (and a file alone gave Dask an empty list).
    for block in (0, -5):
        with pytest.raises(swapoff.SwapoffError, match="block_bytes must be from 1"):
            swapoff.dask.scan(str(DATA / "examples" / "one.epd"), block_bytes=block)


def test_columns_keep_only_those_and_equal_the_full_rows():
    import swapoff.dask

    path = DATA / "examples" / "lichess.pgn"
    asked = ["game", "ply", "played", "played_see", "clock", "eval"]
    full = swapoff.scan(path, tags=["WhiteElo"]).read_all()
    some = swapoff.scan(path, tags=["WhiteElo"], columns=asked).read_all()
    assert some.column_names == ["file", *asked, "tag_WhiteElo", "error"]
    assert some.num_rows == full.num_rows > 10
    for name in some.column_names:
        assert some[name].to_pylist() == full[name].to_pylist(), name
    frame = swapoff.dask.scan(str(path), tags=["WhiteElo"], columns=asked).compute()
    assert list(frame.columns) == some.column_names
    played_see = some["played_see"].drop_null().to_pylist()
    assert frame["played_see"].dropna().tolist() == played_see
    with pytest.raises(swapoff.SwapoffError, match='no column "elo"'):
        swapoff.scan(path, columns=["game", "elo"])


def test_columns_on_request_are_the_command_s_and_every_name_is_typed(tmp_path):
    import typing

    import swapoff.dask

    path = DATA / "examples" / "evals.pgn"
    asked: list[swapoff.ColumnName] = [
        "game",
        "turn",
        "eval",
        "eval_cp",
        "eval_mate",
        "white_elo",
        "black_elo",
    ]
    want = cli([path], tmp_path, "--columns", ",".join(asked))
    got = swapoff.scan(path, columns=asked).read_all()
    assert got.drop_columns(["file"]).to_pylist() == want
    assert got.schema.field("eval_cp").type == pa.int32()
    assert {r["eval_mate"] for r in want} >= {1, -1}
    frame = swapoff.dask.scan(str(path), columns=asked).compute()
    assert frame["white_elo"].dropna().tolist() == got["white_elo"].drop_null().to_pylist()
    # Every name the type allows is a column (the CSV's capture_list is Arrow's captures).
    for name in typing.get_args(swapoff.ColumnName):
        arrow_name = "captures" if name == "capture_list" else name
        assert arrow_name in swapoff.scan(path, columns=[name]).schema.names


def test_tag_names_are_trimmed_carried_once_and_never_empty(tmp_path):
    pgn = tmp_path / "tags.pgn"
    pgn.write_text('[Event "e"]\n[White "w"]\n\n1. e4 *\n')
    asked = ["Event", " White", "Event", ""]
    rows = swapoff.scan(pgn, tags=asked, columns=["ply"]).read_all()
    assert rows.column_names == ["file", "ply", "tag_Event", "tag_White", "error"]
    assert rows["tag_White"].to_pylist() == ["w", "w"]
    frame = swapoff.dask.scan(str(pgn), tags=asked, columns=["ply"]).compute()
    assert list(frame.columns) == rows.column_names


def test_a_csv_row_with_more_cells_than_its_header_is_an_error_row(tmp_path):
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    path = tmp_path / "ragged.csv"
    path.write_text(f"fen,moves\n{fen},e2e4,e7e5\n{fen},e2e4 e7e5\n")
    flags = ["--moves-column", "moves", "--columns", "line,played"]
    want = cli([path], tmp_path, *flags)
    got = swapoff.scan(path, moves_column="moves", columns=["line", "played"]).read_all()
    assert got.drop_columns(["file"]).to_pylist() == want
    assert [r["line"] for r in want] == [2, 3]
    assert "the row has 3 cells where the header has 2" in want[0]["error"]
    assert want[1] == {"line": 3, "played": "e7e5", "error": None}
    frame = swapoff.dask.scan(str(path), moves_column="moves", columns=["line", "played"])
    assert frame.compute()["error"].notna().tolist() == [True, False]
