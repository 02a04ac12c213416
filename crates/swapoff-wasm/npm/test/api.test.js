// The package's API as a JavaScript user meets it: options, move objects, types of the
// answers, and errors. No input, however malformed, may reach the WebAssembly as a trap
// ("unreachable"): thousands of mangled FENs and moves must each give an answer or an
// Error with a message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { see, seeMany, analyze, trace, legalMoves, play, normalizeFen } from "../node.js";

const FEN = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";

test("chessops moves and upper-case promotion letters are read", () => {
  // chessops's squares are numbers (e4 = 28, d5 = 35) and its promotions are roles; both
  // were refused ("...not object"), and so was chess.js's promotion written `Q`.
  assert.equal(see(FEN, { from: 28, to: 35 }), see(FEN, "e4d5"));
  const promote = "6k1/P7/8/8/8/8/8/6K1 w - - 0 1";
  for (const promotion of ["q", "Q", "queen"]) {
    assert.equal(see(promote, { from: 48, to: 56, promotion }), see(promote, "a7a8q"), promotion);
    assert.equal(see(promote, { from: "a7", to: "a8", promotion }), see(promote, "a7a8q"), promotion);
  }
  assert.throws(() => see(promote, { from: 48, to: 56, promotion: "king" }), /a promotion is q, r, b or n/);
  assert.throws(() => see(FEN, { from: 64, to: 35 }), TypeError);
});

test("answers have the documented types", () => {
  assert.equal(see(FEN, "exd5"), 100);
  assert.equal(see(FEN, "e4d5", { threshold: 100 }), true);
  assert.equal(see(FEN, { from: "e4", to: "d5" }), 100);
  assert.equal(see(FEN, { lan: "d1d5", san: "Rxd5" }), -300);
  assert.equal(see(FEN, "Rxd5", { values: { pawn: 100, knight: 300, bishop: 300, rook: 500, queen: 900 } }), -300);
  const many = seeMany([FEN, FEN], ["exd5", "Rxd5"]);
  assert.ok(many instanceof Int32Array);
  assert.deepEqual(Array.from(many), [100, -300]);
  assert.deepEqual(seeMany([FEN, FEN], ["exd5", "Rxd5"], { threshold: 0 }), [true, false]);
  const a = analyze(FEN);
  assert.deepEqual(a.best, { move: "e4d5", see: 100 });
  assert.deepEqual(a.hanging.white, [{ square: "c3", piece: "N", gain: 300, capture: "b4c3", value: 300, san: "Bxc3" }]);
  const t = trace(FEN, "Rxd5");
  assert.equal(t.value, -300);
  assert.deepEqual(t.captures.map((c) => c.from), ["d1", "e6", "e4"]);
  assert.equal(legalMoves(FEN).find((m) => m.uci === "e4d5").san, "exd5");
  assert.equal(play(FEN, "exd5"), "6k1/8/4p3/3P4/1b6/2N5/8/3R2K1 b - - 0 1");
  assert.equal(normalizeFen("6k1/8/8/8/8/8/8/6K1 w - -"), "6k1/8/8/8/8/8/8/6K1 w - - 0 1");
});

