// Builds the page into dist/: index.html, page.js (the page, chessground and the package's
// API, as one classic script), page.css, the WebAssembly as a file (swapoff_wasm_bg.wasm,
// fetched, and kept by the browser's cache, when the page is served over HTTP) and the
// same bytes in page-wasm.js, a classic script that sets `SWAPOFF_WASM` (base64), loaded
// only when the page is opened from disk (file://), where browsers refuse ES modules and
// fetch(). Run `bash scripts/wasm` first.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const here = new URL(".", import.meta.url).pathname;
const wasm = `${here}../npm/wasm/swapoff_wasm_bg.wasm`;
mkdirSync(`${here}dist`, { recursive: true });
await build({
  entryPoints: [`${here}main.js`, `${here}style.css`],
  bundle: true,
  format: "iife",
  minify: true,
  outdir: `${here}dist`,
  entryNames: "page",
  // wasm-bindgen's glue names import.meta.url for a fetch the page never makes.
  logOverride: { "empty-import-meta": "silent" },
  legalComments: "linked",
  logLevel: "warning",
});
copyFileSync(wasm, `${here}dist/swapoff_wasm_bg.wasm`);
writeFileSync(`${here}dist/page-wasm.js`, `globalThis.SWAPOFF_WASM = "${readFileSync(wasm).toString("base64")}";\n`);
copyFileSync(`${here}index.html`, `${here}dist/index.html`);
