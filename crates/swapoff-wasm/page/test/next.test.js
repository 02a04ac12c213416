// The package in a Next.js app (app router, Turbopack), pinned in this folder's
// package-lock.json: the README's client component (app/see.js) on a page, built by
// `next build`, whose server rendering must already show the move's value, then served
// by `next start` and opened in headless Chromium, where the component answers again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FEN, assertAnswers, folder, readmeFile } from "./app.js";
import { launch } from "./chromium.js";

const next = fileURLToPath(new URL("../node_modules/next/dist/bin/next", import.meta.url));
const here = fileURLToPath(new URL("..", import.meta.url));

const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

test("a Next.js page renders the package's answer on the server and in the browser", async () => {
  const dir = folder({
    "app/see.js": readmeFile("app/see.js"),
    "app/layout.js": `export const metadata = { icons: { icon: "data:," } };\n\nexport default function Layout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n`,
    "app/page.js": `import See from "./see";\n\nexport default function Page() {\n  return <main><See fen="${FEN}" /></main>;\n}\n`,
    // Next.js and React are this folder's: Turbopack's root must hold them.
    "next.config.mjs": `export default { turbopack: { root: ${JSON.stringify(here)} } };\n`,
  });
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  execFileSync("node", [next, "build"], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  const html = readFileSync(join(dir, ".next/server/app/index.html"), "utf8");
  assert.match(html, /e4d5<!-- -->: <!-- -->100/, "the server-rendered page shows the best capture");

  const port = await freePort();
  const server = spawn("node", [next, "start", "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env, stdio: "ignore" });
  const chrome = await launch();
  try {
    const origin = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (await fetch(origin).then((r) => r.ok, () => false)) break;
      await new Promise((done) => setTimeout(done, 200));
    }
    await assertAnswers(chrome, `${origin}/`, "Next.js");
  } finally {
    await chrome.close();
    server.kill();
  }
});
