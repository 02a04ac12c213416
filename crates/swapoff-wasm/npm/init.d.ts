// Types of `swapoff/init`: the functions of `swapoff`, and `init`, which loads the
// WebAssembly before they are called.
export * from "./index.js";

/** Where the WebAssembly comes from: a URL, a fetch of it, its bytes or the compiled module. */
export type WasmSource =
  | string
  | URL
  | Request
  | Response
  | Promise<Response>
  | BufferSource
  | WebAssembly.Module;

/** Loads the WebAssembly (from beside the package when no source is given). */
export function init(source?: WasmSource): Promise<void>;
export default init;
