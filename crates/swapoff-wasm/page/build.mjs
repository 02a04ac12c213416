// Builds the page into dist/: index.html, page.js (the page, chessground and the package's
// API, with the WebAssembly inlined, as one classic script) and page.css. Classic scripts
// and inlined bytes are what a page opened from disk (file://) may load: browsers refuse
// ES modules and fetch() there. Run `bash scripts/wasm` first.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";

const here = new URL(".", import.meta.url).pathname;
mkdirSync(`${here}dist`, { recursive: true });
await build({
  entryPoints: [`${here}main.js`, `${here}style.css`],
  bundle: true,
  format: "iife",
  minify: true,
  outdir: `${here}dist`,
  entryNames: "page",
  loader: { ".wasm": "binary" },
  // wasm-bindgen's glue names import.meta.url for a fetch the page never makes.
  logOverride: { "empty-import-meta": "silent" },
  legalComments: "linked",
  logLevel: "warning",
});
copyFileSync(`${here}index.html`, `${here}dist/index.html`);
