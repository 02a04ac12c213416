// The package served unbundled, as a web developer's first app runs: Vite's dev server
// (`npx vite` on a page that imports `swapoff`, with no configuration: it pre-bundles the
// package into another folder, so no `.wasm` is served beside it) and a plain static
// server. Each app in headless Chromium must show the move's SEE, and so must a module
// worker that imports the package and is posted a message straight after `new Worker`.
import { test } from "node:test";
import { createServer } from "vite";
import { apps, assertAnswers, folder, serve } from "./app.js";
import { launch } from "./chromium.js";

test("the package answers on Vite's dev server with no configuration, in a page and a worker", async () => {
  const dir = folder(apps("swapoff"));
  const server = await createServer({
    root: dir,
    configFile: false,
    logLevel: "error",
    server: { host: "127.0.0.1", port: 0 },
  });
  await server.listen();
  const origin = server.resolvedUrls.local[0].replace(/\/$/, "");
  const chrome = await launch();
  try {
    await assertAnswers(chrome, `${origin}/index.html`, "Vite dev server");
    await assertAnswers(chrome, `${origin}/worker.html`, "a worker on Vite's dev server");
  } finally {
    await chrome.close();
    await server.close();
  }
});

test("the package answers from a static server with no bundler, in a worker", async () => {
  // Workers take no import map: the worker names the package's file.
  const dir = folder(apps("/node_modules/swapoff/index.js"));
  const server = await serve(dir);
  const chrome = await launch();
  try {
    await assertAnswers(chrome, `${server.origin}/worker.html`, "an unbundled worker");
    await assertAnswers(chrome, `${server.origin}/index.html`, "an unbundled page");
  } finally {
    await chrome.close();
    server.close();
  }
});
