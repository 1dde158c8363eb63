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
  "test/sandbox/serve.test.ts", // 149
  "test/docs/docs.test.ts", // 144
  "test/package/consumer.test.ts", // 114
  "test/package/examples.test.ts", // 77
  "test/contract/first-day.test.ts", // 64
  "test/commands/command-line.test.ts", // 63
  "test/contract/contract-test.test.ts", // 62
  "test/docs/guide-pages.test.ts", // 53
  "test/contract/hostile-servers.test.ts", // 51
  "test/diff/diff.test.ts", // 40
  "test/docs/code-samples.test.ts", // 40
  "test/package/typescript-versions.test.ts", // 37
  "test/package/node-versions.test.ts", // 34
  "test/docs/copy-code.test.ts", // 32
  "test/contract/one-key.test.ts", // 29
  "test/interop/bruno.test.ts", // 25
  "test/contract/never-green-on-nothing.test.ts", // 23
  "test/contract/server-being-built.test.ts", // 23
  "test/docs/workflow-panel.test.ts", // 22
  "test/mcp/mcp-server.test.ts", // 20
  "test/contract/start-refusals.test.ts", // 19
  "test/client/one-key-in-flight.test.ts", // 18
  "test/interop/other-tools.test.ts", // 18
  "test/contract/signing-proxy.test.ts", // 15
  "test/client/retry.test.ts", // 14
  "test/mcp/installed.test.ts", // 14
  "test/docs/panel-themes.test.ts", // 14
  "test/document/lint-and-generate.test.ts", // 13
  "test/interop/postman.test.ts", // 13
  "test/client/fronts.test.ts", // 13
  "test/contract/one-verdict.test.ts", // 13
  "test/contract/deployed.test.ts", // 12
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
