// What the setup tests share: a folder with the packed package installed as a user
// installs it (SWAPOFF_TGZ, made by `bash scripts/wasm --pack`), the one-line apps they
// build in it, a static server, and a tab in Chromium that must show the app's answer.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const tgz = process.env.SWAPOFF_TGZ;
if (!tgz) throw new Error("set SWAPOFF_TGZ to the packed package (bash scripts/wasm --pack)");

export const FEN = "6k1/8/4p3/3p4/1b2P3/2N5/8/3R2K1 w - - 0 1";

/** A page whose module script `src` shows its answer in `document.body.dataset.see`. */
export const page = (src) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>swapoff</title><link rel="icon" href="data:,"></head><body><script type="module" src="${src}"></script></body></html>\n`;

/** An app that asks `entry` the value of exd5 in FEN. */
export const app = (entry) =>
  `import { see } from "${entry}";\ndocument.body.dataset.see = String(see("${FEN}", "exd5"));\n`;

/**
 * The README's worker recipe (main.js starts a module worker and posts to it at once;
 * worker.js imports the package as `entry` names it), with a page for it, worker.html;
 * and the one-line app, app.js, with its page, index.html.
 */
export const apps = (entry) => ({
  "app.js": app(entry),
  "index.html": page("./app.js"),
  "main.js": readmeFile("main.js"),
  "worker.js": readmeFile("worker.js").replace('"swapoff"', `"${entry}"`),
  "worker.html": page("./main.js"),
});

const readme = readFileSync(new URL("../../npm/README.md", import.meta.url), "utf8");

/** The README's block for the file `name` (a block that opens with ```js NAME). */
export function readmeFile(name) {
  const block = readme.match(new RegExp("```[a-z]+ " + name.replace(/\./g, "\\.") + "\n([\\s\\S]*?)```"));
  if (!block) throw new Error(`the package's README has no block for ${name}`);
  return block[1];
}

/**
 * Where the apps are made: in the page's folder (git ignores .setups/), so that the tools
 * pinned there (Vite, Rollup, Next.js...) resolve from them, and not under node_modules,
 * whose files Next.js does not compile.
 */
const setups = fileURLToPath(new URL("../.setups/", import.meta.url));

/** A new folder with the packed package installed, and `files` ({name: text}) written in it. */
export function folder(files = {}) {
  mkdirSync(setups, { recursive: true });
  const dir = mkdtempSync(join(setups, "app-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  execFileSync("npm", ["install", "--silent", "--no-audit", "--no-fund", tgz], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  write(dir, files);
  return dir;
}

/** Writes `files` ({relative name: text}) under `dir`. */
export function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const TYPES = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

/** Serves `root` on a free port of 127.0.0.1; resolves to its origin and a `close`. */
export function serve(root) {
  const server = createServer((req, res) => {
    const path = normalize(join(root, decodeURIComponent(new URL(req.url, "http://x").pathname)));
    try {
      if (!path.startsWith(root)) throw new Error("outside");
      const body = readFileSync(path);
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () =>
      done({ origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }),
    ),
  );
}

/**
 * Opens `url` in a new tab of `chrome`: what the page shows in a `data-see` attribute, or
 * else the first line it logs (null if neither within 30 s), and every script error,
 * failed request and HTTP error status.
 */
export async function answer(chrome, url) {
  const tab = await chrome.newPage();
  const problems = [];
  let logged;
  const log = new Promise((done) => (logged = done));
  tab.on("pageerror", (e) => problems.push(e.message));
  tab.on("console", (m) => (m.type() === "error" ? problems.push(`${m.text()} (${m.location().url})`) : m.type() === "log" && logged(m.text())));
  tab.on("requestfailed", (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));
  tab.on("response", (r) => r.status() >= 400 && problems.push(`${r.url()}: HTTP ${r.status()}`));
  try {
    await tab.goto(url);
    const shown = tab
      .waitForFunction(() => document.querySelector("[data-see]:not([data-see=''])")?.dataset.see, null, {
        timeout: 30_000,
      })
      .then((h) => h.jsonValue())
      .catch(() => null);
    const seen = await Promise.race([shown, log]);
    return { seen, problems };
  } finally {
    await tab.close();
  }
}

/** Asserts that `url` shows the value of exd5 (100), with no problem but those `allowed` match. */
export async function assertAnswers(chrome, url, what, allowed = /$^/) {
  const { seen, problems } = await answer(chrome, url);
  assert.deepEqual({ what, seen, problems: problems.filter((p) => !allowed.test(p)) }, { what, seen: "100", problems: [] });
}
