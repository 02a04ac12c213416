// The npm package in the bundlers web developers use, each pinned in this folder's
// package-lock.json: a one-line app that imports the packed package (SWAPOFF_TGZ, made by
// `bash scripts/wasm --pack`), bundled by esbuild (through `swapoff/inline`, as the
// README says for a bundler that copies no `new URL` asset), Vite and webpack (through
// `swapoff`, whose `.wasm` they copy beside the bundle), served over HTTP from the output
// folder and opened in headless Chromium, which must show the move's SEE.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { build as esbuild } from "esbuild";
import { build as vite } from "vite";
import webpack from "webpack";
import { launch } from "./chromium.js";

const tgz = process.env.SWAPOFF_TGZ;
if (!tgz) throw new Error("set SWAPOFF_TGZ to the packed package (bash scripts/wasm --pack)");

const FEN = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";
const app = (entry) =>
  `import { see } from "${entry}";\ndocument.body.dataset.see = String(see("${FEN}", "exd5"));\n`;
const page = (script) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body><script type="module" src="${script}"></script></body></html>\n`;

/** Builds the app with each bundler into out/NAME/, from an app folder with the package installed. */
async function bundle() {
  const dir = mkdtempSync(join(tmpdir(), "swapoff-bundlers-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", tgz], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  writeFileSync(join(dir, "inline.js"), app("swapoff/inline"));
  writeFileSync(join(dir, "main.js"), app("swapoff"));
  writeFileSync(join(dir, "index.html"), page("./main.js"));
  const out = join(dir, "out");

  mkdirSync(join(out, "esbuild"), { recursive: true });
  await esbuild({
    entryPoints: [join(dir, "inline.js")],
    bundle: true,
    format: "esm",
    outfile: join(out, "esbuild", "app.js"),
    logLevel: "error",
  });
  writeFileSync(join(out, "esbuild", "index.html"), page("./app.js"));

  // Served from out/vite/, so the assets are named relative to the page.
  await vite({ root: dir, base: "./", logLevel: "error", build: { outDir: join(out, "vite"), target: "esnext" } });

  const stats = await new Promise((done, fail) =>
    webpack(
      {
        mode: "production",
        context: dir,
        entry: "./main.js",
        output: { path: join(out, "webpack"), filename: "app.js" },
      },
      (e, s) => (e ? fail(e) : done(s)),
    ),
  );
  assert.ok(!stats.hasErrors(), stats.toString("errors-only"));
  writeFileSync(join(out, "webpack", "index.html"), page("./app.js"));
  return out;
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

/** Serves `root` on a free port of 127.0.0.1. */
function serve(root) {
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url, "http://x").pathname)));
    try {
      const body = readFileSync(path);
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

test("the package loads and answers in esbuild, Vite and webpack bundles", async () => {
  const out = await bundle();
  const server = await serve(out);
  const chrome = await launch();
  try {
    for (const bundler of ["esbuild", "vite", "webpack"]) {
      const tab = await chrome.newPage();
      const problems = [];
      tab.on("pageerror", (e) => problems.push(e.message));
      tab.on("requestfailed", (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));
      tab.on("response", (r) => r.status() >= 400 && problems.push(`${r.url()}: HTTP ${r.status()}`));
      await tab.goto(`http://127.0.0.1:${server.address().port}/${bundler}/index.html`);
      const seen = await tab
        .waitForFunction(() => document.body.dataset.see, null, { timeout: 20_000 })
        .then((h) => h.jsonValue())
        .catch(() => null);
      assert.deepEqual({ bundler, seen, problems }, { bundler, seen: "100", problems: [] });
      await tab.close();
    }
  } finally {
    await chrome.close();
    server.close();
  }
});
