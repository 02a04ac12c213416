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
import os
from collections.abc import Iterable, Sequence
from typing import Any, Literal, Optional, TypedDict, Union

import numpy as np

from ._swapoff import Position as _Position
from ._swapoff import SwapoffError
from ._swapoff import scan_block as _scan_block
from ._swapoff import scan_stream as _scan_stream
from ._swapoff import see_arrow as _see_arrow
from ._swapoff import see_many as _see_many

__all__ = [
    "Analysis",
    "BySide",
    "CaptureSee",
    "ColumnName",
    "Format",
    "Hanging",
    "HangingPiece",
    "Rules",
    "Side",
    "SwapoffError",
    "Trace",
    "TraceCapture",
    "Values",
    "analyze",
    "analyze_many",
    "scan",
    "see",
    "see_ge",
    "see_many",
    "trace",
]

Values = Optional[tuple[int, int, int, int, int]]
Rules = Literal["default", "classic", "stockfish", "exact"]
Side = Literal["white", "black"]


class CaptureSee(TypedDict):
    """A capture or promotion of :func:`analyze`, with its SEE."""

    move: str
    see: int


class _HangingFields(TypedDict):
    square: str
    piece: str
    gain: int
    capture: str
    value: int


class HangingPiece(_HangingFields, total=False):
    """A piece en prise: its square, its FEN letter, what the best capture of it wins,
    that capture (UCI) and the piece's value (less than the gain when the capture
    promotes); from :func:`analyze`, that capture in SAN too (``san``)."""

    san: str


class Hanging(TypedDict):
    """Each side's pieces en prise; ``None`` for the side to move when it is in check."""

    white: list[HangingPiece] | None
    black: list[HangingPiece] | None


class Analysis(TypedDict):
    """What :func:`analyze` returns: ``seeswap scan``'s per-position fields."""

    captures: list[CaptureSee]
    best: CaptureSee | None
    balance: int
    threat: int | None
    in_check: bool
    hanging: Hanging


# `from` is a keyword, hence the functional form.
TraceCapture = TypedDict(
    "TraceCapture",
    {
        "side": Side,
        "from": str,
        "to": str,
        "piece": str,
        "captured": "str | None",
        "promotion": "str | None",
        "gain": int,
        "negamax": int,
        "played": bool,
    },
)
"""One capture of a :class:`Trace`."""


class BySide(TypedDict):
    """Pieces of each side, as ``Nd3`` (White) and ``nd7`` (Black)."""

    white: list[str]
    black: list[str]


_PROMOTION_LETTERS = {2: "n", 3: "b", 4: "r", 5: "q"}


def _position(position: Any) -> _Position:
    """A compiled position from a FEN string or a chess.Board (its bitboards)."""
    if isinstance(position, str):
        return _Position.from_fen(position)
    _refuse_variant(position)
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
            # Counters past 32 bits were PyO3's OverflowError, not a SwapoffError.
            _bounded(position.halfmove_clock, "the halfmove clock", 0, 2**32 - 1),
            _bounded(position.fullmove_number, "the fullmove number", 0, 2**32 - 1),
        )
    except AttributeError:
        raise SwapoffError(
            f"a position is a chess.Board or a FEN string, not {type(position).__name__}"
        ) from None


def _refuse_variant(board: Any) -> None:
    """python-chess's variant boards (Atomic, Crazyhouse, ...) keep a chess.Board's
    bitboards but other rules of capture: their SEE is not ordinary chess's."""
    variant = getattr(type(board), "uci_variant", "chess")
    if variant != "chess":
        raise SwapoffError(
            f"a {type(board).__name__} plays the {variant} variant; swapoff evaluates "
            "standard chess and Chess960 only"
        )


def _move_text(move: Any) -> str:
    """UCI or SAN text of a chess.Move or a string."""
    if isinstance(move, str):
        return move
    try:
        # python-chess's null move and drops (from and to one square): their UCI text
        # (`0000`, `Q@e4`), refused by what they are.
        if move.from_square == move.to_square:
            return move.uci()
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


