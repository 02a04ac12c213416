// The package's three ways of loading its WebAssembly, each in this process as a user
// imports it: `swapoff/init` (nothing on import; `init` given the bytes, as a page that
// serves the file itself gives its URL) and `swapoff/inline` (the bytes inside the script).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const FEN = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";

test("swapoff/init loads nothing until init, then answers as the package does", async () => {
  const lazy = await import("../init.js");
  assert.throws(() => lazy.see(FEN, "exd5"), /call `await init\(\)` first/);
  const bytes = readFileSync(new URL("../wasm/swapoff_wasm_bg.wasm", import.meta.url));
  await lazy.init(bytes);
  assert.equal(lazy.see(FEN, "exd5"), 100);
  assert.equal(lazy.default, lazy.init);
  await lazy.init(bytes); // a second call does nothing
  const eager = await import("../node.js");
  assert.deepEqual(lazy.analyze(FEN), eager.analyze(FEN));
});

test("swapoff/inline answers on import, with no file beside it", async () => {
  const inline = await import("../inline.js");
  assert.equal(inline.see(FEN, "exd5"), 100);
  assert.deepEqual(Object.keys(inline).sort(), Object.keys(await import("../node.js")).sort());
});
