// The package's TypeScript types (npm/index.d.ts) compile a typical use under --strict,
// and refuse what they should (test/types/use.ts's @ts-expect-error lines).
import { test } from "node:test";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

test("the types compile a typical use and refuse wrong ones", () => {
  const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
  const project = fileURLToPath(new URL("types/tsconfig.json", import.meta.url));
  execFileSync("node", [tsc, "-p", project], { stdio: "inherit" });
});
