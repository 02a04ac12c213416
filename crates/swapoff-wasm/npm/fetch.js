// Fetching the `.wasm` in a browser, for index.js and init.js: the bytes, or an Error that
// says what came back instead and what likely went wrong. A dev server that cannot find a
// file answers with its index.html and status 200, so `response.ok` alone proves nothing:
// the bytes must open with WebAssembly's magic word.
const MAGIC = [0x00, 0x61, 0x73, 0x6d];

/**
 * The WebAssembly's bytes from `url`.
 * @param {string | URL} url
 * @returns {Promise<ArrayBuffer>}
 */
export async function fetchWasm(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`swapoff: cannot load the WebAssembly from ${url}: ${e?.message ?? e}`, { cause: e });
  }
  const type = response.headers.get("content-type") ?? "no content type";
  const bytes = response.ok ? await response.arrayBuffer() : null;
  const head = bytes ? new Uint8Array(bytes.slice(0, 4)) : [];
  if (MAGIC.every((b, i) => head[i] === b)) return bytes;
  throw new Error(
    `swapoff: cannot load the WebAssembly from ${url}: HTTP ${response.status}, ${type}` +
      (bytes ? ", not WebAssembly" : "") +
      `: ${hint(response.status, type)}`,
  );
}

function hint(status, type) {
  if (type.includes("html")) {
    return "the server sent HTML: is the .wasm served at that URL, or did a dev server pre-bundle the package?";
  }
  if (status === 404) {
    return "is the .wasm copied beside the script? A bundler that does not follow new URL(..., import.meta.url) needs a plugin that does, or import swapoff/inline";
  }
  return "serve swapoff_wasm_bg.wasm (from the package's wasm/ folder) at that URL";
}

/** Bytes from base64 text (the `.wasm` inside wasm/inline.js). */
export function decode(base64) {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
