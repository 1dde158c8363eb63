// The order files start in. Vitest starts the largest files first when it has no timings of an
// earlier run (CI's clean clone never has), but a file's size says little of its time: small files
// that wait on outside processes (npm installs from the tarball, other Node and TypeScript
// versions, tsc, Redocly) ran last and left the other workers idle at the end of the run.
import { existsSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { root } from "./project.js";

// The longest files of a CI run on a 2-core machine, longest first (durations of 2026-11-29, in
// seconds): started in this order, no worker is left with a long file when the others are done.
const SLOW_FIRST = [
  "test/docs/docs.test.ts", // 160
  "test/sandbox/serve.test.ts", // 108
  "test/package/consumer.test.ts", // 106
  "test/contract/hostile-servers.test.ts", // 74
  "test/contract/contract-test.test.ts", // 67
  "test/commands/command-line.test.ts", // 57
  "test/contract/first-day.test.ts", // 49
  "test/package/examples.test.ts", // 44
  "test/package/node-versions.test.ts", // 44
  "test/package/typescript-versions.test.ts", // 40
  "test/contract/never-green-on-nothing.test.ts", // 35
  "test/docs/code-samples.test.ts", // 33
  "test/interop/other-tools.test.ts", // 32
  "test/contract/server-being-built.test.ts", // 30
  "test/docs/workflow-panel.test.ts", // 30
  "test/contract/start-refusals.test.ts", // 30
  "test/contract/one-key.test.ts", // 26
  "test/contract/one-verdict.test.ts", // 24
  "test/sandbox/robustness.test.ts", // 24
  "test/document/lint-and-generate.test.ts", // 22
  "test/client/fronts.test.ts", // 21
  "test/workflows/workflows.test.ts", // 20
  "test/interop/bruno.test.ts", // 17
  "test/types/generated-types.test.ts", // 13
];

// A file renamed or removed is said at once, not left to order nothing.
for (const file of SLOW_FIRST) if (!existsSync(path.join(root, file))) throw new Error(`test/helpers/slow-first.ts lists ${file}, which does not exist`);

const rank = (file: TestSpecification) => {
  const at = SLOW_FIRST.findIndex((slow) => file.moduleId.endsWith(slow));
  return at < 0 ? SLOW_FIRST.length : at;
};

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
