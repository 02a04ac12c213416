"""swapoff.dask.scan on a distributed.LocalCluster with two worker processes against
`seeswap scan`: the same rows (the Parquet the command writes) and the same problems (the
messages the command prints, as rows with an `error`), over every file in testdata/ and
the malformed PGN files, in the shapes users have them: CRLF, compressed, truncated, with
a byte-order mark, and large enough to be cut into byte ranges."""

from __future__ import annotations

import bz2
import gzip
import lzma
import os
import subprocess
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard
from distributed import Client, LocalCluster

import swapoff.dask

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "testdata"
SEESWAP = os.environ.get("SEESWAP", str(ROOT / "target" / "debug" / "seeswap"))
#: Small enough that the EPD files of testdata/ are cut into several byte ranges.
BLOCK = 10_000


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True)
    with Client(cluster) as c:
        yield c
    cluster.close()


def cli(path: Path, tmp: Path, *flags: str) -> tuple[list[dict], list[str]]:
    """The rows `seeswap scan --parquet` writes for one file, and its stderr lines."""
    out = tmp / "rows.parquet"
    done = subprocess.run(
        [SEESWAP, "scan", "-q", *flags, "--parquet", str(out), str(path)],
        capture_output=True,
        text=True,
    )
    # 2: an input that could not be read to its end (a truncated stream), reported.
    assert done.returncode in (0, 1, 2), done.stderr
    # The command's Parquet has a row per problem too: they are the stderr lines here.
    rows = [r for r in pq.read_table(out).to_pylist() if r.pop("error") is None]
    return rows, done.stderr.splitlines()


def python(path: Path, **options) -> tuple[list[dict], list[str]]:
    """The rows of `swapoff.dask.scan` for one file, and its error rows as the command
    prints them."""
    frame = swapoff.dask.scan(str(path), block_bytes=BLOCK, **options).compute()
    rows = pa.Table.from_pandas(frame, preserve_index=False).to_pylist()
    positions, problems = [], []
    for row in rows:
        name, error = row.pop("file"), row.pop("error")
        if error is None:
            positions.append(row)
        elif row["line"] is not None and name.endswith(".parquet"):
            # A Parquet table's rows are numbered, not its lines.
            problems.append(f"seeswap: {name}: row {row['line']}: {error}")
        elif row["line"] is not None:
            problems.append(f"seeswap: {name}:{row['line']}: {error}")
        elif row["game"] is not None:
            problems.append(f"seeswap: {name}: game {row['game']}: {error}")
        else:
            problems.append(f"seeswap: {name}: {error}")
    return positions, problems


