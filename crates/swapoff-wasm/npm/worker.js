// A module Web Worker that imports the package waits for its top-level `await` (the fetch
// of the `.wasm`) before its own code runs and sets `onmessage`; a message posted straight
// after `new Worker(...)` arrives in between and, with no listener, is lost. So while the
// WebAssembly loads, a worker's messages are held here (a capture listener that stops them),
// then dispatched again once the importing module has run.

/**
 * Starts holding a worker's messages; the function returned lets them go. Outside a
 * worker it does nothing.
 * @returns {() => void}
 */
export function holdMessages() {
  const scope = globalThis.WorkerGlobalScope;
  if (typeof scope !== "function" || !(globalThis instanceof scope) || !("postMessage" in globalThis)) {
    return () => {};
  }
  const held = [];
  const hold = (event) => {
    held.push(event);
    event.stopImmediatePropagation();
  };
  globalThis.addEventListener("message", hold, { capture: true });
  // Released in a task of its own: the importing module's body (its `onmessage = ...`)
  // runs first, and messages keep their order (those that come meanwhile are held too).
  return () =>
    setTimeout(() => {
      globalThis.removeEventListener("message", hold, { capture: true });
      for (const e of held) {
        globalThis.dispatchEvent(new MessageEvent("message", { data: e.data, ports: [...e.ports] }));
      }
    });
}
