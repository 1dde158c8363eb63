import { operationIndex } from "../../generated/operations.js";
import { TxcError } from "../errors/base.js";
import { DEFAULT_TIMEOUT_MS } from "../client/defaults.js";
import { checkBaseUrl } from "../transport/base-url.js";
import { CHECK_NAMES, DEFAULT_CHECKS, isCheckName, type CheckName } from "./checks/registry.js";
import type { OperationId } from "./document.js";
import { buildCases, planContext } from "./plan.js";
import { failureBlock } from "./report-text.js";
import { DEFAULT_MAX_RATE_LIMIT_WAIT_MS, exitCodeOf, runContractTests, type Report, type RunEvent } from "./run.js";
import { ConnectionError, type Identity } from "./send.js";
import { StartError } from "./start.js";
import type { CheckResult } from "./verdict.js";

export type ContractTestOptions = {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** More main keys, to spread the load (each key's nonces stay in order at any concurrency). */
  moreKeys?: Identity[];
  /** An ordinary account's key: adds the partner-only check. */
  basic?: Identity;
  /** The checks to run; default all but the opt-in ones (rate-limits). */
  checks?: CheckName[];
  /** The operations to test; default all. */
  operations?: OperationId[];
  examplesPerOperation?: number;
  seed?: number;
  includeMutations?: boolean;
  fixtures?: Partial<Record<OperationId, Record<string, unknown>>>;
  concurrency?: number;
  timeoutMs?: number;
  pacing?: boolean;
  maxRateLimitWaitMs?: number;
  proxy?: string;
  signal?: AbortSignal;
  /** Progress as the run goes: each result, each operation done, each note. */
  onEvent?: (event: RunEvent) => void;
};

export type ContractFailure = { message: string; expected: string; got: string; reproduction: string };
export type ContractCheckResult = { operationId: string; check: string; passed: boolean; failures: ContractFailure[] };
export type ContractTestResult = {
  /** As the CLI's: 0 every planned check ran and passed, 1 a violation or nothing checked. */
  exitStatus: 0 | 1;
  passed: number;
  failed: number;
  skipped: number;
  /** One entry per operation and check. */
  results: ContractCheckResult[];
  /** Failures of the run as a whole, beyond its cases (a run cut short, nothing checked). */
  runProblems: string[];
  notes: string[];
};

/** The run could not start or went on no more (exit 2 in the CLI): the target is not this API, refused the credentials, or stopped answering. */
export class ContractTestStartError extends TxcError {
  override name = "ContractTestStartError";
}

function runOptions(options: ContractTestOptions) {
  const baseUrl = checkBaseUrl(options?.baseUrl);
  if ("problem" in baseUrl) throw new ContractTestStartError(`baseUrl ${baseUrl.problem}`);
  const checks = options.checks ?? [...DEFAULT_CHECKS];
  const unknownCheck = checks.find((check) => !isCheckName(check));
  if (unknownCheck) throw new ContractTestStartError(`unknown check ${JSON.stringify(unknownCheck)}; checks: ${CHECK_NAMES.join(", ")}`);
  const operations = options.operations ?? (Object.keys(operationIndex) as OperationId[]);
  const unknownOperation = operations.find((id) => !Object.hasOwn(operationIndex, id));
  if (unknownOperation) throw new ContractTestStartError(`unknown operation ${JSON.stringify(unknownOperation)}; operations: ${Object.keys(operationIndex).join(", ")}`);
  return {
    baseUrl: baseUrl.url,
    identities: [{ apiKey: options.apiKey, apiSecret: options.apiSecret }, ...(options.moreKeys ?? [])],
    basic: options.basic,
    operations,
    checks: new Set(checks),
    includeMutations: options.includeMutations ?? false,
    seed: options.seed ?? 1,
    examplesPerOperation: options.examplesPerOperation ?? 10,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    concurrency: options.concurrency ?? 1,
    pacing: options.pacing ?? true,
    maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
    fixtures: options.fixtures,
    proxy: options.proxy,
    signal: options.signal,
    onEvent: options.onEvent,
  };
}

const failureOf = (result: CheckResult): ContractFailure => ({
  message: [result.name, ...result.problems.map((problem) => problem.message), ...(result.serverSays ? [`server: ${result.serverSays}`] : [])].join("; "),
  expected: result.expected,
  got: result.actual,
  reproduction: result.curl,
});

function grouped(results: CheckResult[]): ContractCheckResult[] {
  const byPair = new Map<string, ContractCheckResult>();
  for (const result of results) {
    const key = `${result.operationId}\n${result.check}`;
    let entry = byPair.get(key);
    if (!entry) byPair.set(key, (entry = { operationId: result.operationId, check: result.check, passed: true, failures: [] }));
    if (!result.passed) {
      entry.passed = false;
      entry.failures.push(failureOf(result));
    }
  }
  return [...byPair.values()];
}

function resultOf(report: Report): ContractTestResult {
  return {
    exitStatus: exitCodeOf(report),
    passed: report.results.filter((r) => r.passed).length,
    failed: report.results.filter((r) => !r.passed).length,
    skipped: report.skipped.length,
    results: grouped(report.results),
    runProblems: report.runProblems,
    notes: report.notes,
  };
}

async function reportOf(options: ContractTestOptions): Promise<Report> {
  const prepared = runOptions(options);
  try {
    const report = await runContractTests(prepared);
    options.signal?.throwIfAborted();
    return report;
  } catch (error) {
    if (error instanceof StartError) throw new ContractTestStartError(error.message);
    if (error instanceof ConnectionError) throw new ContractTestStartError(`the server stopped answering, so the run is incomplete: ${error.message}`);
    throw error;
  }
}

/**
 * The contract tester as a library, as `txc-api contract-test` runs it: the result by operation and
 * check. A run that cannot start, or a server that stops answering, rejects with
 * ContractTestStartError carrying the CLI's one line. Secrets appear nowhere in the result.
 */
export async function runContractTest(options: ContractTestOptions): Promise<ContractTestResult> {
  return resultOf(await reportOf(options));
}

export type ContractTestCase = { name: string; run: () => Promise<void> };

/**
 * The run as tests for a runner (vitest, jest, node:test): one per operation and check planned,
 * and one for the run as a whole (its own phases, such as the sequences, and its problems). The
 * run happens once, when the first test runs; a failing test throws the CLI's failure text with
 * the reproduction.
 *
 *   for (const test of contractTests(options)) it(test.name, test.run, 120_000);
 */
export function contractTests(options: ContractTestOptions): ContractTestCase[] {
  const prepared = runOptions(options);
  const plan = planContext({ ...prepared, hasBasicIdentity: prepared.basic !== undefined });
  const pairs = [...new Set(buildCases(plan).map((testCase) => `${testCase.operationId} · ${testCase.check}`))];
  let running: Promise<Report> | undefined;
  const report = () => (running ??= reportOf(options));
  const failuresText = (results: CheckResult[]) =>
    [...new Map(results.filter((r) => !r.passed).map((r) => [JSON.stringify([r.check, r.problems]), r])).values()]
      .map((example) => failureBlock({ example, count: 1 }, false)).join("\n\n");
  const tests: ContractTestCase[] = pairs.map((pair) => ({
    name: pair,
    run: async () => {
      const results = (await report()).results.filter((r) => `${r.operationId} · ${r.check}` === pair);
      if (results.length === 0) throw new Error(`${pair}: nothing was checked (the run stopped before it)`);
      const text = failuresText(results);
      if (text) throw new Error(text);
    },
  }));
  tests.push({
    name: "the run as a whole",
    run: async () => {
      const whole = await report();
      const rest = whole.results.filter((r) => !pairs.includes(`${r.operationId} · ${r.check}`));
      const problems = [...whole.runProblems, failuresText(rest)].filter(Boolean);
      if (problems.length) throw new Error(problems.join("\n\n"));
    },
  });
  return tests;
}