def inputs(tmp: Path) -> list[Path]:
    """Every file of testdata/ and the malformed PGN files, then the same data made into
    the other shapes users have it in."""
    files = sorted(p for p in DATA.rglob("*") if p.is_file())
    files += sorted((ROOT / "crates" / "swapoff" / "tests" / "malformed" / "pgn").glob("*"))
    files += sorted((ROOT / "crates" / "swapoff-cli" / "tests" / "data" / "scan").glob("*"))
    pgn = (DATA / "pgn" / "kasparov-deep-blue-1997.pgn").read_bytes()
    epd = (DATA / "positions" / "endgames_head.epd").read_bytes()
    # JSON Lines larger than a block, with a broken line and a blank one: cut into byte
    # ranges at line ends, as EPD is.
    jsonl = b"".join(
        b'{"fen": "%s", "n": %d}\n' % (line.split(b";")[0].strip(), n)
        for n, line in enumerate(epd.splitlines())
        if line.strip() and not line.startswith(b"#")
    )
    jsonl = jsonl.replace(b'"n": 7}', b'"n": 7', 1).replace(b'"n": 9}\n', b'"n": 9}\n\n', 1)
    made = {
        "big.jsonl": jsonl,
        "big.jsonl.zst": zstandard.ZstdCompressor().compress(jsonl),
        # A table of one column (pandas' header), and promotions written without `=`.
        "one-column.csv": b"fen\n" + b"\n".join(epd.splitlines()[:50]) + b"\n",
        "promotions.pgn": b'[FEN "1r5k/P7/8/8/8/8/6p1/K7 w - - 0 1"]\n\n'
        b"1. axb8N g1Q+ 2. Kb2 *\n\n"
        b'[FEN "1r5k/P7/8/8/8/8/6p1/K7 w - - 0 1"]\n\n1. a7b8n g2g1q 2. a1b2 *\n',
        # A compressed PGN cut short: the games before the break are kept.
        "cut.pgn.zst": zstandard.ZstdCompressor().compress(pgn * 4)[:-700],
        "crlf.epd": epd.replace(b"\n", b"\r\n"),
        "games.pgn.gz": gzip.compress(pgn),
        "games.pgn.bz2": bz2.compress(pgn),
        "games.pgn.zst": zstandard.ZstdCompressor().compress(pgn),
        "positions.epd.zst": zstandard.ZstdCompressor().compress(epd),
        "truncated.pgn.gz": gzip.compress(pgn)[:-600],
        "evals.jsonl": b'{"fen": "8/8/8/8/8/8/8/K6k w - -", "cp": 0}\n' * 3,
        # A byte-order mark and a `%` line before a PGN larger than a block: one
        # partition, read as PGN (not cut into byte ranges as if it were EPD).
        "bom.pgn": b"\xef\xbb\xbf% exported\n" + pgn * 3,
        "bom.epd": b"\xef\xbb\xbf" + epd,
        # Old Mac line ends in a file larger than a block: not cut at LF.
        "lone-cr.epd": epd.replace(b"\n", b"\r"),
        # A tag line over the record limit (its game skipped whole), Latin-1 tags, EPD
        # counters given as operations, pzstd's skippable frame, an xz file (refused).
        "long-tag.pgn": b'[Event "x"]\n[Annotator "'
        + b"a" * 300_000
        + b'"]\n\n1. e4 *\n\n'
        + pgn,
        "latin1.pgn": b'[Event "Caf\xe9"]\n[White "M\xfcller"]\n\n1. e4 e5 *\n',
        "figurines.pgn": "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 *\n".encode(),
        "no-break.pgn": "1.\u00a0e4\u00a0e5 2.\u2009Nf3 Nc6 *\n".encode(),
        # German piece letters (the game stops there, reported) and pawn captures
        # written without their `x`.
        "german.pgn": b'1. e4 e5 2. Sf3 Sc6 3. d4 *\n\n[Event "b"]\n\n1. e4 d5 2. ed5 *\n',
        "counters.epd": b"4k3/8/8/3p4/8/8/8/3RK3 w - - bm Rxd5; hmvc 3; fmvn 40;\n",
        "skippable.epd.zst": b"\x50\x2a\x4d\x18\x04\x00\x00\x00abcd"
        + zstandard.ZstdCompressor().compress(epd),
        "packed.xz": lzma.compress(epd),
        # A compressed Parquet file: no row groups to seek to, read whole.
        "games.parquet.zst": zstandard.ZstdCompressor().compress(
            (DATA / "examples" / "games.parquet").read_bytes()
        ),
    }
    for name, data in made.items():
        (tmp / name).write_bytes(data)
        files.append(tmp / name)
    return files


def test_every_file_gives_the_command_s_rows_and_problems(client, tmp_path):
    sources = tmp_path / "inputs"
    sources.mkdir()
    checked = 0
    for path in inputs(sources):
        want_rows, want_problems = cli(path, tmp_path)
        got_rows, got_problems = python(path)
        assert got_rows == want_rows, path
        assert got_problems == want_problems, path
        checked += len(want_rows) + len(want_problems)
    assert checked > 10_000


def test_not_pgn_nor_epd_is_an_error_row_not_a_start_position(client, tmp_path):
    # JSON Lines without the FEN field: an error row naming the field.
    path = tmp_path / "evals.jsonl"
    path.write_text('{"position": "8/8/8/8/8/8/8/K6k w - -", "cp": 0}\n')
    got = swapoff.dask.scan(str(path)).compute()
    assert len(got) == 1
    assert got["fen"].isna().all()
    assert 'no field "fen"' in got["error"].iloc[0]
    # Text read as PGN with neither a tag nor a move: not a start position.
    path = tmp_path / "comment.pgn"
    path.write_text("{ only a comment }\n")
    got = swapoff.dask.scan(str(path)).compute()
    assert len(got) == 1 and "not PGN text?" in got["error"].iloc[0]
    path = tmp_path / "words.txt"
    path.write_text("hello world\n")
    got = swapoff.dask.scan(str(path)).compute()
    assert "cannot tell the format" in got["error"].iloc[0]
    # A JSON Lines file that opens with an array was read as PGN: a start position was
    # made up and the objects after it lost. Random bytes are refused as binary.
    path = tmp_path / "array.jsonl"
    path.write_text('["x"]\n{"fen": "8/8/8/8/8/8/8/K6k w - - 0 1"}\n')
    got = swapoff.dask.scan(str(path)).compute()
    assert got["line"].tolist() == [1, 2]
    assert "not a JSON object" in got["error"].iloc[0]
    assert got["fen"].iloc[1] == "8/8/8/8/8/8/8/K6k w - - 0 1"
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes((i * 97 + 13) % 256 for i in range(3000)))
    got = swapoff.dask.scan(str(path)).compute()
    assert len(got) == 1 and "binary data" in got["error"].iloc[0]


