// The npm package in the bundlers web developers use, each pinned in this folder's
// package-lock.json, configured only as the package's README says: a one-line app bundled
// by esbuild (through `swapoff/inline`), Vite, webpack and Rollup (through `swapoff`,
// whose `.wasm` they copy beside the bundle), and the README's worker recipe bundled by
// Vite; each served over HTTP from its output folder and opened in headless Chromium,
// which must show the move's SEE.
import { test } from "node:test";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build as esbuild } from "esbuild";
import { build as vite } from "vite";
import webpack from "webpack";
import { app, apps, assertAnswers, folder, page, readmeFile, serve, write } from "./app.js";
import { launch } from "./chromium.js";

const rollupBin = fileURLToPath(new URL("../node_modules/rollup/dist/bin/rollup", import.meta.url));

/** Builds the apps with each bundler into out/NAME/. */
async function bundle() {
  const dir = folder({ ...apps("swapoff"), "inline.js": app("swapoff/inline"), "vite.config.js": readmeFile("vite.config.js") });
  const out = join(dir, "out");

  await esbuild({
    entryPoints: [join(dir, "inline.js")],
    bundle: true,
    format: "esm",
    outfile: join(out, "esbuild", "app.js"),
    logLevel: "error",
  });
  write(out, { "esbuild/index.html": page("./app.js") });

  // The README's vite.config.js, and what a test needs besides: both pages, served from
  // out/vite/ (so assets are named relative to the page).
  await vite({
    root: dir,
    base: "./",
    logLevel: "error",
    build: {
      outDir: join(out, "vite"),
      target: "esnext",
      rollupOptions: { input: [join(dir, "index.html"), join(dir, "worker.html")] },
    },
  });

  const stats = await new Promise((done, fail) =>
    webpack(
      { mode: "production", context: dir, entry: "./app.js", output: { path: join(out, "webpack"), filename: "app.js" } },
      (e, s) => (e ? fail(e) : done(s)),
    ),
  );
  if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
  write(out, { "webpack/index.html": page("./app.js") });

  // Rollup with the README's rollup.config.js (its input is main.js), by its command; and
  // with node-resolve alone, where the package takes the bytes inside it (one request fails).
  for (const [name, config] of [
    ["rollup", readmeFile("rollup.config.js")],
    ["rollup-bare", readmeFile("rollup.config.js").replace(", importMetaAssets()", "")],
  ]) {
    const rolled = folder({ "main.js": app("swapoff"), "rollup.config.js": config });
    execFileSync("node", [rollupBin, "-c", "--silent", "--failAfterWarnings"], { cwd: rolled, stdio: "inherit" });
    execFileSync("cp", ["-r", join(rolled, "dist"), join(out, name)]);
    write(out, { [`${name}/index.html`]: page("./main.js") });
  }
  return out;
}

test("the package loads and answers in esbuild, Vite, webpack and Rollup bundles, and in a worker", async () => {
  const out = await bundle();
  const server = await serve(out);
  const chrome = await launch();
  try {
    for (const bundler of ["esbuild", "vite", "webpack", "rollup"]) {
      await assertAnswers(chrome, `${server.origin}/${bundler}/index.html`, bundler);
    }
    await assertAnswers(chrome, `${server.origin}/vite/worker.html`, "a worker bundled by Vite");
    // The one failed request: the .wasm Rollup did not copy (a 404, also logged).
    await assertAnswers(chrome, `${server.origin}/rollup-bare/index.html`, "Rollup with no plugin", /swapoff_wasm_bg\.wasm|404/);
  } finally {
    await chrome.close();
    server.close();
  }
});
