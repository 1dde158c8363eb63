import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The JSON report is what .ci/run reads to print its closing "N passed, N failed" line.
    reporters: ["default", "json"],
    outputFile: { json: "dist/vitest-report.json" },
  },
});
