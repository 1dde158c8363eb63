import { TxcError } from "../errors/base.js";
import { registry, type CheckName } from "./checks/registry.js";
import type { OperationId } from "../../generated/operations.js";
import { buildCases, planContext } from "./plan.js";
import { failureBlock } from "./report-text.js";
import { runPlan } from "./run.js";
import { exitCodeOf } from "./run/report.js";
import type { BlockedWorkflow, Outcome, Report, RunEvent } from "./run/run-types.js";
import { LIBRARY_WORDING, OptionError, resolveTesterOptions } from "./tester-options.js";
import { NOT_IMPLEMENTED_CHECK } from "./implemented.js";
import type { NotSelected } from "./selection.js";
import type { Coverage, MinCoverage } from "../validation/coverage.js";
import { checkFixtures, FixturesError, type FixtureLists, type FixturesGiven } from "./fixtures.js";
import type { ApiKeyPair } from "../signing/sign.js";
import type { CheckResult } from "./verdict.js";
import { testNameOf } from "./case.js";

export type ContractTestOptions = {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** More main keys, to spread the load (each key's nonces stay in order at any concurrency). */
  moreKeys?: ApiKeyPair[];
  /** An ordinary account's key: adds the partner-only check. */
  basic?: ApiKeyPair;
  /** The checks to run; default all but the opt-in ones (rate-limits). A name that is no check is refused. */
  checks?: readonly (CheckName | (string & {}))[];
  /** The operations to test; default all. A plain string[] is taken; a name that is no operation is refused. */
  operations?: readonly (OperationId | (string & {}))[];
  examplesPerOperation?: number;
  seed?: number;
  includeMutations?: boolean;
  /**
   * Real request fields by operation: one object or a list of them each (a sequence takes the next
   * value where one was used up, so that runs back to back pass), or a function asked once per
   * operation. Checked against the request schemas before the run.
   */
  fixtures?: FixturesGiven;
  concurrency?: number;
  /**
   * Connections per key (default 4): requests in a row take them in turn, so that several
   * processes behind one address each get some; a replay is resent on this many connections of
   * its own, and a race sends one request per key held at once (with one key, this many).
   */
  connections?: number;
  timeoutMs?: number;
  pacing?: boolean;
  maxRateLimitWaitMs?: number;
  /** The whole run's deadline: checks not started by then are not run, and the run fails (as the CLI's --max-time). */
  maxTimeMs?: number;
  /** Stop after this many failed checks; the run fails (as the CLI's --max-failures). */
  maxFailures?: number;
  proxy?: string;
  signal?: AbortSignal;
  /** Progress as the run goes: each result, each operation done, each note. */
  onEvent?: (event: RunEvent) => void;
  /**
   * Pass a run that leaves something asked for unexercised (an operation named in `operations`, a
   * check named in `checks`, or every operation); default false: such a run fails, saying why.
   */
  allowPartial?: boolean;
  /** The least coverage of the document the run must reach, in percent: `{ operations: 100, statuses: 60 }`. */
  minCoverage?: MinCoverage;
  /**
   * Operations the server does not have yet: answering 404, 405 or 501 to every request, each
   * passes as "not implemented, as expected"; one that answers is tested as usual, and a note says
   * to take it off the list. A name that is no operation is refused.
   */
  expectNotImplemented?: readonly (OperationId | (string & {}))[];
};

export type ContractFailure = { message: string; expected: string; got: string; reproduction: string };
/** One test's results: an operation's for one check, or one workflow's (check "sequences", its workflowId given). */
export type ContractCheckResult = { operationId: string; check: string; workflowId?: string; passed: boolean; failures: ContractFailure[] };
export type ContractTestResult = {
  /** As the CLI's: 0 every planned check ran and passed, 1 a violation or nothing checked. */
  exitStatus: 0 | 1;
  passed: number;
  failed: number;
  /** Operations not selected (notSelected.operations.length). */
  skipped: number;
  /** One entry per operation and check, and per workflow; an operation the server does not have is one entry, check "implemented". */
  results: ContractCheckResult[];
  /** Failures of the run as a whole, beyond its cases (a run cut short, nothing checked). */
  runProblems: string[];
  /** Answers 429 that were waited out (a quiet window of the documented period) and sent again. */
  rateLimited: number;
  notes: string[];
  /** Operations whose every request was answered 404, 405, 501 or an undocumented status. */
  notImplemented: string[];
  /** Workflows that met an operation of `notImplemented`: neither passed nor failed. */
  blocked: BlockedWorkflow[];
  /** What the run left out, and why: operations not asked for or that change state, checks not asked for or idle. */
  notSelected: NotSelected;
  /** Every operation of the document and what became of it. */
  outcomes: { operationId: string; outcome: Outcome }[];
  /** How much of the document the run exercised: operations, documented statuses observed, checks per operation. */
  coverage: Coverage;
};

/**
 * The run could not test (exit 2 in the CLI): it could not start (options, the target is not this
 * API, the credentials were refused), or it stopped on the way (the server stopped answering).
 */
export class ContractTestStoppedError extends TxcError {
  override name = "ContractTestStoppedError";
  /** What the run found before it ended, when it had started. */
  result?: ContractTestResult;
}

function fixturesOf(given: FixturesGiven | undefined): FixtureLists | undefined {
  try {
    return given === undefined ? undefined : checkFixtures(given, "fixtures");
  } catch (error) {
    if (error instanceof FixturesError) throw new ContractTestStoppedError(error.message);
    throw error;
  }
}

function runOptions(options: ContractTestOptions) {
  try {
    return {
      ...resolveTesterOptions({
        ...options,
        identities: [{ apiKey: options.apiKey, apiSecret: options.apiSecret }, ...(options.moreKeys ?? [])],
        fixtures: fixturesOf(options.fixtures),
      }, LIBRARY_WORDING),
      signal: options.signal,
      onEvent: options.onEvent,
    };
  } catch (error) {
    if (error instanceof OptionError) throw new ContractTestStoppedError(error.message);
    throw error;
  }
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
    const key = testNameOf(result);
    let entry = byPair.get(key);
    if (!entry) byPair.set(key, (entry = { operationId: result.operationId, check: result.check, ...(result.workflowId ? { workflowId: result.workflowId } : {}), passed: true, failures: [] }));
    if (!result.passed) {
      entry.passed = false;
      entry.failures.push(failureOf(result));
    }
  }
  return [...byPair.values()];
}

