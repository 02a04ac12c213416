/** The rule sets: `default` (pins, discovered checks, the king rule, promotions), `classic` (the textbook swap list), `stockfish` (Stockfish's see_ge), `exact` (a search over every legal capture). */
export type Rules = "default" | "classic" | "stockfish" | "exact";

/** Piece values: five numbers (pawn, knight, bishop, rook, queen) or an object naming them. */
export type Values =
  | readonly [number, number, number, number, number]
  | { pawn: number; knight: number; bishop: number; rook: number; queen: number };

/**
 * A move: SAN (`Nxe5`) or UCI (`f3e5`) text, a chess.js move object (its `lan`), or
 * `{from, to, promotion?}` with squares as names (chess.js) or numbers (chessops: 0 = a1 ...
 * 63 = h8) and the promotion as a letter in either case or chessops's role (`"queen"`).
 */
export type MoveLike =
  | string
  | { lan: string }
  | { from: string | number; to: string | number; promotion?: string };

/** Options of every question. */
export interface Options {
  /** The rule set; `default` when not given. */
  rules?: Rules;
  /** The piece values; the rule set's own when not given. */
  values?: Values;
}

/** Options of `see` and `seeMany`: with a threshold, the answer is whether SEE >= threshold. */
export interface SeeOptions extends Options {
  threshold?: number;
}

/** A capture or promotion and its SEE. */
export interface Capture {
  /** UCI. */
  move: string;
  see: number;
}

/** A piece the other side wins material against. */
export interface HangingPiece {
  square: string;
  /** FEN letter: upper case White, lower case Black. */
  piece: string;
  /** What the other side's best capture on it gains (more than `value` when it promotes). */
  gain: number;
  /** That capture, in UCI (`b4c3`): the arrow to draw. */
  capture: string;
  /** The piece's value under the piece values asked. */
  value: number;
  /** That capture in SAN (`Bxc3`), as its side would write it were it to move. */
  san: string;
}

/** What `seeswap scan` reports of a position. */
export interface Analysis {
  /** Every capture and promotion of the side to move, best first. */
  captures: Capture[];
  best: Capture | null;
  /** The best capture's SEE, or 0 (standing pat) when none gains. */
  balance: number;
  /** The other side's best gain were it to move; null in check. */
  threat: number | null;
  in_check: boolean;
  /** Each side's hanging pieces; the side to move's are null in check (it must answer the check). */
  hanging: { white: HangingPiece[] | null; black: HangingPiece[] | null };
}

/** One capture of an exchange. */
export interface TraceCapture {
  side: "white" | "black";
  from: string;
  to: string;
  /** FEN letter of the capturing piece. */
  piece: string;
  captured: string | null;
  promotion: string | null;
  /** The capturing side's balance if the exchange stopped after it. */
  gain: number;
  /** Its balance with best play from there on. */
  negamax: number;
  /** Whether it is played (not cut off by a side standing pat). */
  played: boolean;
}

/** The exchange a move starts, as `seeswap eval --trace --json` gives it. */
export interface Trace {
  /** Pieces attacking the square directly (`Nd3` White, `nd6` Black). */
  attackers: { white: string[]; black: string[] };
  /** Pieces that join once pieces in front of them have left. */
  xrays: { white: string[]; black: string[] };
  captures: TraceCapture[];
  gains: number[];
  negamax: number[];
  /** How many captures are played. */
  played: number;
  stands_pat: "white" | "black" | null;
  /** Why the side after the last capture does not take. */
  end: string;
  /** The square of the piece `end` is about; null when no attacker is left. */
  stopper: string | null;
  value: number;
}

/** The SEE value of `move` in `fen`, from the mover's side. Throws an `Error` naming what is wrong. */
export function see(fen: string, move: MoveLike, options?: Options & { threshold?: undefined }): number;
/** Whether the SEE value of `move` is at least `options.threshold`. */
export function see(fen: string, move: MoveLike, options: Options & { threshold: number }): boolean;
/** Options built in a variable (`{ threshold?: number }`): the value, or the test when a threshold is set. */
export function see(fen: string, move: MoveLike, options?: Options & { threshold?: number }): number | boolean;
/** The SEE of `moves[i]` in `fens[i]` for every i. A bad row throws, naming its index. */
export function seeMany(fens: string[], moves: MoveLike[], options?: Options & { threshold?: undefined }): Int32Array;
/** Whether the SEE of `moves[i]` in `fens[i]` is at least `options.threshold`, for every i. */
export function seeMany(fens: string[], moves: MoveLike[], options: Options & { threshold: number }): boolean[];
/** Options built in a variable: the values, or the tests when a threshold is set. */
export function seeMany(
  fens: string[],
  moves: MoveLike[],
  options?: Options & { threshold?: number },
): Int32Array | boolean[];
/** Every capture with its SEE and each side's hanging pieces, as `seeswap scan` reports them. */
export function analyze(fen: string, options?: Options): Analysis;
/** The exchange `move` starts, step by step, with why it ends. */
export function trace(fen: string, move: MoveLike, options?: Options): Trace;
/** The FEN as swapoff reads it (validated; move counters added when missing). */
export function normalizeFen(fen: string): string;
/** The FEN after a legal move. */
export function play(fen: string, move: MoveLike): string;
/** Every legal move of the position. */
export function legalMoves(fen: string): { uci: string; san: string }[];
