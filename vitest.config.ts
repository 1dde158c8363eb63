import { defineConfig } from "vitest/config";
import SlowFirst from "./test/helpers/slow-first.js";
import { testFilesByTier } from "./test/helpers/tiers.js";

// Three tiers, each file's read from what it needs (test/helpers/tiers.ts): `vitest run --project
// fast` needs nothing built, so a fresh clone runs it at once; only the end-to-end tier checks that
// dist/ is fresh and packs the tarball.
const tiers = testFilesByTier(import.meta.dirname);

export default defineConfig({
  test: {
    // A limit is what a stuck test would exceed, never what a busy machine does (the suite holds
    // when run twice side by side on 2 cores): test/helpers/project.ts STUCK_MS, 10 minutes.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Most files wait on processes, sockets and documented rate-limit windows, not on the CPU: three
    // at a time on a 2-core machine (vitest's default there is one) keep both cores busy. Measured on
    // a quiet 2-core machine: 166 s with two, 148 s with three. Nothing rebuilds dist/ during the run.
    maxWorkers: 3,
    // Files that waited longest in the last run start first (test/helpers/slow-first.ts).
    sequence: { sequencer: SlowFirst },
    // The JSON report is what .ci/run reads to print its closing "N passed, N failed" line.
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest-report.json" },
    projects: [
      { extends: true, test: { name: "fast", include: tiers.fast } },
      { extends: true, test: { name: "integration", include: tiers.integration } },
      // Tests of dist/: a build older than src/ or generated/ stops the run, saying so.
      { extends: true, test: { name: "end-to-end", include: tiers["end-to-end"], globalSetup: ["test/helpers/fresh-dist.ts", "test/helpers/packed-tarball.ts"] } },
    ],
  },
});
