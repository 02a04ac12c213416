// The JavaScript side of the WebAssembly benchmark (scripts/wasm-bench): the SEE of every
// FEN;UCI pair of a file, in nanoseconds per pair, for `see` (one call per pair) and
// `seeMany` (one call for all), FEN parsing included, as the native side measures.
// node bench.mjs PAIRS [ROUNDS]
import { readFileSync } from "node:fs";
import { see, seeMany } from "./node.js";

const [path, rounds = "5"] = process.argv.slice(2);
if (!path) throw new Error("give a FEN;UCI pairs file");
const pairs = readFileSync(path, "utf8").split("\n").filter((l) => l.includes(";")).map((l) => l.split(";"));
const fens = pairs.map((p) => p[0]);
const moves = pairs.map((p) => p[1].trim());
for (let r = 0; r < Number(rounds); r++) {
  let start = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < pairs.length; i++) sum += see(fens[i], moves[i]);
  const one = Number(process.hrtime.bigint() - start) / pairs.length;
  start = process.hrtime.bigint();
  const many = seeMany(fens, moves);
  const all = Number(process.hrtime.bigint() - start) / pairs.length;
  if (many.reduce((a, b) => a + b, 0) !== sum) throw new Error("see and seeMany disagree");
  console.log(`wasm see ${one.toFixed(0)} ns/pair, seeMany ${all.toFixed(0)} ns/pair`);
}
