import { defineConfig } from "vitest/config";
import SlowFirst from "./test/helpers/slow-first.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Tests run dist/: a build older than src/ or generated/ stops the run, saying so.
    globalSetup: ["test/helpers/fresh-dist.ts", "test/helpers/packed-tarball.ts"],
    // A limit is what a stuck test would exceed, never what a busy machine does (the suite holds
    // when run twice side by side on 2 cores): test/helpers/project.ts STUCK_MS, 10 minutes.
    testTimeout: 600_000,
    // Most files wait on processes, sockets and documented rate-limit windows, not on the CPU: three
    // at a time on a 2-core machine (vitest's default there is one) keep both cores busy. Measured on
    // a quiet 2-core machine: 166 s with two, 148 s with three. Nothing rebuilds dist/ during the run.
    maxWorkers: 3,
    // Small files that wait long on outside processes start first (test/helpers/slow-first.ts).
    sequence: { sequencer: SlowFirst },
    hookTimeout: 600_000,
    // The JSON report is what .ci/run reads to print its closing "N passed, N failed" line.
    reporters: ["default", "json"],
    outputFile: { json: "dist/vitest-report.json" },
  },
});
