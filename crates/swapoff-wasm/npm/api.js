// The package's API over the compiled half (./wasm/swapoff_wasm.js, made by wasm-bindgen):
// options objects, JSON parsed into objects, booleans for thresholds. Every answer and
// message comes from the Rust code the seeswap tool runs. index.js and node.js load the
// WebAssembly before this module is used.
import * as raw from "./wasm/swapoff_wasm.js";

const RULES = ["default", "classic", "stockfish", "exact"];
const PIECES = ["pawn", "knight", "bishop", "rook", "queen"];

function text(value, what) {
  if (typeof value !== "string") {
    throw new TypeError(`${what} must be a string, not ${describe(value)}`);
  }
  return value;
}

function describe(value) {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

/** A square's name (`e4`), from a name or from chessops's number (0 = a1 ... 63 = h8). */
function squareName(square) {
  if (typeof square === "string") return square;
  if (Number.isInteger(square) && square >= 0 && square < 64) {
    return "abcdefgh"[square % 8] + (Math.floor(square / 8) + 1);
  }
  return null;
}

/** A promotion's UCI letter, from a letter in either case (`q`, `Q`) or chessops's role (`queen`). */
const PROMOTIONS = { q: "q", r: "r", b: "b", n: "n", queen: "q", rook: "r", bishop: "b", knight: "n" };

/**
 * A move as text: a SAN or UCI string, a chess.js move object (its `lan`), or an object
 * with `from`/`to` as names (chess.js) or numbers (chessops) and an optional promotion.
 */
function moveText(move) {
  if (typeof move === "string") return move;
  if (move && typeof move === "object") {
    if (typeof move.lan === "string") return move.lan;
    const from = squareName(move.from);
    const to = squareName(move.to);
    if (from !== null && to !== null) {
      if (move.promotion === undefined || move.promotion === null) return from + to;
      const letter = PROMOTIONS[String(move.promotion).toLowerCase()];
      if (letter === undefined) {
        throw new TypeError(`a promotion is q, r, b or n (or queen, rook, bishop, knight), not ${describe(move.promotion)}`);
      }
      return from + to + letter;
    }
  }
  throw new TypeError(`a move must be SAN or UCI text, or an object with from and to, not ${describe(move)}`);
}

// The options each question takes: a misspelt or misplaced one (`rule`, a threshold given
// to analyze) is refused, not ignored, so that it cannot give another question's answer.
const SEE_OPTIONS = ["rules", "values", "threshold"];
const OPTIONS = ["rules", "values"];

function options(opts, known) {
  // Rules stay undefined when not given: the default call passes no string to WebAssembly.
  if (opts === undefined || opts === null) return { rules: undefined, values: undefined };
  if (typeof opts !== "object" || Array.isArray(opts)) {
    throw new TypeError(`options must be an object, not ${describe(opts)}`);
  }
  for (const name of Object.keys(opts)) {
    // One set to undefined is one not given (as `rules ?? undefined` reads it below).
    if (!known.includes(name) && opts[name] !== undefined) {
      throw new TypeError(`unknown option ${JSON.stringify(name)}: this question takes ${known.join(", ")}`);
    }
  }
  const rules = opts.rules ?? undefined;
  if (rules !== undefined && typeof rules !== "string") throw new TypeError(`rules must be one of ${RULES.join(", ")}`);
  let values = opts.values ?? undefined;
  if (values !== undefined && !Array.isArray(values) && !ArrayBuffer.isView(values)) {
    if (typeof values !== "object") throw new TypeError(`values must be five numbers or an object of them, not ${describe(values)}`);
    const missing = PIECES.filter((p) => typeof values[p] !== "number");
    if (missing.length) throw new TypeError(`values must give a number for ${missing.join(", ")}`);
    values = PIECES.map((p) => values[p]);
  }
  if (values !== undefined) {
    values = Array.from(values, (v) => {
      if (typeof v !== "number") throw new TypeError(`piece values must be numbers, not ${describe(v)}`);
      return v;
    });
  }
  const threshold = opts.threshold ?? undefined;
  if (threshold !== undefined && typeof threshold !== "number") {
    throw new TypeError(`threshold must be a number, not ${describe(threshold)}`);
  }
  return { rules, values, threshold };
}

/**
 * The SEE value of `move` in the position `fen`, from the mover's side (a number), or with
 * `threshold` whether it is at least that (a boolean).
 */
export function see(fen, move, opts) {
  // The common call (two strings, no options) goes straight in: no options object made.
  if (opts === undefined && typeof fen === "string" && typeof move === "string") {
    return raw.see(fen, move, undefined, undefined);
  }
  const { rules, values, threshold } = options(opts, SEE_OPTIONS);
  const f = text(fen, "fen");
  const m = moveText(move);
  return threshold === undefined
    ? raw.see(f, m, rules, values)
    : raw.seeGe(f, m, threshold, rules, values);
}

/** The SEE of `moves[i]` in `fens[i]` for every i: an Int32Array, or booleans with `threshold`. */
export function seeMany(fens, moves, opts) {
  const { rules, values, threshold } = options(opts, SEE_OPTIONS);
  if (!Array.isArray(fens)) throw new TypeError(`fens must be an array of FEN strings, not ${describe(fens)}`);
  if (!Array.isArray(moves)) throw new TypeError(`moves must be an array of moves, not ${describe(moves)}`);
  // Index loops, not forEach or map: those pass over the holes of a sparse array, which
  // would then reach WebAssembly as empty rows.
  for (let i = 0; i < fens.length; i++) text(fens[i], `fens[${i}]`);
  const m = Array.from(moves, (move, i) => {
    try {
      return moveText(move);
    } catch (e) {
      throw e instanceof TypeError ? new TypeError(`moves[${i}]: ${e.message}`) : e;
    }
  });
  let out;
  try {
    // One text per list crosses into WebAssembly, not one string per row.
    out = raw.seeMany(fens.join("\n"), fens.length, m.join("\n"), m.length, rules, values, threshold);
  } catch (e) {
    // Rust sees only that the joined texts split into too many lines; find the row.
    const row = fens.length === m.length ? fens.findIndex((f, i) => f.includes("\n") || m[i].includes("\n")) : -1;
    if (row >= 0) throw new Error(`row ${row}: a line break inside its FEN or move`);
    throw e;
  }
  return threshold === undefined ? out : Array.from(out, (x) => x === 1);
}

/**
 * What `seeswap scan` reports of a position: every capture and promotion with its SEE,
 * best first (`captures`), `best` (the first of them, or null), `balance`, `threat`,
 * `in_check` and each side's `hanging` pieces.
 */
export function analyze(fen, opts) {
  const { rules, values } = options(opts, OPTIONS);
  return JSON.parse(raw.analyze(text(fen, "fen"), rules, values));
}

/**
 * The exchange `move` starts, step by step, as `seeswap eval --trace --json` gives it:
 * attackers, x-rays, the captures with their gains, why it ends and the value.
 */
export function trace(fen, move, opts) {
  const { rules, values } = options(opts, OPTIONS);
  return JSON.parse(raw.trace(text(fen, "fen"), moveText(move), rules, values));
}

/** The position's FEN as swapoff reads it (validated; move counters added when missing). */
export function normalizeFen(fen) {
  return raw.fen(text(fen, "fen"));
}

/** The FEN after a legal move (SAN, UCI or a move object). */
export function play(fen, move) {
  return raw.play(text(fen, "fen"), moveText(move));
}

/** Every legal move of the position, `{uci, san}`. */
export function legalMoves(fen) {
  const flat = raw.legalMoves(text(fen, "fen"));
  const moves = [];
  for (let i = 0; i < flat.length; i += 2) moves.push({ uci: flat[i], san: flat[i + 1] });
  return moves;
}
