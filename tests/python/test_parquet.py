"""`seeswap scan --parquet` is read by pyarrow, polars and DuckDB with the rows of `--csv`.

The binary is the one `cargo test` built (`SEESWAP`, else target/debug/seeswap).
"""

import csv
import io
import os
import subprocess
from pathlib import Path

import duckdb
import polars as pl
import pyarrow.parquet as pq
import pytest

ROOT = Path(__file__).resolve().parents[2]
SEESWAP = os.environ.get("SEESWAP", str(ROOT / "target" / "debug" / "seeswap"))
INPUTS = [
    ROOT / "testdata" / "pgn" / "kasparov-deep-blue-1997.pgn",
    ROOT / "testdata" / "positions" / "endgames_head.epd",
    ROOT / "testdata" / "examples" / "lichess.pgn",
]
TAGS = "--tags=Event,White,WhiteElo"


def scan(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [SEESWAP, "scan", "-q", TAGS, *args, *map(str, INPUTS)],
        check=True,
        capture_output=True,
        text=True,
    )


@pytest.fixture(scope="module")
def expected() -> list[dict]:
    """The CSV rows, as text."""
    return list(csv.DictReader(io.StringIO(scan("--csv").stdout)))


@pytest.fixture(scope="module")
def parquet_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("scan") / "scan.parquet"
    scan("--parquet", str(path))
    return path


def render(row: dict) -> dict:
    """A row read from Parquet, written out as the CSV writes it."""

    def text(value) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "1" if value else "0"
        return str(value)

    def hanging(items) -> str:
        if items is None:
            return ""
        return " ".join(f"{h['piece']}{h['square']}:{h['gain']}" for h in items)

    out = {
        key: text(row[key])
        for key in [
            "file",
            "line",
            "game",
            "ply",
            "fen",
            "in_check",
            "best_move",
            "best_see",
            "balance",
            "threat",
            "played",
            "played_san",
            "played_see",
            "eval",
            "tag_Event",
            "tag_White",
            "tag_WhiteElo",
        ]
    }
    # A clock in seconds as Rust prints an f64: no ".0" on a whole number.
    clock = row["clock"]
    out["clock"] = (
        "" if clock is None else (f"{clock:.0f}" if clock.is_integer() else repr(clock))
    )
    out["captures"] = str(len(row["captures"]))
    out["capture_list"] = " ".join(f"{c['move']}:{c['see']}" for c in row["captures"])
    out["hanging_white"] = hanging(row["hanging_white"])
    out["hanging_black"] = hanging(row["hanging_black"])
    return out


def check(rows: list[dict], expected: list[dict]) -> None:
    assert len(rows) == len(expected) > 1000
    for got, want in zip(rows, expected):
        assert render(got) == want
    assert any(r["tag_Event"] for r in rows)


def test_pyarrow_reads_the_csv_rows(parquet_file, expected):
    table = pq.read_table(parquet_file)
    assert table.schema.field("line").type == "uint64"
    assert table.schema.field("balance").type == "int32"
    check(table.to_pylist(), expected)


def test_polars_reads_the_csv_rows(parquet_file, expected):
    frame = pl.read_parquet(parquet_file)
    assert frame.schema["captures"] == pl.List(
        pl.Struct({"move": pl.String, "see": pl.Int32})
    )
    check(frame.to_dicts(), expected)


def test_duckdb_reads_the_csv_rows(parquet_file, expected):
    con = duckdb.connect()
    cursor = con.execute(f"SELECT * FROM read_parquet('{parquet_file}')")
    names = [d[0] for d in cursor.description]
    rows = [dict(zip(names, values)) for values in cursor.fetchall()]
    check(rows, expected)
    winning = con.execute(
        f"SELECT count(*) FROM read_parquet('{parquet_file}') WHERE best_see > 0"
    ).fetchone()[0]
    assert winning == sum(1 for r in expected if r["best_see"] and int(r["best_see"]) > 0)


def test_the_left_hanging_recipe_of_the_docs_runs_as_written(tmp_path):
    """docs/cli.md's SQL, run on the rows its comment's command writes (on a fixture with
    such a move), against the same join done by hand."""
    page = (ROOT / "docs" / "cli.md").read_text()
    recipe = page[page.index("#### Recipe: the move left another piece hanging") :]
    sql = recipe[
        recipe.index("```sql\n") + 7 : recipe.index("```", recipe.index("```sql") + 6)
    ]
    command = sql.splitlines()[0].removeprefix("-- ").split()
    assert command[:2] == ["seeswap", "scan"] and command[-1] == "games.pgn"
    games = ROOT / "testdata" / "examples" / "evals.pgn"
    subprocess.run(
        [SEESWAP, *command[1:-1], str(games)], cwd=tmp_path, check=True, capture_output=True
    )
    con = duckdb.connect()
    con.execute(f"SET file_search_path = '{tmp_path}'")
    got = con.sql(sql).fetchall()
    rows = {
        (r["game"], r["ply"]): r
        for r in pq.read_table(tmp_path / "rows.parquet").to_pylist()
    }
    want = []
    for (game, ply), row in rows.items():
        after = rows.get((game, ply + 1))
        if row["played"] is None or after is None:
            continue
        mine = after["hanging_white" if row["turn"] == "white" else "hanging_black"]
        left = [h for h in mine if h["square"] != row["played"][2:4]]
        if left:
            want.append((game, ply, row["played"], row["played_see"], left))
    assert sorted(got) == sorted(want) and want