function resultOf(report: Report): ContractTestResult {
  return {
    exitStatus: exitCodeOf(report) === 0 ? 0 : 1,
    passed: report.results.filter((r) => r.passed).length,
    failed: report.results.filter((r) => !r.passed).length,
    skipped: report.notSelected.operations.length,
    results: grouped(report.results),
    runProblems: [...(report.stoppedEarly ? [report.stoppedEarly.cause] : []), ...report.runProblems],
    rateLimited: report.rateLimited,
    notes: report.notes,
    notImplemented: report.notImplemented,
    blocked: report.blocked,
    notSelected: report.notSelected,
    outcomes: report.outcomes,
    coverage: report.coverage,
  };
}

/** The run's report; a run that could not test rejects with ContractTestStoppedError (its result attached), the tester's own failure as it is. */
async function reportOf(options: ContractTestOptions): Promise<Report> {
  const report = await runPlan(runOptions(options));
  options.signal?.throwIfAborted();
  const stop = report.stoppedEarly;
  if (stop?.error !== undefined) throw stop.error;
  if (stop?.exitStatus === 2) throw Object.assign(new ContractTestStoppedError(stop.cause), { result: resultOf(report) });
  return report;
}

/**
 * The contract tester as a library, as `txc-api contract-test` runs it: the result by operation and
 * check. A run that cannot start, or a server that stops answering, rejects with
 * ContractTestStoppedError carrying the CLI's one line. Secrets appear nowhere in the result.
 */
export async function runContractTest(options: ContractTestOptions): Promise<ContractTestResult> {
  return resultOf(await reportOf(options));
}

/** What runners hand a test (vitest's context, node:test's TestContext): a way to mark it skipped. */
type RunnerContext = { skip?: (note?: string) => void } | undefined;

export type ContractTestCase = { name: string; run: (context?: RunnerContext) => Promise<void> };

