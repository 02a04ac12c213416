// The package for those who serve the WebAssembly themselves, or whose bundler does not
// follow `new URL(..., import.meta.url)`: nothing is fetched on import. `await init()`
// loads the `.wasm` (from beside this file, or from the URL, fetch Response, bytes or
// compiled WebAssembly.Module given), as wasm-bindgen's own packages do; until then each
// function throws an Error that says so.
import load from "./wasm/swapoff_wasm.js";
import * as api from "./api.js";

let ready = false;

/**
 * Loads the WebAssembly; the functions work once it resolves. A second call does nothing.
 * @param {string | URL | Request | Response | Promise<Response> | BufferSource | WebAssembly.Module} [source]
 */
export async function init(source) {
  await load({ module_or_path: source ?? new URL("./wasm/swapoff_wasm_bg.wasm", import.meta.url) });
  ready = true;
}

export default init;

function loaded(f) {
  return (...args) => {
    if (!ready) {
      throw new Error("swapoff: the WebAssembly is not loaded yet: call `await init()` first");
    }
    return f(...args);
  };
}

export const see = loaded(api.see);
export const seeMany = loaded(api.seeMany);
export const analyze = loaded(api.analyze);
export const trace = loaded(api.trace);
export const normalizeFen = loaded(api.normalizeFen);
export const play = loaded(api.play);
export const legalMoves = loaded(api.legalMoves);
