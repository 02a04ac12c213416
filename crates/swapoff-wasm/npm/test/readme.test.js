// Every example of the package's README, run as a user runs it: the packed package
// (SWAPOFF_TGZ, made by `bash scripts/wasm --pack`) installed with npm in a fresh folder
// beside chess.js and chessops, each ```js block run by Node, and what it prints compared
// with the block's `// →` lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const tgz = process.env.SWAPOFF_TGZ;
if (!tgz) throw new Error("set SWAPOFF_TGZ to the packed package (bash scripts/wasm --pack)");

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
const squash = (s) => s.replace(/\s+/g, " ").trim();

test("the README's examples print what they say", () => {
  assert.ok(blocks.length >= 5);
  const dir = mkdtempSync(join(tmpdir(), "swapoff-readme-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", tgz, "chess.js@1.4.0", "chessops@0.15.1"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  blocks.forEach((block, i) => {
    const file = join(dir, `example${i}.mjs`);
    writeFileSync(file, block);
    const printed = execFileSync("node", [file], { cwd: dir, encoding: "utf8" });
    const expected = [...block.matchAll(/^\/\/ → (.*)$/gm)].map((m) => m[1]).join(" ");
    assert.ok(expected.length > 0, `block ${i} says what it prints`);
    assert.equal(squash(printed), squash(expected), `block ${i}:\n${block}`);
  });
});
