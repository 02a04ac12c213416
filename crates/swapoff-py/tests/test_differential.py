"""swapoff.scan against python-chess on seeded mutations of real games: byte flips,
deletions and duplications aimed at the braces, brackets, quotes and parentheses that give
PGN its shape. Every game python-chess reads without an error comes out of swapoff.scan
with the same moves, or stops at a move and is reported there; and the whole run ends
within a time bound (a reader that stands still fails it, not hangs it)."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parents[3]
PGN = ROOT / "testdata" / "pgn"
# Standard chess games with tags, comments, variations and NAGs (python-chess's samples).
GAMES = [
    "kasparov-deep-blue-1997.pgn",
    "stockfish-learning.pgn",
    "nepomniachtchi-liren-game1.pgn",
    "anastasian-lewis.pgn",
    "molinari-bordais-1979.pgn",
    "chessbase-empty-line.pgn",
]
SHAPE = b'{}[]()";'
ROUNDS = int(__import__("os").environ.get("DIFF_ROUNDS", "240"))
# Seconds for swapoff to read every mutated file: a few are needed.
BOUND = 180

# Reads each file named on the command line with swapoff.scan and prints, per file, its
# rows' game, played move and error. Run in a process of its own, so that a reading that
# never ended would be killed at the bound rather than hang the tests.
SCAN = """
import json, sys
import swapoff
out = {}
for path in sys.argv[1:]:
    reader = swapoff.scan(path, format="pgn", columns=["game", "ply", "played"], threads=1)
    rows = reader.read_all().select(["game", "played", "error"]).to_pylist()
    out[path] = rows
json.dump(out, sys.stdout)
"""


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to four flips, deletions or duplications, most at PGN's punctuation."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        spots = [i for i, b in enumerate(out) if b in SHAPE]
        if spots and rng.random() < 0.8:
            at = rng.choice(spots)
        else:
            at = rng.randrange(len(out))
        kind = rng.randrange(3)
        if kind == 0:
            out[at] = rng.choice(SHAPE + b" \n")
        elif kind == 1:
            del out[at : at + rng.randint(1, 8)]
        else:
            out[at:at] = out[at : at + rng.randint(1, 8)]
    return bytes(out)


def clean_games(data: bytes) -> list[tuple[int, list[str]]]:
    """The number (from 1, as python-chess returns them) and mainline (UCI) of every
    standard game python-chess reads without an error."""
    handle = io.StringIO(data.decode("utf-8", errors="replace"))
    games = []
    number = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        number += 1
        if game.errors or type(game.board()) is not chess.Board or game.board().chess960:
            continue
        moves = [move.uci() for move in game.mainline_moves()]
        if moves:
            games.append((number, moves))
    return games


def swapoff_games(rows: list[dict]) -> tuple[dict[int, list[str]], set[int]]:
    """Each game's moves played, by game number, and the games reported."""
    games: dict[int, list[str]] = {}
    reported: set[int] = set()
    for row in rows:
        game = row["game"]
        if game is None:
            continue
        if row["error"] is not None:
            reported.add(game)
        elif row["played"] is not None:
            games.setdefault(game, []).append(row["played"])
        else:
            games.setdefault(game, [])
    return games, reported


def test_every_game_python_chess_reads_comes_out_the_same_or_reported(
    tmp_path: Path,
) -> None:
    rng = random.Random(20261207)
    originals = [(PGN / name).read_bytes() for name in GAMES]
    files: list[Path] = []
    for round_ in range(ROUNDS):
        path = tmp_path / f"m{round_:03}.pgn"
        path.write_bytes(mutate(rng.choice(originals), rng))
        files.append(path)
    done = subprocess.run(
        [sys.executable, "-c", SCAN, *map(str, files)],
        capture_output=True,
        text=True,
        timeout=BOUND,
    )
    assert done.returncode == 0, done.stderr
    scanned = json.loads(done.stdout)
    compared = 0
    for path in files:
        games, reported = swapoff_games(scanned[str(path)])
        for number, moves in clean_games(path.read_bytes()):
            same = any(found == moves for found in games.values())
            # Or reported at its place: that game stopped (at a move python-chess reads, or
            # before its first: an unclosed comment at the end costs the game) with a note.
            found = games.get(number, [])
            stopped = number in reported and moves[: len(found)] == found
            assert same or stopped, (
                f"{path.name}: python-chess reads game {number} as {moves}; "
                f"swapoff {games}, reported {sorted(reported)}"
            )
            compared += 1
    # The mutations leave most games readable: the comparison is not empty.
    assert compared > ROUNDS
