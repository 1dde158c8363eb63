// npm run test:durations: writes test/durations.json, each test file's seconds in the last run's
// JSON reports (test-results/, which npm test writes), longest first. test/helpers/slow-first.ts
// starts files in that order, so that no worker is left with a long file when the others are done.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPORTS } from "./test-tiers.mjs";

export const DURATIONS_FILE = "test/durations.json";

/**
 * { "test/…": seconds } of the reports that exist.
 * @param {string[]} reportPaths
 * @returns {Record<string, number>}
 */
export function durationsOf(reportPaths, root = process.cwd()) {
  /** @type {Record<string, number>} */
  const durations = {};
  for (const reportPath of reportPaths.filter((at) => existsSync(at))) {
    for (const file of JSON.parse(readFileSync(reportPath, "utf8")).testResults) {
      durations[path.relative(root, file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10;
    }
  }
  return durations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const durations = durationsOf(Object.values(REPORTS));
  const files = Object.keys(durations).length;
  if (files === 0) {
    console.error(`npm run test:durations: no report in test-results/ (run npm test first)`);
    process.exit(1);
  }
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${DURATIONS_FILE}: ${files} files, longest ${Object.entries(sorted)[0].join(" ")} s`);
}
