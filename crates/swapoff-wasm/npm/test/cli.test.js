// The package's answers against the seeswap tool's, row for row, on the repository's
// fixtures: the analysis of every position against `seeswap scan`, the SEE of every pair
// (each rule set) and the traces against `seeswap eval --batch --json`, and the messages
// of bad input against the tool's. SEESWAP names the tool (scripts/test sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { see, seeMany, analyze, trace, legalMoves } from "../node.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const seeswap = process.env.SEESWAP;
if (!seeswap) throw new Error("set SEESWAP to the seeswap binary (cargo build -p swapoff-cli)");

function tool(args) {
  return execFileSync(seeswap, args, { cwd: root, maxBuffer: 1 << 30, encoding: "utf8" })
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}

const ANALYSIS = ["captures", "best", "balance", "threat", "in_check", "hanging"];

for (const file of [
  "testdata/positions/uho_head.epd",
  "testdata/positions/endgames_head.epd",
  "testdata/examples/chess960.epd",
]) {
  test(`analyze equals seeswap scan on ${file}`, () => {
    for (const rules of ["default", "stockfish"]) {
      const rows = tool(["scan", "--quiet", "--rules", rules, file]);
      const lines = readFileSync(`${root}/${file}`, "utf8").split("\n").filter((l) => l.trim());
      assert.equal(rows.length, lines.length, "one row per line");
      for (const row of rows) {
        const got = analyze(row.fen, { rules });
        // The one position's answer names each hanging piece's capture in SAN too, which a
        // scan's rows leave out: the side to move's as its legal moves write it (they
        // leave out the check mark).
        const san = new Map(legalMoves(row.fen).map((m) => [m.uci, m.san]));
        const turn = row.fen.split(" ")[1] === "w" ? "white" : "black";
        for (const [side, list] of Object.entries(got.hanging)) {
          for (const h of list ?? []) {
            assert.equal(typeof h.san, "string", row.fen);
            if (side !== turn) assert.equal(h.san.replace(/[+#]$/, ""), san.get(h.capture), row.fen);
            delete h.san;
          }
        }
        const want = Object.fromEntries(ANALYSIS.map((k) => [k, row[k]]));
        assert.deepEqual(got, want, `line ${row.line}: ${row.fen}`);
      }
    }
  });
}

const PAIRS = "testdata/positions/see_pairs_head.txt";
const pairs = readFileSync(`${root}/${PAIRS}`, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => l.split(";"));

for (const [rules, values] of [
  ["default", undefined],
  ["classic", undefined],
  ["stockfish", undefined],
  ["default", [100, 325, 325, 500, 1000]],
]) {
  test(`see and seeMany equal seeswap eval on ${PAIRS} (${rules}${values ? ", values" : ""})`, () => {
    const args = ["eval", "--batch", PAIRS, "--json", "--rules", rules];
    if (values) args.push("--values", values.join(","));
    const rows = tool(args);
    assert.equal(rows.length, pairs.length);
    const many = seeMany(pairs.map((p) => p[0]), pairs.map((p) => p[1]), { rules, values });
    const ge = seeMany(pairs.map((p) => p[0]), pairs.map((p) => p[1]), { rules, values, threshold: 1 });
    rows.forEach((row, i) => {
      assert.equal(many[i], row.value, `line ${row.line}`);
      assert.equal(ge[i], row.value >= 1, `line ${row.line}`);
      if (i % 10 === 0) {
        assert.equal(see(row.fen, row.move, { rules, values }), row.value);
        assert.equal(see(row.fen, row.san, { rules, values, threshold: row.value }), true);
        assert.equal(see(row.fen, row.san, { rules, values, threshold: row.value + 1 }), false);
      }
    });
  });
}

test("trace equals seeswap eval --trace on the first 500 pairs", () => {
  const rows = tool(["eval", "--batch", PAIRS, "--json", "--trace"]).slice(0, 500);
  for (const row of rows) {
    assert.deepEqual(trace(row.fen, row.move), row.trace, `line ${row.line}`);
  }
});

test("bad input gives the tool's messages", () => {
  const fen = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
  const cases = [
    ["8/8/8/8/8/8/8/8 w - - 0 1", "e2e4", []],
    ["6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 x - - 0 1", "e4d5", []],
    [fen, "Qxd5", []],
    [fen, "e4d5", ["--rules", "fast"]],
    [fen, "e4d5", ["--values", "100,300,300,500,90000000000"]],
  ];
  for (const [f, m, flags] of cases) {
    const run = spawnSync(seeswap, ["eval", ...flags, f, m], { encoding: "utf8" });
    assert.notEqual(run.status, 0);
    const opts = {};
    if (flags[0] === "--rules") opts.rules = flags[1];
    if (flags[0] === "--values") opts.values = flags[1].split(",").map(Number);
    assert.throws(
      () => see(f, m, opts),
      (e) => {
        assert.ok(e instanceof Error);
        assert.ok(e.message.length > 10);
        // The tool prints the same reason (it may add context of its own around it).
        const reason = e.message.split(" (in ")[0];
        assert.ok(run.stderr.includes(reason), `tool: ${run.stderr}\npackage: ${e.message}`);
        return true;
      },
    );
  }
});