/**
 * The run as tests for a runner (vitest, jest, node:test): one per operation and check planned,
 * one per workflow of the sequences check ("workflow redeemCodeOnce"), and one for the run as a
 * whole, which fails exactly when the CLI would exit non-zero. The run happens once, when the
 * first test runs; a failing test throws the CLI's failure text with the reproduction. A test with
 * nothing to say of its own (an operation reported by its first test, a workflow blocked by an
 * operation the server lacks, a case the run noted and did not check) is skipped where the runner
 * can skip (vitest, node:test); elsewhere (jest) it fails where the verdict it stands for is a
 * failure, and passes where it is not.
 *
 *   for (const test of contractTests(options)) it(test.name, test.run, 120_000);
 */
export function contractTests(options: ContractTestOptions): ContractTestCase[] {
  const prepared = runOptions(options);
  const plan = planContext({ ...prepared, hasBasicIdentity: prepared.basic !== undefined });
  // A test per operation and check (those of the cases, and those a check reports on from its own phase or verdicts), and per workflow.
  const covered = registry.filter((check) => check.covers && plan.wanted(check.name)).flatMap((check) => check.covers!(plan).map((test) => ({ ...test, check: check.name })));
  const planned = new Map([...buildCases(plan), ...covered].map((test) => [testNameOf(test), test.operationId]));
  const names = [...planned.keys()];
  let running: Promise<Report> | undefined;
  const report = () => (running ??= reportOf(options));
  const failuresText = (results: CheckResult[]) =>
    [...new Map(results.filter((r) => !r.passed).map((r) => [JSON.stringify([r.check, r.problems]), r])).values()]
      .map((example) => failureBlock({ example, count: 1 }, false)).join("\n\n");
  // A test that stands for a verdict reported by another: skipped where the runner can; elsewhere
  // it fails when that verdict is a failure, so that no test passes over a failure.
  const reportedElsewhere = (context: RunnerContext, why: string, failure?: string) => {
    if (context?.skip) return context.skip(why);
    if (failure) throw new Error(failure);
  };
  const tests: ContractTestCase[] = [...planned].map(([name, operationId]) => ({
    name,
    run: async (context) => {
      const whole = await report();
      const blocked = whole.blocked.find((b) => `workflow ${b.workflowId}` === name);
      if (blocked) {
        const blocker = whole.results.find((r) => r.operationId === blocked.blockedBy && r.check === NOT_IMPLEMENTED_CHECK);
        const why = `${name}: blocked by ${blocked.blockedBy}, which is not implemented (reported once, by its test)`;
        return reportedElsewhere(context, why, blocker?.passed ? undefined : why);
      }
      const absent = whole.results.find((r) => r.operationId === operationId && r.check === NOT_IMPLEMENTED_CHECK);
      if (absent) {
        const text = `${operationId}: ${absent.name}`;
        const failure = absent.passed ? undefined : `${text}\n\n${failureBlock({ example: absent, count: 1 }, false)}`;
        // One result for the operation, on its first test.
        if (names.find((other) => planned.get(other) === operationId) !== name) return reportedElsewhere(context, `${text} (reported once, by its first test)`, failure);
        if (failure) throw new Error(failure);
        return;
      }
      const results = whole.results.filter((r) => testNameOf(r) === name);
      if (results.length === 0) {
        if (whole.stoppedEarly) throw new Error(`${name}: nothing was checked (${whole.stoppedEarly.cause})`);
        const said = whole.notes.filter((note) => note.startsWith(`${operationId}: `) || note.startsWith(`${name} `) || note.startsWith(`${name}: `));
        return reportedElsewhere(context, `${name}: no verdict of its own in this run${said.length ? `: ${said.join("; ")}` : ""}`);
      }
      const text = failuresText(results);
      if (text) throw new Error(text);
    },
  }));
  tests.push({
    name: "the run as a whole",
    run: async () => {
      const whole = await report();
      if (exitCodeOf(whole) === 0) return;
      const rest = whole.results.filter((r) => !planned.has(testNameOf(r)));
      const failing = [...new Set(whole.results.filter((r) => !r.passed && planned.has(testNameOf(r))).map(testNameOf))];
      const problems = [
        ...(whole.stoppedEarly ? [whole.stoppedEarly.cause] : []),
        ...whole.runProblems,
        failing.length ? `failed: ${failing.join(", ")} (each its own test)` : "",
        failuresText(rest.filter((r) => r.check !== NOT_IMPLEMENTED_CHECK)),
      ].filter(Boolean);
      throw new Error(problems.join("\n\n"));
    },
  });
  return tests;
}
