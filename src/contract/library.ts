import { TxcError } from "../errors/base.js";
import type { OncePer } from "../validation/once-per.js";
import type { CheckName } from "./checks/registry.js";
import type { OperationId } from "../../generated/operations.js";
import { runPlan } from "./run.js";
import { exitCodeOf } from "./run/report.js";
import type { BlockedWorkflow, Outcome, Report, RunEvent } from "./run/run-types.js";
import { LIBRARY_WORDING, OptionError, resolveTesterOptions } from "./tester-options.js";
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
  /**
   * Once-only rules your server adds where the document is silent, raced (with
   * `includeMutations`) as the document's x-once-per is: `{ refundDeposit: ["transaction_id"] }`.
   * The same declaration as the server kit's `oncePer`.
   */
  oncePer?: OncePer;
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
  /** `result`: what the run found before it ended, when it had started. */
  constructor(message: string, readonly result?: ContractTestResult) {
    super(message);
  }
}

function fixturesOf(given: FixturesGiven | undefined): FixtureLists | undefined {
  try {
    return given === undefined ? undefined : checkFixtures(given, "fixtures");
  } catch (error) {
    if (error instanceof FixturesError) throw new ContractTestStoppedError(error.message);
    throw error;
  }
}

export function runOptions(options: ContractTestOptions) {
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
export async function reportOf(options: ContractTestOptions): Promise<Report> {
  const report = await runPlan(runOptions(options));
  options.signal?.throwIfAborted();
  const stop = report.stoppedEarly;
  if (stop?.error !== undefined) throw stop.error;
  if (stop?.exitStatus === 2) throw new ContractTestStoppedError(stop.cause, resultOf(report));
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
