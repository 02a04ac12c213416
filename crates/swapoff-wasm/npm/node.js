// The package's entry in Node: the WebAssembly is read from the package's folder.
import { readFileSync } from "node:fs";
import { initSync } from "./wasm/swapoff_wasm.js";

initSync({ module: readFileSync(new URL("./wasm/swapoff_wasm_bg.wasm", import.meta.url)) });

export * from "./api.js";
