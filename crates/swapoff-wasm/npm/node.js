// The package's entry in Node: the WebAssembly is read from the package's folder, with no
// top-level `await`, so that `require("swapoff")` works too (Node 20.19 and later).
import { readFileSync } from "node:fs";
import { initSync } from "./wasm/swapoff_wasm.js";
import { wasmFile } from "./wasm-file.js";

initSync({ module: readFileSync(wasmFile) });

export * from "./api.js";