def _bounded(value: Any, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, or an error naming ``what``."""
    number = _whole(value, what)
    if not low <= number <= high:
        raise SwapoffError(f"{what} must be from {low:,} to {high:,}, not {number:,}")
    return number


#: The most worker threads a scan starts, as ``seeswap scan --threads``.
_MAX_THREADS = 256


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


class Trace(dict[str, Any]):
    """What :func:`trace` returns: the trace as a ``dict`` (the keys of ``seeswap eval
    --trace --json``), which draws itself as a board where people look rather than read:
    in Jupyter (``_repr_svg_``), or as SVG text with :meth:`svg`. Needs python-chess
    (the ``[chess]`` extra).

    On the board: an arrow for each capture, numbered in order (green: played; grey:
    after a side stands pat, not played), the target square crossed, the x-ray attackers
    on orange squares and the piece that does not take (the ``end`` reason) on a red one.
    """

    def __init__(self, fields: dict, fen: str) -> None:
        super().__init__(fields)
        self.fen = fen

    def svg(self, size: int = 400) -> str:
        """The board with the exchange drawn on it, as SVG text (python-chess's
        ``chess.svg``)."""
        import chess
        import chess.svg

        try:
            board = chess.Board(self.fen)
        except ValueError:
            board = chess.Board(self.fen, chess960=True)
        played = self["played"]
        arrows = [
            chess.svg.Arrow(
                chess.parse_square(c["from"]),
                chess.parse_square(c["to"]),
                color="#15781B" if d < played else "#888888",
            )
            for d, c in enumerate(self["captures"])
        ]
        fill = {}
        for name in self["xrays"]["white"] + self["xrays"]["black"]:
            fill[chess.parse_square(name[-2:])] = "#ffaa0099"
        if self.get("stopper"):
            fill[chess.parse_square(self["stopper"])] = "#cc000099"
        target = self["captures"][0]["to"] if self["captures"] else None
        squares = [chess.parse_square(target)] if target else []
        text = chess.svg.board(board, arrows=arrows, fill=fill, squares=squares, size=size)
        return text.replace("</svg>", "".join(self._labels()) + "</svg>")

    def _labels(self) -> list[str]:
        """A numbered disc on each capture's arrow, a third of the way from its tail (the
        arrows meet at the target square), in chess.svg's coordinates: a 15-unit margin,
        45 units a square, White at the bottom."""

        def centre(name: str) -> tuple[float, float]:
            file, rank = ord(name[0]) - ord("a"), int(name[1]) - 1
            return 15 + 45 * file + 22.5, 15 + 45 * (7 - rank) + 22.5

        labels = []
        for d, c in enumerate(self["captures"], start=1):
            (x0, y0), (x1, y1) = centre(c["from"]), centre(c["to"])
            x, y = x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3
            labels.append(
                f'<circle class="capture-number" cx="{x:.1f}" cy="{y:.1f}" r="8" '
                'fill="white" stroke="black"/>'
                f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" '
                f'font-family="sans-serif">{d}</text>'
            )
        return labels

    def _repr_svg_(self) -> str:
        return self.svg()


def trace(
    position: Any, move: Any, *, rules: Rules = "default", values: Values = None
) -> Trace:
    """How the exchange goes, as ``seeswap eval --trace --json`` gives it: a
    :class:`Trace`, a ``dict`` that Jupyter draws as a board.

    Keys: ``attackers`` and ``xrays`` (``{"white": ["Nd3", ...], "black": ["nd7", ...]}``,
    FEN letters: upper case White, lower case Black), ``captures`` (each with ``side``,
    ``from``, ``to``, ``piece``, ``captured``, ``promotion``, ``gain``, ``negamax``,
    ``played``), ``gains`` and ``negamax`` (the gain list before and after negamax),
    ``played``, ``stands_pat``, ``end`` (why the last side does not take: no attacker left,
    pinned, in check, the king rule, standing pat), ``stopper`` (the square of the piece
    ``end`` is about, or ``None``) and ``value``.
    """
    compiled = _position(position)
    text = compiled.trace(_move_text(move), rules, _values(values))
    return Trace(json.loads(text), compiled.fen())


def analyze(position: Any, *, rules: Rules = "default", values: Values = None) -> Analysis:
    """The per-position fields of ``seeswap scan``'s JSON, with the same names and values.

    ``captures`` (every capture and promotion ``{"move", "see"}``, best first), ``best``,
    ``balance``, ``threat`` (``None`` in check), ``in_check`` and ``hanging``
    (``{"white": [{"square", "piece", "gain", "capture", "value"}], "black": [...]}``).
    """
    return json.loads(_position(position).analyze(rules, _values(values)))


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
    first one. Arrow strings (a pyarrow array, a polars series, a pandas series of pyarrow
    strings) are read in place, with no Python string made: about twice as fast as lists.
    """
    threshold = None if threshold is None else _threshold(threshold)
    values = _values(values)
    arrow = _arrow_strings(fens), _arrow_strings(moves)
    if arrow[0] is not None and arrow[1] is not None:
        # Arrow strings (pyarrow, polars, pandas' pyarrow strings) are read in place.
        data = _see_arrow(arrow[0], arrow[1], rules, values, threshold)
        return _answers(data, threshold)
    fens, moves = _listed(fens), _listed(moves)
    try:
        data = _see_many(fens, moves, rules, values, threshold)
    except TypeError:
        # Something that is not a string: say which row (the fast path does not look).
        data = _see_many(
            _strings(fens, "fens"), _strings(moves, "moves"), rules, values, threshold
        )
    return _answers(data, threshold)


