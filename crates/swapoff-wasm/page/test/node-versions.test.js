// The package under each Node that its `engines` names: the lowest of each range
// (20.19.0 and 22.12.0, Linux x64 builds pinned in this folder's package-lock.json as
// optional dependencies) and the Node running the tests. Each imports the package,
// requires it (Node's require of an ES module), and loads `swapoff/init` with `init()`,
// as the README's Node examples do.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FEN, folder } from "./app.js";

const engines = JSON.parse(readFileSync(new URL("../../npm/package.json", import.meta.url), "utf8")).engines.node;
const lowest = [...engines.matchAll(/(\d+\.\d+\.\d+)/g)].map((m) => m[1]);

test("engines names the Node versions tested here", () => {
  assert.deepEqual(lowest, ["20.19.0", "22.12.0"]);
});

test("each Node that engines names imports, requires and inits the package", () => {
  const dir = folder({
    "import.mjs": `import { see } from "swapoff";\nconsole.log(see("${FEN}", "exd5"));\n`,
    "require.cjs": `const { see } = require("swapoff");\nconsole.log(see("${FEN}", "exd5"));\n`,
    "init.mjs": `import { init, see } from "swapoff/init";\nawait init();\nconsole.log(see("${FEN}", "exd5"));\n`,
  });
  const nodes = lowest.map((v) => fileURLToPath(new URL(`../node_modules/node-${v}/bin/node`, import.meta.url)));
  for (const node of [...nodes, process.execPath]) {
    assert.ok(existsSync(node), `${node} is missing: npm ci in the page folder installs it (Linux x64)`);
    const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
    for (const script of ["import.mjs", "require.cjs", "init.mjs"]) {
      const printed = execFileSync(node, [join(dir, script)], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      assert.equal(printed.trim(), "100", `${script} on Node ${version}`);
    }
  }
});
