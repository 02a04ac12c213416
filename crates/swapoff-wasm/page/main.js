// The exchange page: a FEN (typed, or reached by playing moves on the board), every
// capture with its SEE, the hanging pieces of each side, and for a chosen capture its
// exchange drawn on the board: numbered captures, x-ray attackers, and the piece that
// stops it, with why. The answers come from the npm package's API, over the WebAssembly
// inlined by the build.
import { Chessground } from "chessground";
import { initSync } from "../npm/wasm/swapoff_wasm.js";
import wasm from "../npm/wasm/swapoff_wasm_bg.wasm";
import { analyze, legalMoves, normalizeFen, play, trace } from "../npm/api.js";

initSync({ module: wasm });

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const FIRST = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
const NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
const $ = (id) => document.getElementById(id);
const state = { fen: START, moves: [], chosen: null };

const board = Chessground($("board"), {
  movable: { free: false, showDests: true, events: { after: onBoardMove } },
  premovable: { enabled: false },
  drawable: { enabled: false },
  animation: { duration: 150 },
});

function rules() {
  return $("rules").value;
}

function turn(fen) {
  return fen.split(" ")[1] === "b" ? "black" : "white";
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

function showError(message) {
  $("error").textContent = message ?? "";
  $("error").hidden = !message;
}

/**
 * Shows a position: the board, its captures, its hanging pieces; false (and the error
 * shown) when it cannot. A FEN the user typed stays as typed in its field (a Chess960
 * `HFhf` is not rewritten under the cursor); the address takes the position, so that a
 * link to the page opens on it.
 */
function show(fen, { typed = false } = {}) {
  let report;
  try {
    fen = normalizeFen(fen);
    report = analyze(fen, { rules: rules() });
    state.moves = legalMoves(fen);
  } catch (e) {
    showError(e.message);
    return false;
  }
  showError(null);
  state.fen = fen;
  state.chosen = null;
  if (!typed) $("fen").value = fen;
  const hash = `#${encodeURIComponent(fen)}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  $("to-move").textContent = `(${turn(fen)} to move${report.in_check ? ", in check" : ""})`;
  const dests = new Map();
  for (const { uci } of state.moves) {
    const from = uci.slice(0, 2);
    dests.set(from, [...(dests.get(from) ?? []), uci.slice(2, 4)]);
  }
  board.set({
    fen: fen.split(" ")[0],
    turnColor: turn(fen),
    check: report.in_check,
    lastMove: undefined,
    movable: { color: turn(fen), dests },
  });

  const san = new Map(state.moves.map((m) => [m.uci, m.san]));
  const body = $("captures").querySelector("tbody");
  body.replaceChildren();
  for (const c of report.captures) {
    const cls = c.see > 0 ? "gain" : c.see < 0 ? "loss" : "";
    const row = el("tr", { "data-uci": c.move, "data-see": String(c.see), tabindex: "0" },
      el("td", {}, san.get(c.move) ?? c.move), el("td", { class: cls }, signed(c.see)));
    row.addEventListener("click", () => choose(c.move));
    row.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        choose(c.move);
      }
    });
    body.append(row);
  }
  $("no-captures").hidden = report.captures.length > 0;
  for (const side of ["white", "black"]) {
    const list = $(`hanging-${side}`);
    const pieces = report.hanging[side];
    // The side to move's pieces are not asked about in check (null): it must answer the check.
    list.dataset.inCheck = String(pieces === null);
    list.replaceChildren(...(pieces ?? []).map((h) =>
      el("li", { "data-square": h.square, "data-gain": String(h.gain), "data-capture": h.capture },
        `${NAMES[h.piece.toLowerCase()]} ${h.square} (${signed(-h.gain)} to ${h.san})`)));
    if (!pieces?.length) list.append(el("li", { class: "hint" }, pieces ? "none" : "not asked: in check"));
  }
  const hanging = [...(report.hanging.white ?? []), ...(report.hanging.black ?? [])];
  // Each hanging piece with the capture that wins it.
  board.setAutoShapes(hanging.map((h) => ({ orig: h.capture.slice(0, 2), dest: h.capture.slice(2, 4), brush: "yellow" })));
  $("exchange").replaceChildren(el("p", { class: "hint" }, report.captures.length ? "Pick a capture above." : "No capture to show."));
  return true;
}

/** Shows the exchange a capture starts, on the board and in words. */
function choose(uci) {
  let t;
  try {
    t = trace(state.fen, uci, { rules: rules() });
  } catch (e) {
    showError(e.message);
    return;
  }
  state.chosen = uci;
  for (const row of $("captures").querySelectorAll("tbody tr")) {
    row.classList.toggle("chosen", row.dataset.uci === uci);
  }
  // Each capture's arrow, and its number in a badge on the square it leaves: every
  // capture of an exchange ends on one square, so numbers at the arrows' middles met
  // where two captures come down one line (a rook behind a queen).
  const colour = { green: "#15781b", red: "#882020", paleGrey: "#8a8a8a" };
  const shapes = t.captures.flatMap((c, i) => {
    const brush = c.played ? (c.side === "white" ? "green" : "red") : "paleGrey";
    const badge = `<circle cx="20" cy="20" r="18" fill="${colour[brush]}"/>` +
      `<text x="20" y="21" text-anchor="middle" dominant-baseline="middle" font-size="24" font-family="sans-serif" fill="#fff">${i + 1}</text>`;
    return [{ orig: c.from, dest: c.to, brush }, { orig: c.from, customSvg: { html: badge } }];
  });
  const square = (name) => name.slice(1);
  for (const x of [...t.xrays.white, ...t.xrays.black]) shapes.push({ orig: square(x), brush: "blue" });
  if (t.stopper) shapes.push({ orig: t.stopper, brush: "red" });
  board.setAutoShapes(shapes);

  const steps = el("ol", { id: "steps" }, ...t.captures.map((c) =>
    el("li", { class: c.played ? "" : "cut" },
      `${c.piece}${c.from}×${c.to}${c.captured ? ` takes ${c.captured}` : ""}${c.promotion ? `, promotes to ${c.promotion}` : ""}: ${signed(c.gain)} for ${c.side}`)));
  const xrays = [...t.xrays.white, ...t.xrays.black];
  $("exchange").replaceChildren(
    steps,
    el("p", {}, `X-ray attackers: ${xrays.length ? xrays.join(", ") : "none"}`),
    ...(t.stands_pat
      ? [el("p", { id: "stands-pat" },
        `After capture ${t.played}, ${t.stands_pat} stands pat: taking on would lose material, so the captures struck through are not played.`)]
      : []),
    el("p", { class: "end", id: "end" },
      `${t.stands_pat ? "Had it gone on, it ends" : "Ends"}: ${t.end}${t.stopper ? ` (${t.stopper}, circled red)` : ""}`),
    el("p", { id: "value", "data-value": String(t.value) }, `SEE: ${signed(t.value)}`),
  );
}

function onBoardMove(orig, dest) {
  let uci = orig + dest;
  // A pawn reaching the last rank becomes the piece the picker names.
  if (!state.moves.some((m) => m.uci === uci)) uci += $("promotion").value;
  try {
    show(play(state.fen, uci));
  } catch (e) {
    showError(e.message);
    show(state.fen);
  }
}

$("position").addEventListener("submit", (event) => {
  event.preventDefault();
  show($("fen").value, { typed: true });
});
$("rules").addEventListener("change", () => show(state.fen));
$("start").addEventListener("click", () => show(START));

/** The position the address names, or null (none). */
function fromHash() {
  const text = location.hash.slice(1);
  try {
    return decodeURIComponent(text) || null;
  } catch {
    return text;
  }
}

/** Opens the address's position; one that cannot be shown leaves a board beside its error. */
function open() {
  const wanted = fromHash();
  if (wanted === null) {
    show(FIRST);
  } else if (wanted !== state.fen && !show(wanted)) {
    const why = $("error").textContent;
    if (!state.moves.length) show(FIRST);
    showError(`The address names no position: ${why}`);
  }
}
window.addEventListener("hashchange", open);
open();
