// `swapoff/init` in Node: as init.js, but with no argument `init()` reads the `.wasm` from
// the package's folder, where a browser would fetch it (Node's fetch takes no file URL).
import { readFile } from "node:fs/promises";
import { init as load } from "./init.js";
import { wasmFile } from "./wasm-file.js";

// A name exported here takes precedence over the same name from `export *`.
export * from "./init.js";

/**
 * Loads the WebAssembly; the functions work once it resolves. A second call does nothing.
 * @param {Parameters<typeof load>[0]} [source]
 */
export async function init(source) {
  await load(source ?? (await readFile(wasmFile)));
}

export default init;
