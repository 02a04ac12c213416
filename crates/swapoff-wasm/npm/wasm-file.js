// Where the `.wasm` is in Node: the package's folder, found from this file's path by
// string. `new URL("./wasm/...", import.meta.url)` would name the same file, but server
// bundlers (Next.js's Turbopack, webpack) rewrite that pattern into a URL of their own
// asset, which Node's fs cannot read.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The path of the package's `swapoff_wasm_bg.wasm`. */
export const wasmFile = join(dirname(fileURLToPath(import.meta.url)), "wasm", "swapoff_wasm_bg.wasm");
