// The order files start in. Vitest starts the largest files first when it has no timings of an
// earlier run (CI's clean clone never has), but a file's size says little of its time: small files
// that wait on outside processes (npm installs from the tarball, other Node and TypeScript
// versions, tsc, Redocly) ran last and left the other workers idle at the end of the run. So files
// start longest first by the seconds of the last run's JSON reports: this machine's own in
// test-results/ where they have a file, else test/durations.json (npm run test:durations writes it from them).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { durationsOf, DURATIONS_FILE } from "../../scripts/test-durations.mjs";
import { REPORTS } from "../../scripts/test-tiers.mjs";
import { root } from "./project.js";

/** Each file's seconds: this machine's last reports where they have the file (a run of one tier has only some), else the committed ones. */
function lastDurations(): Record<string, number> {
  const committed = path.join(root, DURATIONS_FILE);
  const kept: Record<string, number> = existsSync(committed) ? JSON.parse(readFileSync(committed, "utf8")) : {};
  return { ...kept, ...durationsOf(Object.values(REPORTS).map((report) => path.join(root, report)), root) };
}

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = lastDurations();
    const of = (file: TestSpecification) => seconds[path.relative(root, file.moduleId)] ?? 0;
    // Array.prototype.sort is stable: files the reports do not know keep vitest's own order, after the rest.
    return (await super.sort(files)).sort((a, b) => of(b) - of(a));
  }
}