def test_a_large_pgn_after_a_byte_order_mark_is_one_partition(tmp_path):
    source = DATA / "pgn" / "kasparov-deep-blue-1997.pgn"
    games = swapoff.dask.scan(str(source)).compute(scheduler="sync")["game"].max()
    path = tmp_path / "bom.pgn"
    path.write_bytes(b"\xef\xbb\xbf% exported\n" + source.read_bytes() * 4)
    with pytest.warns(UserWarning, match="read whole"):
        frame = swapoff.dask.scan(str(path), block_bytes=BLOCK)
    assert frame.npartitions == 1
    got = frame.compute(scheduler="sync")
    assert got["error"].isna().all()
    assert got["game"].max() == 4 * games


def test_epd_is_cut_into_byte_ranges_with_the_right_line_numbers(client):
    uho = DATA / "positions" / "uho_head.epd"
    frame = swapoff.dask.scan(str(uho), block_bytes=BLOCK)
    assert frame.npartitions > 10
    got = frame.compute()
    assert got["line"].tolist() == list(range(1, len(got) + 1))


def test_json_lines_are_cut_into_byte_ranges_with_the_right_line_numbers(client, tmp_path):
    fens = [
        line.split(";")[0].strip()
        for line in (DATA / "positions" / "uho_head.epd").read_text().splitlines()
    ]
    path = tmp_path / "evals.jsonl"
    lines = (f'{{"fen": "{fen}", "cp": {n}}}\n' for n, fen in enumerate(fens))
    path.write_text("".join(lines))
    frame = swapoff.dask.scan(str(path), block_bytes=BLOCK, columns=["line", "fen"])
    assert frame.npartitions > 10
    got = frame.compute()
    assert got["line"].tolist() == list(range(1, len(fens) + 1))
    assert got["error"].isna().all()


def test_a_big_file_read_whole_warns_and_says_how_to_split_it(tmp_path):
    pgn = (DATA / "pgn" / "kasparov-deep-blue-1997.pgn").read_bytes()
    path = tmp_path / "month.pgn"
    path.write_bytes(pgn * 4)
    with pytest.warns(UserWarning, match="read whole.*seeswap split"):
        frame = swapoff.dask.scan(str(path), block_bytes=1_000)
    assert frame.npartitions == 1
    csv = tmp_path / "puzzles.csv"
    csv.write_bytes((DATA / "examples" / "puzzles.csv").read_bytes())
    with pytest.warns(UserWarning, match="its header"):
        swapoff.dask.scan(str(csv), block_bytes=100)


def test_lists_stay_lists_and_null_stays_distinct_from_empty(tmp_path):
    path = tmp_path / "two.epd"
    path.write_text(
        # White to move, not in check: a hanging knight, a capture list.
        "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1\n"
        # White to move in check: White's hanging pieces are not evaluated (null); Black
        # has none (empty).
        "4k3/8/8/8/8/8/8/r3K3 w - - 0 1\n"
    )
    got = swapoff.dask.scan(str(path)).compute(scheduler="sync")
    first, second = got.iloc[0], got.iloc[1]
    assert list(first["hanging_white"]) == [
        {"square": "c3", "piece": "N", "gain": 300, "capture": "b4c3", "value": 300}
    ]
    assert [c["move"] for c in first["captures"]] == ["e4d5", "c3d5", "d1d5"]
    assert second["hanging_white"] is None or pd.isna(second["hanging_white"])
    assert list(second["hanging_black"]) == []
    assert pd.isna(second["threat"])
    assert bool(second["in_check"])


def test_tags_become_columns(tmp_path):
    pgn = DATA / "pgn" / "kasparov-deep-blue-1997.pgn"
    want, _ = cli(pgn, tmp_path, "--tags=Event,WhiteElo")
    got, problems = python(pgn, tags=["Event", "WhiteElo"])
    assert problems == []
    assert got == want
    assert got[0]["tag_Event"] is not None


