// The package's entry for browsers and bundlers: the WebAssembly is fetched beside this
// file (`new URL(..., import.meta.url)`, which Vite, webpack and Rollup's
// import-meta-assets plugin follow), then the API is ready. Node takes node.js instead
// (package.json's "exports").
//
// Where no `.wasm` is served beside the script (Vite's dev server pre-bundles the package
// into another folder; Rollup without a plugin copies no asset), the bytes are taken from
// wasm/inline.js, loaded only then, as a chunk of its own: the page works with no
// configuration, at the cost of one failed request and a larger download. Only when both
// fail does the import fail, with the fetch's error, which says what the server sent.
import { initSync } from "./wasm/swapoff_wasm.js";
import { decode, fetchWasm } from "./fetch.js";
import { holdMessages } from "./worker.js";

const release = holdMessages();
const url = new URL("./wasm/swapoff_wasm_bg.wasm", import.meta.url);
let bytes;
try {
  bytes = await fetchWasm(url);
} catch (failure) {
  bytes = await import("./wasm/inline.js").then(
    (inline) => decode(inline.wasm),
    () => Promise.reject(failure),
  );
}
initSync({ module: await WebAssembly.compile(bytes) });
release();

export * from "./api.js";
