// The exchange page: a FEN (typed, or reached by playing moves on the board), every
// capture with its SEE, the hanging pieces of each side, and for a chosen capture its
// exchange drawn on the board and told in words: each capture, what it takes and the
// balance after it, x-ray attackers, and the piece that stops it, with why. Moves played
// on the board go into the browser's history, so Back (or Undo) takes one back. The
// answers come from the npm package's API; its WebAssembly is fetched beside the page
// (and kept by the browser's cache) when the page is served over HTTP, and read from
// page-wasm.js, a classic script, when it is opened from disk, where fetch is refused.
import { Chessground } from "chessground";
import { initSync } from "../npm/wasm/swapoff_wasm.js";
import { analyze, legalMoves, normalizeFen, play, trace } from "../npm/api.js";
import { decode, fetchWasm } from "../npm/fetch.js";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const FIRST = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
const NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
const SIDES = { white: "White", black: "Black" };
// One colour a side, on the board and in the legend: White's captures green, Black's red.
const BRUSH = { white: "green", black: "red" };
const COLOUR = { green: "#15781b", red: "#882020", paleGrey: "#8a8a8a", blue: "#003088", yellow: "#e68f00", last: "#9bc700" };
const $ = (id) => document.getElementById(id);
const state = { fen: START, moves: [], chosen: null, last: undefined };

let board;

function rules() {
  return $("rules").value;
}

function turn(fen) {
  return fen.split(" ")[1] === "b" ? "black" : "white";
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** A piece's name from its FEN letter: `knight`. */
function named(letter) {
  return NAMES[letter.toLowerCase()];
}

/** How a side stands: "White is 100 up", "Black is 400 down", "even". */
function balance(side, n) {
  return n === 0 ? "even" : `${SIDES[side]} is ${Math.abs(n)} ${n > 0 ? "up" : "down"}`;
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

/** The legend of what the board draws: [brush, shape, words] each. */
function legend(entries) {
  $("legend").replaceChildren(...entries.map(([brush, shape, words]) =>
    el("li", { "data-brush": brush },
      el("span", { class: `swatch ${shape}`, style: `--colour: ${COLOUR[brush]}`, "aria-hidden": "true" }), words)));
}

/**
 * Shows a position: the board, its captures, its hanging pieces; false (and the error
 * shown) when it cannot. A FEN the user typed stays as typed in its field (a Chess960
 * `HFhf` is not rewritten under the cursor). `step` says how the address follows: "push"
 * (a move played, or a position entered: Back returns to the one before), "replace", or
 * "none" (the address already names it).
 */
function show(fen, { typed = false, step = "replace", last } = {}) {
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
  const before = state.fen;
  state.fen = fen;
  state.chosen = null;
  state.last = last;
  if (!typed) $("fen").value = fen;
  const hash = `#${encodeURIComponent(fen)}`;
  const depth = history.state?.depth ?? 0;
  if (step === "push" && fen !== before) history.pushState({ depth: depth + 1, last }, "", hash);
  else if (step !== "none" && location.hash !== hash) history.replaceState({ depth, last }, "", hash);
  $("undo").disabled = !(history.state?.depth > 0);
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
    lastMove: last,
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
        `The ${named(h.piece)} on ${h.square} can be won: ${h.san} wins ${h.gain}.`)));
    if (!pieces?.length) {
      list.append(el("li", { class: "hint" }, pieces ? `No ${side} piece can be won.` : `Not asked: ${side} is in check.`));
    }
  }
  // Each hanging piece with the capture that wins it, in the colour of the side that wins.
  const wins = (side, other) => (report.hanging[other] ?? []).map((h) =>
    ({ orig: h.capture.slice(0, 2), dest: h.capture.slice(2, 4), brush: BRUSH[side] }));
  board.setAutoShapes([...wins("white", "black"), ...wins("black", "white")]);
  legend([
    ["green", "arrow", "White wins material with this capture"],
    ["red", "arrow", "Black wins material with this capture"],
    ...(last ? [["last", "square", "the last move's squares"]] : []),
  ]);
  $("exchange").replaceChildren(el("p", { class: "hint" }, report.captures.length ? "Pick a capture above." : "No capture to show."));
  return true;
}

