"""Static Exchange Evaluation (SEE) for chess.

SEE answers one question: if a move starts a sequence of captures on one square, what
material does the mover win or lose? The work is done by compiled Rust code, the same that
the ``seeswap`` command-line tool runs, so both give the same answers.

Positions are ``chess.Board`` objects (read from their bitboards, Chess960 included) or
FEN strings; moves are ``chess.Move`` objects, UCI strings or SAN strings. Rule sets are
``"default"``, ``"classic"``, ``"stockfish"`` and ``"exact"``; ``values`` is a
``(P, N, B, R, Q)`` tuple or ``None`` for the rule set's own (100, 300, 300, 500, 900, or
Stockfish's 208, 781, 825, 1276, 2538 for ``"stockfish"``).

Every bad input raises :class:`SwapoffError`, a :class:`ValueError`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, Optional

import numpy as np

from ._swapoff import Position as _Position
from ._swapoff import SwapoffError
from ._swapoff import scan_block as _scan_block
from ._swapoff import see_many as _see_many

__all__ = [
    "Rules",
    "SwapoffError",
    "Values",
    "analyze",
    "see",
    "see_ge",
    "see_many",
    "trace",
]

Values = Optional[tuple[int, int, int, int, int]]
Rules = Literal["default", "classic", "stockfish", "exact"]

_PROMOTION_LETTERS = {2: "n", 3: "b", 4: "r", 5: "q"}


def _position(position: Any) -> _Position:
    """A compiled position from a FEN string or a chess.Board (its bitboards)."""
    if isinstance(position, str):
        return _Position.from_fen(position)
    # python-chess's variant boards (Atomic, Crazyhouse, ...) keep a chess.Board's
    # bitboards but other rules of capture: their SEE is not ordinary chess's.
    variant = getattr(type(position), "uci_variant", "chess")
    if variant != "chess":
        raise SwapoffError(
            f"a {type(position).__name__} plays the {variant} variant; swapoff evaluates "
            "standard chess and Chess960 only"
        )
    try:
        occupied_co = position.occupied_co
        return _Position.from_bitboards(
            occupied_co[1],
            occupied_co[0],
            position.pawns,
            position.knights,
            position.bishops,
            position.rooks,
            position.queens,
            position.kings,
            bool(position.turn),
            position.castling_rights,
            position.ep_square,
            bool(position.chess960),
            position.halfmove_clock,
            position.fullmove_number,
        )
    except AttributeError:
        raise SwapoffError(
            f"a position is a chess.Board or a FEN string, not {type(position).__name__}"
        ) from None


def _move_text(move: Any) -> str:
    """UCI or SAN text of a chess.Move or a string."""
    if isinstance(move, str):
        return move
    try:
        text = _SQUARES[move.from_square] + _SQUARES[move.to_square]
        if move.promotion:
            text += _PROMOTION_LETTERS.get(move.promotion, "?")
        return text
    except (AttributeError, IndexError, TypeError):
        raise SwapoffError(
            f"a move is a chess.Move or a UCI/SAN string, not {type(move).__name__}"
        ) from None


_SQUARES = [f + r for r in "12345678" for f in "abcdefgh"]


def _whole(value: Any, what: str) -> int:
    """A whole number (an int or a NumPy integer, not a bool or a float), or an error."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise SwapoffError(f"{what} must be a whole number, not {value!r}")
    value = int(value)
    if not -(2**63) <= value < 2**63:
        raise SwapoffError(f"{what} {value} is out of range")
    return value


def _values(values: Values) -> Values:
    if values is None:
        return None
    try:
        listed = list(values)
    except TypeError:
        listed = []
    if len(listed) != 5:
        raise SwapoffError(f"values are five whole numbers (P, N, B, R, Q), not {values!r}")
    p, n, b, r, q = (_whole(v, "a piece value") for v in listed)
    return (p, n, b, r, q)


def _threshold(threshold: Any) -> int:
    return _whole(threshold, "the threshold")


def see(
    position: Any, move: Any, *, rules: Rules = "default", values: Values = None
) -> int:
    """The SEE value of ``move`` in ``position``, from the mover's side."""
    return _position(position).see(_move_text(move), rules, _values(values))


def see_ge(
    position: Any,
    move: Any,
    threshold: int = 0,
    *,
    rules: Rules = "default",
    values: Values = None,
) -> bool:
    """Whether the SEE value of ``move`` is at least ``threshold`` (faster than ``see``)."""
    return _position(position).see_ge(
        _move_text(move), _threshold(threshold), rules, _values(values)
    )


