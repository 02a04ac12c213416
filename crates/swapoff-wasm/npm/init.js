// The package for those who serve the WebAssembly themselves, or whose bundler does not
// follow `new URL(..., import.meta.url)`: nothing is fetched on import. `await init()`
// loads the `.wasm` (from beside this file, or from the URL, fetch Response, bytes or
// compiled WebAssembly.Module given), as wasm-bindgen's own packages do; until then each
// function throws an Error that says so.
import load from "./wasm/swapoff_wasm.js";
import * as api from "./api.js";
import { fetchWasm } from "./fetch.js";

let ready = false;

/**
 * Loads the WebAssembly; the functions work once it resolves. A second call does nothing.
 * @param {string | URL | Request | Response | Promise<Response> | BufferSource | WebAssembly.Module} [source]
 */
export async function init(source) {
  if (ready) return;
  // A URL is fetched here rather than by wasm-bindgen, so that a failure says what the
  // server sent instead of WebAssembly.
  const where = source ?? new URL("./wasm/swapoff_wasm_bg.wasm", import.meta.url);
  const bytes = typeof where === "string" || where instanceof URL ? await fetchWasm(where) : where;
  await load({ module_or_path: bytes });
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
