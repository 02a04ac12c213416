// The package's TypeScript types (npm/index.d.ts) compile a typical use under --strict,
// and refuse what they should (test/types/use.ts's @ts-expect-error lines).
import { test } from "node:test";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { folder } from "./app.js";

test("the types compile a typical use and refuse wrong ones", () => {
  const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
  const project = fileURLToPath(new URL("types/tsconfig.json", import.meta.url));
  execFileSync("node", [tsc, "-p", project], { stdio: "inherit" });
});

// Every ```js example of the package's README, as a TypeScript user would paste it: each
// block a .ts module beside this folder's chess.js and chessops, `swapoff` and its
// entries mapped to the package's own .d.ts files, compiled with --strict.
test("the README's examples compile under --strict against the types", () => {
  const readme = readFileSync(new URL("../../npm/README.md", import.meta.url), "utf8");
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const dir = fileURLToPath(new URL("../node_modules/.readme-types/", import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  const npm = fileURLToPath(new URL("../../npm/", import.meta.url));
  const files = blocks.map((block, i) => {
    writeFileSync(join(dir, `example${i}.ts`), `${block}\nexport {};\n`);
    return `example${i}.ts`;
  });
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: "es2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      types: ["node"],
      paths: {
        swapoff: [join(npm, "index.d.ts")],
        "swapoff/init": [join(npm, "init.d.ts")],
        "swapoff/inline": [join(npm, "index.d.ts")],
      },
    },
    files,
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config, null, 2));
  const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
  execFileSync("node", [tsc, "-p", join(dir, "tsconfig.json")], { stdio: "inherit" });
});

// The packed package's types as each of TypeScript's module resolutions finds them from
// an app that installed it: `swapoff`, `swapoff/init`, `swapoff/inline` and the package's
// package.json. (`classic` resolution looks in no node_modules folder, for any package.)
test("the installed package's types resolve under every moduleResolution", () => {
  const dir = folder();
  // nodenext takes JSON only with an import attribute, which commonjs output refuses.
  const use = (json) =>
    `import { see } from "swapoff";\nimport { init } from "swapoff/init";\nimport * as inline from "swapoff/inline";\n` +
    `import pkg from "swapoff/package.json"${json};\n` +
    `export const answers: [number, Promise<void>, number, string] = [see("k7/8/8/8/8/8/8/K7 w - - 0 1", "a1a2"), init(), inline.see("k7/8/8/8/8/8/8/K7 w - - 0 1", "Ka2"), pkg.version];\n`;
  const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
  for (const [module, resolution] of [
    ["commonjs", "node10"],
    ["node16", "node16"],
    ["nodenext", "nodenext"],
    ["esnext", "bundler"],
  ]) {
    const config = {
      compilerOptions: { strict: true, noEmit: true, target: "es2022", module, moduleResolution: resolution, resolveJsonModule: true, esModuleInterop: true, types: [] },
      files: ["use.ts"],
    };
    writeFileSync(join(dir, "use.ts"), use(resolution === "nodenext" ? ' with { type: "json" }' : ""));
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
    try {
      execFileSync("node", [tsc, "-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
    } catch (e) {
      throw new Error(`moduleResolution ${resolution}:\n${e.stdout}`);
    }
  }
});
