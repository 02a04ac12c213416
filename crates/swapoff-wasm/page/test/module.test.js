// The package's browser entry (index.js: an ES module that fetches its .wasm beside it)
// in Chromium: the package folder served on localhost, imported by a page as a browser or
// a bundler's output would, and asked a question whose answer the Node entry gives too;
// and loads that fail, which must say what the server sent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "./chromium.js";
import { see, analyze } from "../../npm/node.js";

const pkg = fileURLToPath(new URL("../../npm/", import.meta.url));
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };

test("index.js loads in a browser and answers as in Node", async () => {
  const server = createServer(async (req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>swapoff</title>");
      return;
    }
    // /spa/... answers as a dev server does for a file it lacks: its page, status 200.
    if (req.url.startsWith("/spa/")) {
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>app</title>");
      return;
    }
    // /bare/... is the package with neither its .wasm nor the inline copy served.
    const url = req.url.replace(/^\/bare\//, "/");
    const path = normalize(`${pkg}${decodeURIComponent(url)}`);
    try {
      if (!path.startsWith(pkg)) throw new Error("outside");
      if (url !== req.url && /\/wasm\/(swapoff_wasm_bg\.wasm|inline\.js)$/.test(url)) throw new Error("bare");
      const body = await readFile(path);
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const chrome = await launch();
  try {
    const tab = await chrome.newPage();
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    const fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
    const got = await tab.evaluate(async (fen) => {
      const swapoff = await import("/index.js");
      let error;
      try {
        swapoff.see(fen, "Qxa1");
      } catch (e) {
        error = [e instanceof Error, e.message];
      }
      return { value: swapoff.see(fen, "Nxe5"), analysis: swapoff.analyze(fen), error };
    }, fen);
    assert.equal(got.value, see(fen, "Nxe5"));
    assert.deepEqual(got.analysis, analyze(fen));
    assert.equal(got.error[0], true);
    assert.match(got.error[1], /Qxa1/);

    // A load that fails says from where, what came back and what to look at.
    const failures = await tab.evaluate(async () => {
      const lazy = await import("/init.js");
      const reasons = [];
      await lazy.init("/spa/swapoff_wasm_bg.wasm").catch((e) => reasons.push(e.message));
      await import("/bare/index.js").catch((e) => reasons.push(e.message));
      return reasons;
    });
    const origin = `http://127.0.0.1:${server.address().port}`;
    assert.deepEqual(failures, [
      `swapoff: cannot load the WebAssembly from /spa/swapoff_wasm_bg.wasm: HTTP 200, text/html, not WebAssembly: ` +
        "the server sent HTML: is the .wasm served at that URL, or did a dev server pre-bundle the package?",
      `swapoff: cannot load the WebAssembly from ${origin}/bare/wasm/swapoff_wasm_bg.wasm: HTTP 404, no content type: ` +
        "is the .wasm copied beside the script? A bundler that does not follow new URL(..., import.meta.url) " +
        "needs a plugin that does, or import swapoff/inline",
    ]);
  } finally {
    await chrome.close();
    server.close();
  }
});