test("errors are Error objects with the reason", () => {
  const cases = [
    [() => see("nonsense", "e4"), Error, /bad FEN "nonsense"/],
    [() => see(FEN, "Qxd5"), Error, /not legal/],
    [() => see(FEN, "0000"), Error, /^move "0000" is a null move/],
    [() => see(FEN, "--"), Error, /^move "--" is a null move/],
    [() => see(FEN, "exd5", { rules: "fast" }), Error, /unknown rule set "fast"/],
    [() => see(FEN, "exd5", { values: [1, 2, 3] }), Error, /five whole numbers/],
    [() => see(FEN, "exd5", { values: [100, 300.5, 300, 500, 900] }), Error, /whole number/],
    [() => see(FEN, "exd5", { threshold: 2 ** 40 }), Error, /out of range/],
    [() => see(FEN, "exd5", { threshold: 0.5 }), Error, /whole number/],
    [() => see(42, "e4"), TypeError, /fen must be a string/],
    [() => see(FEN, 42), TypeError, /a move must be/],
    [() => see(FEN, "exd5", { values: { pawn: 1 } }), TypeError, /knight, bishop, rook, queen/],
    [() => seeMany([FEN], ["exd5", "e4d5"]), Error, /1 positions but 2 moves/],
    [() => seeMany([FEN, "x"], ["exd5", "e4d5"]), Error, /^row 1: bad FEN/],
    [() => seeMany(FEN, ["exd5"]), TypeError, /array/],
    // Sparse arrays: a hole is a missing row, named by its index.
    [() => seeMany(new Array(2), ["Rxd5", "Kd2"]), TypeError, /^fens\[0\] must be a string, not undefined$/],
    [() => seeMany([FEN, FEN], [, "Kd2"]), TypeError, /^moves\[0\]: a move must be/],
    [() => seeMany([FEN, FEN], ["exd5", 7]), TypeError, /^moves\[1\]: a move must be/],
    [() => see(FEN, "exd5", { rule: "classic" }), TypeError, /^unknown option "rule": this question takes rules, values, threshold$/],
    [() => seeMany([FEN], ["exd5"], { treshold: 0 }), TypeError, /unknown option "treshold"/],
    [() => analyze(FEN, { threshold: 0 }), TypeError, /^unknown option "threshold": this question takes rules, values$/],
    [() => trace(FEN, "exd5", { value: [1, 3, 3, 5, 9] }), TypeError, /unknown option "value"/],
    [() => see(FEN, "exd5", ["classic"]), TypeError, /^options must be an object, not an array$/],
    [() => trace(FEN, "e4e6"), Error, /not legal/],
    [() => play(FEN, "e4e6"), Error, /not legal/],
  ];
  for (const [call, kind, message] of cases) {
    assert.throws(call, (e) => e instanceof kind && message.test(e.message), String(call));
  }
});

test("an option set to undefined is one not given", () => {
  assert.deepEqual(analyze(FEN, { rules: "classic", threshold: undefined }), analyze(FEN, { rules: "classic" }));
  assert.equal(see(FEN, "exd5", { threshold: undefined, extra: undefined }), 100);
});

// A small deterministic generator (mulberry32), so a failure repeats.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("mangled input never traps", () => {
  const next = random(7);
  const pick = (s) => s[Math.floor(next() * s.length)];
  const alphabet = "pnbrqkPNBRQK12345678/ -wbKQkqabcdefgh0x+#=e.p.\u00e9\u0000";
  const fens = [FEN, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9"];
  let answers = 0;
  let errors = 0;
  for (let i = 0; i < 4000; i++) {
    const chars = [...pick(fens)];
    // No change a third of the time (the move alone is mangled), else one or two.
    for (let k = 0, n = Math.floor(next() * 3); k < n; k++) {
      chars[Math.floor(next() * chars.length)] = pick(alphabet);
    }
    const fen = chars.join("");
    const move = pick(["exd5", "e5d6", "O-O", "O-O-O", "e1g1", "e1h1", "Nxb7", "a7a8q", "", "e4", "Kxx", pick(alphabet).repeat(3)]);
    for (const call of [
      () => see(fen, move),
      () => see(fen, move, { rules: "exact" }),
      () => analyze(fen),
      () => trace(fen, move),
      () => legalMoves(fen),
      () => play(fen, move),
    ]) {
      try {
        call();
        answers++;
      } catch (e) {
        assert.ok(!(e instanceof WebAssembly.RuntimeError), `${fen} ${move}: ${e}`);
        assert.ok(e instanceof Error && e.message.length > 0);
        errors++;
      }
    }
  }
  // Both kinds happened: the generator reached past the parser.
  assert.ok(answers > 2000 && errors > 2000, `${answers} answers, ${errors} errors`);
});
