"""Type stubs of the compiled module (the Rust half of the package)."""

_Values = tuple[int, int, int, int, int] | None  # whole numbers

class SwapoffError(ValueError):
    """A position, move, rule set or piece values that swapoff cannot use."""

class Position:
    @staticmethod
    def from_fen(fen: str) -> Position: ...
    @staticmethod
    def from_bitboards(
        white: int,
        black: int,
        pawns: int,
        knights: int,
        bishops: int,
        rooks: int,
        queens: int,
        kings: int,
        white_to_move: bool,
        castling: int,
        ep_square: int | None,
        chess960: bool,
        halfmoves: int,
        fullmoves: int,
    ) -> Position: ...
    def fen(self) -> str: ...
    def see(self, mv: str, rules: str, values: _Values = None) -> int: ...
    def see_ge(
        self, mv: str, threshold: int, rules: str, values: _Values = None
    ) -> bool: ...
    def trace(self, mv: str, rules: str, values: _Values = None) -> str: ...
    def analyze(self, rules: str, values: _Values = None) -> str: ...

def see_many(
    fens: list[str],
    moves: list[str],
    rules: str,
    values: _Values = None,
    threshold: int | None = None,
) -> bytes: ...
def see_arrow(
    fens: tuple[object, object],  # `__arrow_c_array__`'s schema and array capsules
    moves: tuple[object, object],
    rules: str,
    values: _Values = None,
    threshold: int | None = None,
) -> bytes: ...
def scan_block(
    data: bytes | list[str] | object,  # FENs, or an "arrow_array_stream" PyCapsule
    name: str,
    format: str,
    rules: str,
    values: _Values = None,
    first_line: int = 1,
    tags: list[str] = ...,
    fen_column: str = "fen",
    moves_column: str | None = None,
    apply: int = 1,
    movetext_column: str = "movetext",
    columns: str | None = None,
) -> object: ...  # a PyCapsule named "arrow_array_stream" (the Arrow C stream)
def scan_stream(
    paths: list[str],
    rules: str,
    values: _Values = None,
    format: str = "auto",
    tags: list[str] = ...,
    fen_column: str = "fen",
    moves_column: str | None = None,
    apply: int = 1,
    movetext_column: str = "movetext",
    threads: int = 0,
    columns: str | None = None,
) -> object: ...  # a PyCapsule named "arrow_array_stream" (the Arrow C stream)
def sniff(head: bytes) -> tuple[str | None, str | None]: ...
