// Prints the closing "N passed, N failed" line from vitest's JSON reports (what CI reads): by
// default the reports npm test writes (scripts/test-tiers.mjs), or the ones named.
import { existsSync, readFileSync } from "node:fs";
import { REPORTS } from "./test-tiers.mjs";

const reportPaths = process.argv.length > 2 ? process.argv.slice(2) : Object.values(REPORTS);
let passed = 0;
let failed = 0;
for (const reportPath of reportPaths) {
  if (!existsSync(reportPath)) {
    console.log(`No test report at ${reportPath}: that test run did not finish.`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  // Files that failed to load count as failures too, or a broken import could pass unseen.
  const failedSuites = report.testResults.filter((file) => file.status === "failed" && file.assertionResults.length === 0).length;
  passed += report.numPassedTests;
  failed += report.numFailedTests + failedSuites;
  // A run that checked nothing never passes.
  if (report.numPassedTests === 0) {
    console.log(`${reportPath}: no test passed.`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
