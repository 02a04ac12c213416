// Every example of the package's README, run as a user runs it: the README's install
// lines (`npm init -y` and all) run in a fresh folder with the packed package
// (SWAPOFF_TGZ, made by `bash scripts/wasm --pack`), chess.js and chessops beside it, each
// ```js block run by Node as a .js file (a ```cjs block as a .cjs file), and what it prints
// compared with the block's `// →` lines. (Blocks named for a file, ```js worker.js, are
// the files of the page tests' apps.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const tgz = process.env.SWAPOFF_TGZ;
if (!tgz) throw new Error("set SWAPOFF_TGZ to the packed package (bash scripts/wasm --pack)");

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```(c?js)\n([\s\S]*?)```/g)].map((m) => ({ kind: m[1], block: m[2] }));
const squash = (s) => s.replace(/\s+/g, " ").trim();

test("the README's examples print what they say", () => {
  assert.ok(blocks.length >= 5);
  const dir = mkdtempSync(join(tmpdir(), "swapoff-readme-"));
  // The README's install lines as they stand (`npm init -y` and all), the packed
  // package for its file name; then the two libraries the examples use.
  const install = readme.match(/```sh\n([\s\S]*?)```/)[1];
  for (const line of install.split("\n")) {
    const command = line.replace(/#.*$/, "").trim().replace("./swapoff-0.1.0.tgz", tgz);
    if (command) execFileSync("sh", ["-c", command], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  }
  execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", "chess.js@1.4.0", "chessops@0.15.1"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  assert.ok(blocks.some((b) => b.kind === "cjs"));
  blocks.forEach(({ kind, block }, i) => {
    const file = join(dir, `example${i}.${kind}`);
    writeFileSync(file, block);
    const printed = execFileSync("node", [file], { cwd: dir, encoding: "utf8" });
    const expected = [...block.matchAll(/^\/\/ → (.*)$/gm)].map((m) => m[1]).join(" ");
    assert.ok(expected.length > 0, `block ${i} says what it prints`);
    assert.equal(squash(printed), squash(expected), `block ${i}:\n${block}`);
  });
});
