"""The swapoff Python package, checked against the seeswap command-line tool's own
results on the repository's test data: values, thresholds, traces, per-position analysis,
python-chess boards (Chess960 included), NumPy batches and errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import time
from pathlib import Path

import chess
import chess.pgn
import chess.variant
import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import swapoff

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "testdata"
SEESWAP = os.environ.get("SEESWAP", str(ROOT / "target" / "debug" / "seeswap"))
RULES = ["default", "classic", "stockfish", "exact"]


def seeswap(*args: str) -> str:
    return subprocess.run(
        [SEESWAP, *args], check=False, capture_output=True, text=True
    ).stdout


def pairs(n: int) -> list[tuple[str, str]]:
    lines = (DATA / "positions" / "see_pairs_head.txt").read_text().splitlines()[:n]
    return [tuple(line.split(";")) for line in lines]  # type: ignore[misc]


@pytest.mark.parametrize("rules", RULES)
def test_values_and_thresholds_match_the_cli(rules):
    rows = pairs(600)
    batch = DATA / "positions" / "see_pairs_head.txt"
    head = "\n".join(f"{f};{m}" for f, m in rows) + "\n"
    cli = subprocess.run(
        [SEESWAP, "eval", "--batch", "-", "--rules", rules],
        input=head,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert batch.exists() and len(cli) == len(rows)
    for (fen, mv), want in zip(rows, cli):
        board = chess.Board(fen)
        move = chess.Move.from_uci(mv)
        assert swapoff.see(fen, mv, rules=rules) == int(want)
        assert swapoff.see(board, move, rules=rules) == int(want)
        for t in (-100, 0, 1, 100):
            assert swapoff.see_ge(board, move, t, rules=rules) == (int(want) >= t)


def test_suites_pass_under_their_values():
    for name, values in [
        ("swapoff_standard.epd", (100, 300, 300, 500, 900)),
        ("swapoff_stockfish_values.epd", (208, 781, 825, 1276, 2538)),
    ]:
        rows = (DATA / "suites" / name).read_text().splitlines()
        assert len(rows) > 200
        for row in rows:
            fen, san, value, _ = (f.strip() for f in row.split(";"))
            assert swapoff.see(fen, san, rules="exact", values=values) == int(value), row


def test_analyze_is_the_scan_json():
    path = DATA / "positions" / "endgames_head.epd"
    lines = seeswap("scan", "-q", str(path)).splitlines()
    fens = path.read_text().splitlines()
    assert len(lines) == len(fens) > 1000
    board = chess.Board()
    for fen, line in zip(fens[:400], lines[:400]):
        want = json.loads(line)
        for key in ("fen", "line"):
            del want[key]
        got = swapoff.analyze(fen)
        assert swapoff.analyze(chess.Board(fen)) == got
        # One position's answer names each hanging piece's capture in SAN too, which the
        # scan's rows leave out: as python-chess writes it, the turn given to its side.
        for side, pieces in got["hanging"].items():
            for piece in pieces or []:
                board.set_fen(fen)
                board.turn = side == "black"
                board.ep_square = None
                san = board.san(chess.Move.from_uci(piece["capture"]))
                assert piece.pop("san") == san, (fen, piece)
        assert got == want


def test_trace_is_the_eval_trace():
    for fen, mv in pairs(200)[::7]:
        for rules in RULES:
            cli = json.loads(
                seeswap("eval", fen, mv, "--rules", rules, "--json", "--trace")
            )
            got = swapoff.trace(chess.Board(fen), chess.Move.from_uci(mv), rules=rules)
            assert got == cli["trace"]
            assert got["value"] == cli["value"]
    t = swapoff.trace(
        "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
        "Nxe5",
        values=(100, 325, 325, 500, 1000),
    )
    assert t["gains"] == [100, 225, 100, 400, -75, 1075, -75]
    assert t["value"] == -225
    # By square, a1 first.
    assert t["attackers"] == {"white": ["Re2", "Nd3"], "black": ["bf6", "nd7"]}
    assert t["xrays"] == {"white": ["Qe1"], "black": ["qh8"]}


def test_boards_read_from_bitboards_equal_their_fens_chess960_included():
    games = 0
    for name in ["cutechess-fischerrandom.pgn", "kasparov-deep-blue-1997.pgn"]:
        with open(DATA / "pgn" / name) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                games += 1
                board = game.board()
                for move in game.mainline_moves():
                    for capture in board.generate_legal_captures():
                        assert (
                            swapoff.see(board, capture)
                            == swapoff.see(board.fen(), capture.uci())
                            or board.chess960
                        )
                        # Chess960 FENs with inner-rook rights read too.
                        assert swapoff.see(board, capture) == swapoff.see(
                            board.fen(shredder=board.chess960), capture.uci()
                        )
                    assert swapoff.analyze(board) == swapoff.analyze(
                        board.fen(shredder=board.chess960)
                    )
                    board.push(move)
    assert games >= 5


def test_castling_scores_zero_in_both_castling_modes():
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert swapoff.see(board, chess.Move.from_uci("e1g1")) == 0
    assert swapoff.see(board, "O-O-O") == 0
    c960 = chess.Board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", chess960=True)
    for move in c960.generate_castling_moves():
        assert swapoff.see(c960, move) == 0


def test_see_many_matches_see_and_takes_numpy_strings():
    rows = pairs(1500)
    fens = [f for f, _ in rows]
    moves = [m for _, m in rows]
    values = swapoff.see_many(fens, moves)
    assert values.dtype == np.int32 and values.shape == (1500,)
    assert values.tolist() == [swapoff.see(f, m) for f, m in rows]
    ge = swapoff.see_many(np.array(fens), np.array(moves), threshold=0, rules="stockfish")
    assert ge.dtype == np.bool_
    assert ge.tolist() == [swapoff.see_ge(f, m, 0, rules="stockfish") for f, m in rows]
    assert swapoff.see_many([], []).shape == (0,)


def test_see_many_names_the_first_bad_row():
    rows = pairs(50)
    fens = [f for f, _ in rows]
    moves = [m for _, m in rows]
    moves[17] = "a1a1"
    fens[30] = "not a fen"
    with pytest.raises(ValueError, match=r"^row 17: "):
        swapoff.see_many(fens, moves)
    with pytest.raises(swapoff.SwapoffError, match="2 positions but 1 moves"):
        swapoff.see_many(fens[:2], moves[:1])


def test_see_many_releases_the_gil():
    # Long enough (about half a second here) that a thread switching on every
    # tick counts hundreds of ticks if the batch lets it run, and at most a
    # couple at its edges if the batch held the GIL throughout.
    rows = pairs(3000) * 400
    fens = [f for f, _ in rows]
    moves = [m for _, m in rows]
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0)

    counter = threading.Thread(target=count)
    counter.start()
    before = ticks
    swapoff.see_many(fens, moves, rules="exact")
    during = ticks - before
    done.set()
    counter.join()
    assert during > 10, during


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: swapoff.see("8/8/8/8", "e2e4"), "FEN has 1 field"),
        (
            lambda: swapoff.see("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "d1d2"),
            "impossible position",
        ),
        (lambda: swapoff.see(chess.Board(), "e2e5"), "not legal"),
        (lambda: swapoff.see(chess.Board(), "Nd2"), "not legal"),
        (lambda: swapoff.see(chess.Board(), "e2e4", rules="best"), "unknown rule set"),
        (
            lambda: swapoff.see(chess.Board(), "e2e4", values=(1, 2, 3)),
            "five whole numbers",
        ),
        (lambda: swapoff.see(chess.Board(), "e2e4", values=(900, 1, 1, 1, 1)), "value"),
        (lambda: swapoff.see(42, "e2e4"), "chess.Board or a FEN"),
        (lambda: swapoff.see(chess.Board(), 42), "chess.Move or a UCI/SAN"),
        (lambda: swapoff.see_many(["x"], [3]), "row 0"),
        (
            lambda: swapoff.see(chess.Board(), chess.Move.null()),
            'move "0000" is a null move',
        ),
        (lambda: swapoff.see(chess.Board(), "--"), 'move "--" is a null move'),
        (
            lambda: swapoff.see(chess.Board(), chess.Move(28, 28, drop=chess.QUEEN)),
            'move "Q@e4" is a piece drop',
        ),
    ],
)
def test_bad_input_raises_value_error_with_the_reason(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


@pytest.mark.parametrize("readme", ["README.md", "crates/swapoff-py/README.md"])
def test_readme_python_examples_run(readme, monkeypatch):
    text = (ROOT / readme).read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, f"{readme} has Python examples"
    # The examples name files from the repository's root.
    monkeypatch.chdir(ROOT)
    for block in blocks:
        # A script guarded by `if __name__ == "__main__"` runs as a script.
        exec(compile(block, readme, "exec"), {"__name__": "__main__"})


@pytest.mark.parametrize(
    "board",
    [
        chess.variant.AtomicBoard(),
        chess.variant.AntichessBoard(),
        chess.variant.CrazyhouseBoard(),
        chess.variant.ThreeCheckBoard(),
        chess.variant.KingOfTheHillBoard(),
        chess.variant.RacingKingsBoard(),
    ],
    ids=lambda b: type(b).__name__,
)
def test_a_variant_board_is_refused_by_name(board):
    move = next(iter(board.legal_moves))
    for call in (
        lambda: swapoff.see(board, move),
        lambda: swapoff.see_ge(board, move),
        lambda: swapoff.trace(board, move),
        lambda: swapoff.analyze(board),
    ):
        with pytest.raises(swapoff.SwapoffError, match=type(board).uci_variant):
            call()


@pytest.mark.parametrize(
    ("field", "value"),
    [("halfmove_clock", 2**40), ("fullmove_number", 2**40), ("halfmove_clock", -1)],
)
def test_a_board_s_counter_out_of_range_is_a_swapoff_error(field, value):
    # 2**40 was PyO3's OverflowError.
    board = chess.Board()
    setattr(board, field, value)
    with pytest.raises(swapoff.SwapoffError, match=field.split("_")[0]):
        swapoff.see(board, "e4")


@pytest.mark.parametrize(
    "fen",
    [
        # A bare placement, and three fields: not a FEN of 4 to 6 fields.
        "4k3/8/8/8/8/8/8/4K3",
        "4k3/8/8/8/8/8/8/4K3 w -",
        # A Crazyhouse pocket and a Three-check counter: variants, not chess.
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        "4k3/8/8/8/8/8/8/4KR2 w - - 3+3 0 1",
    ],
)
def test_see_reads_fens_as_see_many_and_the_tool_do(fen):
    move = "e1e2"
    with pytest.raises(swapoff.SwapoffError, match="bad FEN"):
        swapoff.see(fen, move)
    with pytest.raises(swapoff.SwapoffError, match="row 0: bad FEN"):
        swapoff.see_many([fen], [move])
    assert seeswap("eval", fen, move).strip() == ""


def test_one_piece_notation_in_trace_and_analyze():
    # Black's d6 pawn takes on e5; White's d4 pawn takes back. FEN letters everywhere:
    # lower case for Black.
    fen = "4k3/8/3p4/4N3/3P4/8/8/4K3 b - - 0 1"
    trace = swapoff.trace(fen, "d6e5")
    assert trace["attackers"] == {"white": ["Pd4"], "black": ["pd6"]}
    assert [(c["piece"], c["captured"]) for c in trace["captures"]] == [
        ("p", "N"),
        ("P", "p"),
    ]
    hanging = swapoff.analyze(fen.replace(" b ", " w "))["hanging"]["black"]
    assert {h["piece"] for h in hanging} <= {"p", "k"}
    white_view = swapoff.analyze(fen)["hanging"]["white"]
    assert [h["piece"] for h in white_view] == ["N"]


def test_see_many_takes_what_see_takes_in_any_column():
    import pandas as pd
    import polars as pl
    import pyarrow as pa

    board = chess.Board("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1")
    moves = [chess.Move.from_uci("d3e5"), "Re2e4", "Kb1"]
    want = [swapoff.see(board, m) for m in moves]
    fens = [board.fen()] * 3
    texts = ["d3e5", "Re2e4", "Kb1"]
    assert swapoff.see_many([board] * 3, moves).tolist() == want
    assert swapoff.see_many(pa.array(fens), pa.array(texts)).tolist() == want
    assert swapoff.see_many(pa.chunked_array([fens]), texts).tolist() == want
    assert (
        swapoff.see_many(pd.Series(fens, dtype="string"), pl.Series(texts)).tolist() == want
    )
    with pytest.raises(swapoff.SwapoffError, match="row 1: moves holds int"):
        swapoff.see_many(fens[:2], ["d3e5", 7])
    # Arrow strings of every width, read in place; thresholds on that path too.
    for kind in (pa.string(), pa.large_string(), pa.string_view()):
        got = swapoff.see_many(pa.array(fens, kind), pa.array(texts, kind))
        assert got.tolist() == want
    ge = swapoff.see_many(pa.array(fens), pa.array(texts), threshold=0)
    assert ge.tolist() == [v >= 0 for v in want]
    with pytest.raises(swapoff.SwapoffError, match="row 1: the move is null"):
        swapoff.see_many(pa.array(fens[:2]), pa.array(["d3e5", None]))
    with pytest.raises(swapoff.SwapoffError, match="row 2: bad FEN"):
        swapoff.see_many(pa.array([*fens[:2], "8/8"]), pa.array(texts))
    with pytest.raises(swapoff.SwapoffError, match="3 positions but 2 moves"):
        swapoff.see_many(pa.array(fens), pa.array(texts[:2]))
    # An Arrow column of something else goes the general way, and is refused by row.
    with pytest.raises(swapoff.SwapoffError, match="row 0: moves holds int"):
        swapoff.see_many(pa.array(fens[:1]), pa.array([7]))
    with pytest.raises(swapoff.SwapoffError, match="atomic"):
        swapoff.see_many([chess.variant.AtomicBoard()], ["e2e4"])


@pytest.mark.parametrize(
    "options, message",
    [
        ({"threshold": 0.5}, "threshold must be a whole number"),
        ({"threshold": True}, "threshold must be a whole number"),
        ({"threshold": 2**40}, "out of range"),
        ({"threshold": 2**70}, "out of range"),
        ({"values": (100, 300.5, 300, 500, 900)}, "whole number"),
        ({"values": (100, 300, 300, 500, 2**40)}, "larger than the maximum"),
        ({"values": (100, 300, 300, 500)}, "five whole numbers"),
    ],
)
def test_every_bad_number_raises_swapoff_error(options, message):
    fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1"
    with pytest.raises(swapoff.SwapoffError, match=message):
        swapoff.see_many([fen], ["Rxe5"], **options)
    if "threshold" in options:
        with pytest.raises(swapoff.SwapoffError, match=message):
            swapoff.see_ge(fen, "Rxe5", options["threshold"])
    else:
        with pytest.raises(swapoff.SwapoffError, match=message):
            swapoff.see(fen, "Rxe5", **options)


def test_analyze_many_gives_analyze_s_answers_one_row_a_position():
    lines = (DATA / "positions" / "uho_head.epd").read_text().splitlines()
    fens = [*lines[:200], "8/8/8/8/8/8/8/3Kk3 w - - 0 1", chess.Board()]
    table = swapoff.analyze_many(fens)
    assert table.num_rows == len(fens)
    rows = table.to_pylist()
    assert [r["line"] for r in rows] == list(range(1, len(fens) + 1))
    for fen, row in zip(fens[:200], rows):
        one = swapoff.analyze(fen)
        assert row["balance"] == one["balance"]
        assert row["threat"] == one["threat"]
        # analyze names each capture in SAN too, which a scan's rows leave out.
        one_white = one["hanging"]["white"]
        assert all(isinstance(h.pop("san"), str) for h in one_white or [])
        assert row["hanging_white"] == one_white
        assert [c["move"] for c in row["captures"]] == [c["move"] for c in one["captures"]]
    # A position that cannot be read keeps its row and its text, and says only why.
    assert rows[200]["fen"] == fens[200]
    assert "not to move is in check" in rows[200]["error"]
    assert "skipped" not in rows[200]["error"]
    assert rows[201]["error"] is None and rows[201]["balance"] == 0
    odd = swapoff.analyze_many(["8/8/8/8/8/8/8/K6k w - -", "", "a\nb"]).to_pylist()
    assert [r["line"] for r in odd] == [1, 2, 3]
    assert odd[0]["error"] is None
    assert [r["fen"] for r in odd[1:]] == ["", "a\nb"]
    assert all(r["error"] for r in odd[1:])
    # A missing value (None, pandas' NaN, a null) is its row's error: it raised for all.
    fen = "8/8/8/8/8/8/8/K6k w - -"
    for column in ([fen, None], pd.Series([fen, float("nan")]), pa.array([fen, None])):
        rows = swapoff.analyze_many(column).to_pylist()
        assert [r["line"] for r in rows] == [1, 2]
        assert rows[0]["error"] is None
        assert rows[1]["fen"] is None and "missing" in rows[1]["error"]


def test_a_trace_draws_itself_with_numbered_captures_x_rays_and_the_stopper():
    trace = swapoff.trace("4k3/4b3/8/6n1/4N3/8/8/K3R3 w - - 0 1", "Nxg5")
    assert isinstance(trace, dict) and trace["value"] == 300
    assert trace["stopper"] == "e7" and "pinned" in trace["end"]
    svg = trace.svg()
    assert svg == trace._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    # One numbered disc per capture, and the stopper's square filled red.
    assert svg.count('class="capture-number"') == len(trace["captures"]) == 1
    assert 'font-family="sans-serif">1</text>' in svg
    assert "#cc0000" in svg
    wiki = swapoff.trace("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "Nxe5")
    svg = wiki.svg()
    assert svg.count('class="capture-number"') == len(wiki["captures"]) == 6
    assert "#ffaa00" in svg  # the x-ray queens
    assert wiki["stopper"] is None
