import { parseArgs } from "node:util";
import { CHECK_DESCRIPTIONS, CHECKS, type CheckName } from "../contract/cases.js";
import { operationIds, type OperationId } from "../contract/document.js";
import { writeJUnit, writeNdjson } from "../contract/report-files.js";
import { progressLine, summary } from "../contract/report-text.js";
import { runContractTests } from "../contract/run.js";
import { ConnectionError } from "../contract/send.js";
import { readCredentials } from "./credentials.js";
import { UsageError } from "./usage-error.js";

export const contractTestHelp = `Usage: txc-api contract-test --base-url URL [options]

Tests whether a server keeps the contract of the API document: every case and check comes from
the document. Credentials come from TXC_API_KEY and TXC_API_SECRET (or --api-secret-file).

Options:
  --base-url URL               the server to test, such as http://127.0.0.1:8080 (required)
  --operation ID               test only this operation (repeatable; default: all)
  --checks LIST                comma-separated checks to run (default: all), of:
${CHECKS.map((check) => `                                 ${check.padEnd(15)} ${CHECK_DESCRIPTIONS[check]}`).join("\n")}
  --include-mutations          also send the state-changing operations (applyCode, refundDeposit,
                               updateFlexAutoReinvestment, resetSubAccountApiKey). Off by default:
                               never point this at a real account without knowing what it does.
  --seed N                     seed of the generated requests (default 1): the same seed, the same run
  --examples-per-operation N   generated valid requests per operation (default 10)
  --timeout MS                 per request (default 10000)
  --concurrency N              requests in flight (default 1: a server that wants increasing
                               nonces may see concurrent requests of one key out of order)
  --junit FILE                 also write JUnit XML
  --json FILE                  also write NDJSON, one line per check result
  --api-secret-file FILE       read the API secret from FILE instead of TXC_API_SECRET

Against a mock that does not verify signatures (Prism, txc-api mock), run
  --checks positive,negative,auth-headers,public

Exit status: 0 when every check passes, 1 on any violation, 2 on usage or connection errors.
Each failure shows what was expected, what came back, and a command that reproduces it.`;

function positiveInteger(value: string | undefined, fallback: number, option: string, minimum = 1): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum) throw new UsageError(`${option} must be an integer >= ${minimum}, not ${value}`);
  return number;
}

export async function contractTestCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      "base-url": { type: "string" },
      operation: { type: "string", multiple: true },
      checks: { type: "string" },
      "include-mutations": { type: "boolean", default: false },
      seed: { type: "string" },
      "examples-per-operation": { type: "string" },
      timeout: { type: "string" },
      concurrency: { type: "string" },
      junit: { type: "string" },
      json: { type: "string" },
      "api-secret-file": { type: "string" },
    },
    strict: true,
  });
  const baseUrl = values["base-url"]?.replace(/\/+$/, "");
  if (!baseUrl || !/^https?:\/\/[^/]+$/.test(baseUrl)) throw new UsageError("--base-url is required: the server's base address, such as http://127.0.0.1:8080");
  const operations = (values.operation ?? operationIds) as OperationId[];
  const unknown = operations.filter((id) => !operationIds.includes(id));
  if (unknown.length) throw new UsageError(`unknown --operation ${unknown.join(", ")}; operations: ${operationIds.join(", ")}`);
  const checks = new Set((values.checks?.split(",").map((c) => c.trim()) ?? CHECKS) as CheckName[]);
  const unknownChecks = [...checks].filter((check) => !CHECKS.includes(check));
  if (unknownChecks.length) throw new UsageError(`unknown check ${unknownChecks.join(", ")}; checks: ${CHECKS.join(", ")}`);
  const { apiKey, apiSecret } = readCredentials(values["api-secret-file"]);

  console.log(`Contract-testing ${baseUrl} (checks: ${[...checks].join(", ")})`);
  let report;
  try {
    report = await runContractTests({
      baseUrl,
      apiKey,
      apiSecret,
      operations,
      checks,
      includeMutations: values["include-mutations"]!,
      seed: positiveInteger(values.seed, 1, "--seed", 0),
      examplesPerOperation: positiveInteger(values["examples-per-operation"], 10, "--examples-per-operation", 0),
      timeoutMs: positiveInteger(values.timeout, 10_000, "--timeout"),
      concurrency: positiveInteger(values.concurrency, 1, "--concurrency"),
      onOperationDone: (operationId, results) => console.log(progressLine(operationId, results)),
    });
  } catch (error) {
    if (error instanceof ConnectionError) throw new UsageError(`cannot reach the server: ${error.message}`);
    throw error;
  }
  console.log("");
  console.log(summary(report));
  if (values.junit) writeJUnit(values.junit, report);
  if (values.json) writeNdjson(values.json, report);
  process.exitCode = report.results.every((r) => r.passed) ? 0 : 1;
}
