// npm test: the three tiers of test/helpers/tiers.ts. The fast tier first, with nothing built (on a
// fresh clone it is the proof that it needs nothing); then the build, the docs page and the type
// check; then the integration and end-to-end tiers in one vitest run, sharing its workers. Each
// vitest run writes its JSON report to test-results/, which scripts/test-summary.mjs adds up.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";

export const REPORTS = { fast: "test-results/fast.json", rest: "test-results/integration-and-end-to-end.json" };

const run = (command, args) => new Promise((resolve) => {
  console.log(`\n> ${[command, ...args].join(" ")}`);
  spawn(command, args, { stdio: "inherit" }).on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
const vitest = (report, ...projects) => run("npx", ["vitest", "run", ...projects.flatMap((name) => ["--project", name]), `--outputFile.json=${report}`]);

if (import.meta.url === `file://${process.argv[1]}`) {
  rmSync("test-results", { recursive: true, force: true });
  mkdirSync("test-results");
  const fast = await vitest(REPORTS.fast, "fast");
  // The tiers after it need the build; a build that fails leaves their report missing, which the summary counts as a failure.
  const built = (await run("npm", ["run", "build"])) === 0 && (await run("node", ["scripts/side-by-side.mjs", "docs", "typecheck"])) === 0;
  const rest = built ? await vitest(REPORTS.rest, "integration", "end-to-end") : 1;
  process.exit(fast !== 0 ? fast : rest);
}