def trace(
    position: Any, move: Any, *, rules: Rules = "default", values: Values = None
) -> dict:
    """How the exchange goes, as ``seeswap eval --trace --json`` gives it.

    Keys: ``attackers`` and ``xrays`` (``{"white": ["Nd3", ...], "black": [...]}``),
    ``captures`` (each with ``side``, ``from``, ``to``, ``piece``, ``captured``,
    ``promotion``, ``gain``, ``negamax``, ``played``), ``gains`` and ``negamax`` (the gain
    list before and after negamax), ``played``, ``stands_pat`` and ``value``.
    """
    text = _position(position).trace(_move_text(move), rules, _values(values))
    return json.loads(text)


def analyze(position: Any, *, rules: Rules = "default", values: Values = None) -> dict:
    """The per-position fields of ``seeswap scan``'s JSON, with the same names and values.

    ``captures`` (every capture and promotion ``{"move", "see"}``, best first), ``best``,
    ``balance``, ``threat`` (``None`` in check), ``in_check`` and ``hanging``
    (``{"white": [{"square", "piece", "gain"}], "black": [...]}``).
    """
    return json.loads("{" + _position(position).analyze(rules, _values(values)) + "}")


def see_many(
    fens: Sequence[str] | np.ndarray,
    moves: Sequence[str] | np.ndarray,
    *,
    rules: Rules = "default",
    values: Values = None,
    threshold: int | None = None,
) -> np.ndarray:
    """SEE of many ``(position, move)`` pairs on every core, with the GIL released.

    Positions and moves are what :func:`see` takes (FEN strings or ``chess.Board``\ s, UCI
    or SAN strings or ``chess.Move``\ s), in a list, a tuple, a NumPy array, or a pandas,
    polars or pyarrow column. Returns int32 values, or booleans ``SEE >= threshold`` when
    a threshold is given. A bad pair raises :class:`SwapoffError` naming the index of the
    first one.
    """
    threshold = None if threshold is None else _threshold(threshold)
    values = _values(values)
    fens, moves = _listed(fens), _listed(moves)
    try:
        data = _see_many(fens, moves, rules, values, threshold)
    except TypeError:
        # Something that is not a string: say which row (the fast path does not look).
        data = _see_many(
            _strings(fens, "fens"), _strings(moves, "moves"), rules, values, threshold
        )
    if threshold is None:
        return np.frombuffer(data, dtype="<i4").astype(np.int32)
    return np.frombuffer(data, dtype=np.uint8).astype(bool)


def _listed(items: Any) -> Any:
    """A list or tuple of a column: NumPy (``tolist``), pyarrow (``to_pylist``), polars
    (``to_list``), pandas (``tolist``); other sequences as they are."""
    if isinstance(items, (str, bytes)):
        raise SwapoffError("give a sequence of positions or moves, not one string")
    if isinstance(items, (list, tuple)):
        return items
    for method in ("to_pylist", "to_list", "tolist"):
        convert = getattr(items, method, None)
        if callable(convert):
            return convert()
    return list(items)


def _strings(items: Any, name: str) -> list:
    """The items as text: strings, bytes (decoded), ``chess.Board``\ s (their FEN) and
    ``chess.Move``\ s (UCI); an error names the first other row."""
    out = []
    for i, item in enumerate(items):
        if isinstance(item, bytes):
            item = item.decode("utf-8", "replace")
        elif not isinstance(item, str):
            if hasattr(item, "from_square") and hasattr(item, "to_square"):
                item = _move_text(item)
            elif hasattr(item, "occupied_co") and hasattr(item, "fen"):
                _position(item)  # variant boards are refused, by name
                item = item.fen()
            else:
                kind = type(item).__name__
                raise SwapoffError(f"row {i}: {name} holds {kind}, not a string")
        out.append(item)
    return out


def analyze_many(
    positions: Sequence[Any] | np.ndarray,
    *,
    rules: Rules = "default",
    values: Values = None,
) -> Any:
    """:func:`analyze` of many positions (FEN strings or ``chess.Board``\\ s, in any column
    :func:`see_many` takes) on every core, as a ``pyarrow.Table`` with the columns of
    ``seeswap scan --parquet``: one row per position, in order, ``line`` its index from 1,
    and ``error`` the reason a position could not be read (null otherwise). Needs pyarrow
    (the ``[dask]`` extra); ``.to_pandas()`` or ``polars.from_arrow`` make a frame of it.
    """
    try:
        import pyarrow as pa
    except ImportError:
        raise SwapoffError("analyze_many needs pyarrow: pip install pyarrow") from None
    texts = _strings(_listed(positions), "positions")
    for i, text in enumerate(texts):
        # One line a position, so that every position gives exactly one row.
        if (
            not text.strip()
            or text.lstrip().startswith("#")
            or "\n" in text
            or "\r" in text
        ):
            raise SwapoffError(f"row {i}: {text!r} is not one FEN")
    data = "\n".join(texts).encode()
    stream = _scan_block(data, "", "epd", rules, _values(values), 1, [])
    table = pa.ipc.open_stream(stream).read_all()
    return table.drop_columns(["file", "game", "ply"])