def test_a_pathlib_path_is_read_as_its_text():
    # Dask's own readers take one; it was taken for a list of paths and failed.
    pgn = DATA / "pgn" / "kasparov-deep-blue-1997.pgn"
    by_path = swapoff.dask.scan(pgn, block_bytes=BLOCK).compute()
    by_text = swapoff.dask.scan(str(pgn), block_bytes=BLOCK).compute()
    assert len(by_path) > 0
    assert by_path.equals(by_text)


def test_a_game_longer_than_the_ply_limit_is_reported_as_the_command_reports_it(tmp_path):
    # Knights out and back, 25,001 times: 100,004 plies, past the 100,000 kept per game.
    path = tmp_path / "long.pgn"
    path.write_text('[Event "long"]\n\n' + "Nf3 Nf6 Ng1 Ng8 " * 25_001 + "*\n")
    want_rows, want_problems = cli(path, tmp_path)
    got_rows, got_problems = python(path)
    assert len(want_rows) == 100_001
    assert got_problems == want_problems
    assert len(got_problems) == 1 and "mainline longer than" in got_problems[0]
    assert len(got_rows) == len(want_rows)


def test_parquet_through_dask_is_the_command_s_rows(tmp_path):
    # Games (a movetext column, tags as typed columns) and positions (a FEN column), each
    # row group a partition, rows numbered through the whole file.
    games = tmp_path / "games.parquet"
    table = pq.read_table(DATA / "examples" / "games.parquet")
    pq.write_table(table, games, row_group_size=2)
    assert pq.ParquetFile(games).num_row_groups == 2
    tags = ["WhiteElo", "Event"]
    want, want_problems = cli(games, tmp_path, "--tags=" + ",".join(tags))
    got, problems = python(games, tags=tags)
    assert got == want and {r["game"] for r in got} == {1, 2, 4}
    assert problems == want_problems and len(problems) == 2
    assert "game 3: no movetext" in problems[0]
    assert got[0]["clock"] == 180 and got[0]["tag_WhiteElo"] == "1512"
    puzzles = DATA / "examples" / "puzzles.parquet"
    want, want_problems = cli(puzzles, tmp_path, "--moves-column=Moves", "--tags=PuzzleId")
    got, problems = python(puzzles, moves_column="Moves", tags=["PuzzleId"])
    assert got == want and len(got) == 2
    assert problems == want_problems and "row 2: bad FEN" in problems[0]


def test_puzzles_through_dask_are_the_command_s_rows(tmp_path):
    puzzles = DATA / "examples" / "puzzles.csv"
    want, want_problems = cli(puzzles, tmp_path, "--moves-column=Moves", "--tags=PuzzleId")
    got, problems = python(puzzles, moves_column="Moves", tags=["PuzzleId"])
    assert got == want and len(got) == 2
    assert problems == want_problems and len(problems) == 1
    assert got[1]["played_see"] == 900 and got[1]["tag_PuzzleId"] == "p0003"


def test_a_glob_expands_as_the_filesystem_globs(tmp_path):
    # `[12]` and `?` as well as `*` (fsspec's open_files expands only `*`).
    epd = (DATA / "examples" / "one.epd").read_bytes()
    for i in range(1, 4):
        (tmp_path / f"month-0000{i}.epd").write_bytes(epd)
    frame = swapoff.dask.scan(str(tmp_path / "month-0000[12].epd")).compute()
    assert sorted(frame["file"].unique()) == [
        str(tmp_path / "month-00001.epd"),
        str(tmp_path / "month-00002.epd"),
    ]
    frame = swapoff.dask.scan(str(tmp_path / "month-0000?.epd")).compute()
    assert frame["file"].nunique() == 3
    with pytest.raises(FileNotFoundError):
        swapoff.dask.scan(str(tmp_path / "month-0000[89].epd"))


def test_one_big_compressed_file_warns_and_names_the_split_recipe(tmp_path):
    pgn = (DATA / "pgn" / "kasparov-deep-blue-1997.pgn").read_bytes()
    path = tmp_path / "month.pgn.zst"
    path.write_bytes(zstandard.ZstdCompressor().compress(pgn * 20))
    with pytest.warns(UserWarning, match="seeswap split"):
        swapoff.dask.scan(str(path), block_bytes=1_000)
    # A small one, or one that can be cut, says nothing.
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        swapoff.dask.scan(str(path))
        swapoff.dask.scan(str(DATA / "positions" / "endgames_head.epd"), block_bytes=1_000)