def _answers(data: bytes, threshold: int | None) -> np.ndarray:
    if threshold is None:
        return np.frombuffer(data, dtype="<i4").astype(np.int32)
    return np.frombuffer(data, dtype=np.uint8).astype(bool)


def _arrow_strings(items: Any) -> tuple[Any, Any] | None:
    """The Arrow C data capsules of a column of strings that is Arrow data already (a
    pyarrow array, a polars series, a pandas series of pyarrow strings), else ``None``."""
    module = type(items).__module__.split(".")[0]
    if module not in ("pyarrow", "polars", "pandas"):
        return None
    try:
        import pyarrow as pa
    except ImportError:
        return None
    if module == "polars":
        items = items.to_arrow()
    elif module == "pandas":
        array = getattr(items, "array", None)
        if not hasattr(array, "__arrow_array__"):
            return None
        items = pa.array(array)
    if isinstance(items, pa.ChunkedArray):
        items = items.combine_chunks()
    if not isinstance(items, pa.Array):
        return None
    kind = items.type
    # String views came with pyarrow 16.
    is_view = getattr(pa.types, "is_string_view", lambda _: False)
    if not (pa.types.is_string(kind) or pa.types.is_large_string(kind) or is_view(kind)):
        return None
    return items.__arrow_c_array__()


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


