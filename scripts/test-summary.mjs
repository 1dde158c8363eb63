// Prints the closing "N passed, N failed" line from vitest's JSON report (what CI reads).
import { existsSync, readFileSync } from "node:fs";

const reportPath = process.argv[2] ?? "dist/vitest-report.json";
if (!existsSync(reportPath)) {
  console.log(`No test report at ${reportPath}: the test run did not finish.`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportPath, "utf8"));
// Files that failed to load count as failures too, or a broken import could pass unseen.
const failedSuites = report.testResults.filter((file) => file.status === "failed" && file.assertionResults.length === 0).length;
const failed = report.numFailedTests + failedSuites;
console.log(`${report.numPassedTests} passed, ${failed} failed`);
process.exit(failed === 0 && report.numPassedTests > 0 ? 0 : 1);
