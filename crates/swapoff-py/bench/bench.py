"""Speed of the swapoff Python package beside python-chess, measured in one run.

Usage: python crates/swapoff-py/bench/bench.py [PAIRS_FILE]   (FEN;UCI lines; default the
repository's testdata/positions/see_pairs_head.txt)

Prints, per pair or per call, the best of several rounds:
- see_many over all pairs (every core) against python-chess's chess.Board(fen);
- swapoff.see(board, move) on a chess.Board against board.fen().
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import chess

import swapoff

ROOT = Path(__file__).resolve().parents[3]


def best_of(rounds: int, f) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    path = (
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else ROOT / "testdata/positions/see_pairs_head.txt"
    )
    rows = [line.split(";")[:2] for line in path.read_text().splitlines() if ";" in line]
    fens = [f for f, _ in rows]
    moves = [m for _, m in rows]
    n = len(rows)
    many = best_of(5, lambda: swapoff.see_many(fens, moves)) / n
    parse = best_of(3, lambda: [chess.Board(f) for f in fens]) / n
    boards = [chess.Board(f) for f in fens]
    uci = [chess.Move.from_uci(m) for m in moves]
    see = best_of(3, lambda: [swapoff.see(b, m) for b, m in zip(boards, uci)]) / n
    fen = best_of(3, lambda: [b.fen() for b in boards]) / n
    print(f"{n} pairs from {path.name}")
    print(f"see_many per pair        {many * 1e9:8.0f} ns")
    print(f"chess.Board(fen)         {parse * 1e9:8.0f} ns   ratio {many / parse:.4f}")
    print(f"see(board, move)         {see * 1e9:8.0f} ns")
    print(f"board.fen()              {fen * 1e9:8.0f} ns   ratio {see / fen:.3f}")


if __name__ == "__main__":
    main()