def _strings(items: Any, name: str, nulls: bool = False) -> list:
    """The items as text: strings, bytes (decoded), ``chess.Board``\ s (their FEN) and
    ``chess.Move``\ s (UCI); with ``nulls``, a missing value (``None``, or pandas' NaN)
    stays ``None``. An error names the first other row."""
    out = []
    for i, item in enumerate(items):
        if nulls and (item is None or (isinstance(item, float) and item != item)):
            item = None
        elif isinstance(item, bytes):
            item = item.decode("utf-8", "replace")
        elif not isinstance(item, str):
            if hasattr(item, "from_square") and hasattr(item, "to_square"):
                item = _move_text(item)
            elif hasattr(item, "occupied_co") and hasattr(item, "fen"):
                _refuse_variant(item)
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
    and ``error`` the reason a position could not be read (null otherwise; a missing
    value, ``None`` or pandas' NaN, is such a row, not an exception). Needs pyarrow
    (the ``[dask]`` extra); ``.to_pandas()`` or ``polars.from_arrow`` make a frame of it.
    """
    try:
        import pyarrow as pa
    except ImportError:
        raise SwapoffError("analyze_many needs pyarrow: pip install pyarrow") from None
    # A missing position is its row's error, as a null cell of a table is.
    texts = _strings(_listed(positions), "positions", nulls=True)
    # A row per position, in order, read as a table's rows (not joined into text).
    stream = _scan_block(texts, "", "epd", rules, _values(values), 1, [])
    table = pa.RecordBatchReader._import_from_c_capsule(stream).read_all()
    # A position that cannot be read keeps its text beside its error.
    import pyarrow.compute as pc

    fen = pc.coalesce(table["fen"], pa.array(texts, pa.string()))
    table = table.set_column(table.schema.get_field_index("fen"), "fen", fen)
    return table.drop_columns(["file", "game", "ply"])


#: A file format ``scan`` is told (``None``: from each file's content).
Format = Literal["epd", "pgn", "csv", "jsonl", "parquet"]
# Aliases are evaluated at run time: `Union`, not `|`, for Python 3.9.
_Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
_Paths = Union[_Path, Sequence[_Path]]


def _format(format: Format | None) -> str:
    """A format as the Rust readers take it (``"auto"``: told from the content)."""
    if format not in (None, "epd", "pgn", "csv", "jsonl", "parquet"):
        raise ValueError(
            f"format is 'epd', 'pgn', 'csv', 'jsonl', 'parquet' or None, not {format!r}"
        )
    return format or "auto"


#: A row column ``columns=`` can ask for: the default rows' columns, then those asked for
#: by name only (``turn``, ``eval_cp``, ``eval_mate``, ``white_elo``, ``black_elo``).
ColumnName = Literal[
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
    "played",
    "played_san",
    "played_see",
    "clock",
    "eval",
    "turn",
    "eval_cp",
    "eval_mate",
    "white_elo",
    "black_elo",
]


def _name(name: object, what: str) -> str:
    """A name that must be a string: anything else is refused, not written out as one
    (``None`` would have become a column or tag named ``"None"``)."""
    if not isinstance(name, str):
        raise TypeError(f"{what} must be a string, not {type(name).__name__}")
    return name


def _names(names: Sequence[str], what: str) -> list[str]:
    """Names given as a list of strings; one string is refused, as it would be read
    letter by letter."""
    if isinstance(names, (str, bytes)):
        raise TypeError(f"{what} is a list of names, not a string")
    if not isinstance(names, Iterable):
        raise TypeError(f"{what} is a list of names, not {type(names).__name__}")
    return [_name(n, f"{what}[{i}]") for i, n in enumerate(names)]


def _columns(columns: Sequence[ColumnName] | None) -> str | None:
    """Row columns as the Rust readers take them: one comma-separated list."""
    if columns is None:
        return None
    return ",".join(_names(columns, "columns"))


def _table_options(
    fen_column: str, moves_column: str | None, apply: Any, movetext_column: str
) -> tuple[str, str | None, int, str]:
    """How a table is read, as the Rust readers take it."""
    return (
        _name(fen_column, "fen_column"),
        None if moves_column is None else _name(moves_column, "moves_column"),
        _bounded(apply, "apply", 0, 2**32 - 1),
        _name(movetext_column, "movetext_column"),
    )


def _files(paths: _Paths) -> list[str]:
    """Every file the paths name: a pattern (``*``, ``?``, ``[...]``) is expanded and
    sorted, a path without one stays as it is (``-`` is standard input). A path may be
    ``bytes``, as ``open`` takes it; one ``bytes`` path is not a list of numbers."""
    import glob

    one = isinstance(paths, (str, bytes, os.PathLike))
    items = [paths] if one else list(paths)  # type: ignore[list-item]
    files: list[str] = []
    for item in items:
        text = os.fsdecode(item)
        if glob.has_magic(text):
            found = sorted(glob.glob(text))
            if not found:
                raise FileNotFoundError(f"no file matches {text!r}")
            files.extend(found)
        else:
            files.append(text)
    if not files:
        raise FileNotFoundError("no file to scan")
    return files


def scan(
    paths: _Paths,
    *,
    rules: Rules = "default",
    values: Values = None,
    format: Format | None = None,
    tags: Sequence[str] = (),
    fen_column: str = "fen",
    moves_column: str | None = None,
    apply: int = 1,
    movetext_column: str = "movetext",
    threads: int = 0,
    columns: Sequence[ColumnName] | None = None,
) -> Any:
    """``seeswap scan``'s rows of the files ``paths`` names (a path, a glob, or a list of
    them) as a ``pyarrow.RecordBatchReader``: the rows are made on every core (``threads``:
    0 for one per core, at most 256) while the reader is read, a batch of a few tens of
    thousands of rows at a time, so memory stays flat whatever the files' size. The
    columns are ``seeswap scan --parquet``'s with ``file`` and ``error`` (why a line, game
    or file was skipped; null on positions); the options are the command's flags of the
    same names.
    ``columns`` keeps only those columns (``file``, the tags and ``error`` stay), and only
    what they need is computed, as ``seeswap scan --columns``.
    DuckDB queries the reader directly and polars reads it (``polars.from_arrow``); this
    is the one-machine path, :func:`swapoff.dask.scan` the cluster one. Needs pyarrow.
    """
    try:
        import pyarrow as pa
    except ImportError:
        raise SwapoffError("scan needs pyarrow: pip install pyarrow") from None
    stream = _scan_stream(
        _files(paths),
        rules,
        _values(values),
        _format(format),
        _names(tags, "tags"),
        *_table_options(fen_column, moves_column, apply, movetext_column),
        _bounded(threads, "threads", 0, _MAX_THREADS),
        _columns(columns),
    )
    return pa.RecordBatchReader._import_from_c_capsule(stream)
