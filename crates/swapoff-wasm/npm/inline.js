// The package with its WebAssembly inside: for bundlers and hosts that cannot serve a
// `.wasm` file beside the script. The bytes are in ./wasm/inline.js as base64 (a third
// larger than the file, before compression), and are loaded on import.
import { initSync } from "./wasm/swapoff_wasm.js";
import { wasm } from "./wasm/inline.js";
import { decode } from "./fetch.js";

initSync({ module: decode(wasm) });

export * from "./api.js";
