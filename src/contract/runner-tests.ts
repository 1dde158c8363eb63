// The contract tester's run as tests for a runner (vitest, jest, node:test): one per operation and
// check planned, one per workflow, and one for the run as a whole.
import { registry } from "./checks/registry.js";
import { buildCases, planContext } from "./plan.js";
import { failureBlock } from "./report-text.js";
import { exitCodeOf } from "./run/report.js";
import type { Report } from "./run/run-types.js";
import { NOT_IMPLEMENTED_CHECK } from "./implemented.js";
import type { CheckResult } from "./verdict.js";
import { testNameOf } from "./case.js";
import { reportOf, runOptions, type ContractTestOptions } from "./library.js";

/** What runners hand a test (vitest's context, node:test's TestContext): a way to mark it skipped. */
type RunnerContext = { skip?: (note?: string) => void } | undefined;

export type ContractTestCase = { name: string; run: (context?: RunnerContext) => Promise<void> };

/** Each planned test's name, and the operation it is charged to. */
type PlannedTests = Map<string, string>;

/** A test per operation and check (those of the cases, and those a check reports on from its own phase or verdicts), and per workflow. */
function plannedTests(options: ContractTestOptions): PlannedTests {
  const prepared = runOptions(options);
  const plan = planContext({ ...prepared, hasBasicIdentity: prepared.basic !== undefined });
  const covered = registry.filter((check) => check.covers && plan.wanted(check.name)).flatMap((check) => check.covers!(plan).map((test) => ({ ...test, check: check.name })));
  return new Map([...buildCases(plan), ...covered].map((test) => [testNameOf(test), test.operationId]));
}

/** The failures among the results, each kind once, as the CLI prints them. */
const failuresText = (results: CheckResult[]) =>
  [...new Map(results.filter((r) => !r.passed).map((r) => [JSON.stringify([r.check, r.problems]), r])).values()]
    .map((example) => failureBlock({ example, count: 1 }, false)).join("\n\n");

/**
 * A test that stands for a verdict reported by another: skipped where the runner can; elsewhere it
 * fails when that verdict is a failure, so that no test passes over a failure.
 */
function reportedElsewhere(context: RunnerContext, why: string, failure?: string) {
  if (context?.skip) return context.skip(why);
  if (failure) throw new Error(failure);
}

/** One planned test's verdict, read from the whole run's report: returns when it passes (or is skipped), throws the failure text otherwise. */
function testVerdict(whole: Report, planned: PlannedTests, name: string, context: RunnerContext): void {
  const operationId = planned.get(name)!;
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
    if ([...planned.keys()].find((other) => planned.get(other) === operationId) !== name) return reportedElsewhere(context, `${text} (reported once, by its first test)`, failure);
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
}

/** The whole run's verdict: it fails exactly when the CLI would exit non-zero, naming what no other test carries. */
function wholeRunVerdict(whole: Report, planned: PlannedTests): void {
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
}

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
  const planned = plannedTests(options);
  let running: Promise<Report> | undefined;
  const report = () => (running ??= reportOf(options));
  return [
    ...[...planned.keys()].map((name) => ({ name, run: async (context?: RunnerContext) => testVerdict(await report(), planned, name, context) })),
    { name: "the run as a whole", run: async () => wholeRunVerdict(await report(), planned) },
  ];
}