/** One capture of an exchange in words, and the balance after it for the side that began. */
function step(c, first) {
  const what = c.captured ? `takes the ${named(c.captured)} on ${c.to}` : `moves to ${c.to}`;
  const promotes = c.promotion ? ` and becomes a ${named(c.promotion)}` : "";
  const words = `${SIDES[c.side]}'s ${named(c.piece)} on ${c.from} ${what}${promotes}`;
  if (!c.played) return `${words}: not played.`;
  // A capture's gain is its side's balance after it: the first side's, or its opposite.
  const after = balance(first, c.side === first ? c.gain : -c.gain);
  return `${words}. ${after[0].toUpperCase()}${after.slice(1)}.`;
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
  const shapes = t.captures.flatMap((c, i) => {
    const brush = c.played ? BRUSH[c.side] : "paleGrey";
    const badge = `<circle cx="20" cy="20" r="18" fill="${COLOUR[brush]}"/>` +
      `<text x="20" y="21" text-anchor="middle" dominant-baseline="middle" font-size="24" font-family="sans-serif" fill="#fff">${i + 1}</text>`;
    return [{ orig: c.from, dest: c.to, brush }, { orig: c.from, customSvg: { html: badge } }];
  });
  const square = (name) => name.slice(1);
  const xrays = [...t.xrays.white, ...t.xrays.black];
  for (const x of xrays) shapes.push({ orig: square(x), brush: "blue" });
  if (t.stopper) shapes.push({ orig: t.stopper, brush: "yellow" });
  board.setAutoShapes(shapes);
  legend([
    ["green", "arrow", "a capture by White, numbered in order"],
    ["red", "arrow", "a capture by Black, numbered in order"],
    ...(t.captures.some((c) => !c.played) ? [["paleGrey", "arrow", "a capture not played"]] : []),
    ...(xrays.length ? [["blue", "circle", "an x-ray attacker, behind another piece"]] : []),
    ...(t.stopper ? [["yellow", "circle", "the piece that stops the exchange"]] : []),
  ]);

  const first = t.captures[0].side;
  const steps = el("ol", { id: "steps" }, ...t.captures.map((c) => el("li", { class: c.played ? "" : "cut" }, step(c, first))));
  const xrayWords = xrays.map((x) => `${named(x[0])} ${square(x)}`);
  $("exchange").replaceChildren(
    steps,
    el("p", {}, `X-ray attackers: ${xrayWords.length ? xrayWords.join(", ") : "none"}.`),
    ...(t.stands_pat
      ? [el("p", { id: "stands-pat" },
        `After capture ${t.played}, ${t.stands_pat} stands pat: taking on would lose material, so the captures marked "not played" are not played.`)]
      : []),
    el("p", { class: "end", id: "end" },
      `${t.stands_pat ? "Had it gone on, it ends" : "It ends"}: ${t.end}${t.stopper ? ` (the piece on ${t.stopper}, circled)` : ""}.`),
    el("p", { id: "value", "data-value": String(t.value) },
      `SEE ${signed(t.value)}: ${t.value === 0 ? "the exchange is even" : `${SIDES[first]} ${t.value > 0 ? "wins" : "loses"} ${Math.abs(t.value)}`}.`),
  );
}

function onBoardMove(orig, dest) {
  let uci = orig + dest;
  // A pawn reaching the last rank becomes the piece the picker names.
  if (!state.moves.some((m) => m.uci === uci)) uci += $("promotion").value;
  try {
    show(play(state.fen, uci), { step: "push", last: [orig, dest] });
  } catch (e) {
    showError(e.message);
    show(state.fen, { step: "none", last: state.last });
  }
}

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
  const last = history.state?.last;
  if (wanted === null) {
    show(FIRST);
  } else if (!show(wanted, { step: "none", last })) {
    const why = $("error").textContent;
    if (!state.moves.length) show(FIRST);
    showError(`The address names no position: ${why}`);
  }
}

/** The WebAssembly's bytes: fetched over HTTP, or from page-wasm.js on a page opened from disk. */
async function wasmBytes() {
  if (location.protocol === "http:" || location.protocol === "https:") {
    return fetchWasm(new URL("swapoff_wasm_bg.wasm", location.href));
  }
  await new Promise((done, fail) => {
    const script = el("script", { src: "page-wasm.js" });
    script.onload = done;
    script.onerror = () => fail(new Error("cannot load page-wasm.js beside the page"));
    document.head.append(script);
  });
  return decode(globalThis.SWAPOFF_WASM);
}

function start() {
  board = Chessground($("board"), {
    movable: { free: false, showDests: true, events: { after: onBoardMove } },
    premovable: { enabled: false },
    drawable: { enabled: false },
    animation: { duration: 150 },
  });
  $("position").addEventListener("submit", (event) => {
    event.preventDefault();
    show($("fen").value, { typed: true, step: "push" });
  });
  $("rules").addEventListener("change", () => show(state.fen, { step: "none", last: state.last }));
  $("start").addEventListener("click", () => show(START, { step: "push" }));
  $("undo").addEventListener("click", () => history.back());
  // Back, Forward, Undo and an address edited by hand all land here.
  window.addEventListener("popstate", open);
  open();
}

wasmBytes().then(
  (bytes) => {
    initSync({ module: bytes });
    start();
  },
  (e) => showError(`The page cannot start: ${e.message}`),
);
