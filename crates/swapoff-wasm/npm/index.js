// The package's entry for browsers and bundlers: the WebAssembly is fetched beside this
// file (`new URL(..., import.meta.url)`, which Vite, webpack and esbuild follow), then the
// API is ready. Node takes node.js instead (package.json's "exports").
import { initSync } from "./wasm/swapoff_wasm.js";

const url = new URL("./wasm/swapoff_wasm_bg.wasm", import.meta.url);
const response = await fetch(url);
if (!response.ok) {
  throw new Error(`swapoff: cannot load ${url}: HTTP ${response.status}`);
}
initSync({ module: await response.arrayBuffer() });

export * from "./api.js";
