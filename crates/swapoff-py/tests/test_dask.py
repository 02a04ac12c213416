"""swapoff.dask.scan on a distributed.LocalCluster with two worker processes: the rows of
`seeswap scan --csv`, partitioned by file and by byte range, compressed files included."""

from __future__ import annotations

import csv
import gzip
import io
import os
import subprocess
from pathlib import Path

import pandas as pd
import pytest
from distributed import Client, LocalCluster

import swapoff.dask

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "testdata"
SEESWAP = os.environ.get("SEESWAP", str(ROOT / "target" / "debug" / "seeswap"))
COMPARED = [
    "line",
    "game",
    "ply",
    "fen",
    "in_check",
    "captures",
    "best_move",
    "best_see",
    "balance",
    "threat",
    "hanging_white",
    "hanging_black",
    "capture_list",
]


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True)
    with Client(cluster) as c:
        yield c
    cluster.close()


def cli_rows(path: Path) -> list[dict]:
    text = subprocess.run(
        [SEESWAP, "scan", "-q", "--csv", str(path)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return list(csv.DictReader(io.StringIO(text)))


def as_csv(frame: pd.DataFrame) -> list[dict]:
    """The frame's rows written out as the CSV writes them."""

    def text(v) -> str:
        if v is None or v is pd.NA or (isinstance(v, float) and pd.isna(v)):
            return ""
        if isinstance(v, (bool,)) or str(type(v)).endswith("bool_'>"):
            return "1" if v else "0"
        return str(v)

    return [{k: text(row[k]) for k in COMPARED} for row in frame.to_dict("records")]


def test_epd_in_byte_ranges_gives_the_cli_rows(client, tmp_path):
    # Two files: the endgame head whole, and the opening head cut into ~10 KB ranges.
    uho = DATA / "positions" / "uho_head.epd"
    endgames = DATA / "positions" / "endgames_head.epd"
    frame = swapoff.dask.scan([str(uho), str(endgames)], block_bytes=10_000)
    assert frame.npartitions > 10
    got = frame.compute()
    assert list(got["file"].unique()) == [str(uho), str(endgames)]
    for path in (uho, endgames):
        rows = got[got["file"] == str(path)].sort_values("line")
        want = cli_rows(path)
        assert as_csv(rows) == [{k: w[k] for k in COMPARED} for w in want]
        assert rows["error"].isna().all()


def test_pgn_glob_and_compressed_files(client, tmp_path):
    pgn = DATA / "pgn" / "kasparov-deep-blue-1997.pgn"
    packed = tmp_path / "games.pgn.gz"
    packed.write_bytes(gzip.compress(pgn.read_bytes()))
    (tmp_path / "plain.pgn").write_bytes(pgn.read_bytes())
    frame = swapoff.dask.scan(str(tmp_path / "*"), rules="default")
    got = frame.compute()
    want = [{k: w[k] for k in COMPARED} for w in cli_rows(pgn)]
    for name in ("games.pgn.gz", "plain.pgn"):
        rows = got[got["file"].str.endswith(name)]
        assert as_csv(rows) == want, name


def test_bad_lines_become_rows_with_an_error(client, tmp_path):
    path = tmp_path / "mixed.epd"
    path.write_text(
        "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1\n"
        "not a position\n"
        "8/8/8/8/8/8/8/3Kk3 w - - 0 1\n"
    )
    got = swapoff.dask.scan(str(path)).compute().sort_values("line")
    assert got["line"].tolist() == [1, 2, 3]
    assert got["error"].isna().tolist() == [True, False, False]
    assert "the side not to move is in check" in got["error"].iloc[2]
    assert got["balance"].iloc[0] == 100
