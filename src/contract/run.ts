import { sleep } from "../rate-limits/waiting.js";
import { nonceLeadMs } from "../signing/nonce.js";
import { counted } from "../text/counted.js";
import { isUnknownPath, type Case, type Observation } from "./case.js";
import type { PhaseContext, PlanContext } from "./checks/check.js";
import { registry } from "./checks/registry.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { buildCases, planContext } from "./plan.js";
import { refusedAsUsedUp } from "./fixtures.js";
import { ConnectionError, Sender, type ServerUnderTest } from "./send.js";
import { shrink } from "./shrink.js";
import { proveTarget } from "./start.js";
import { judge, type CheckResult } from "./verdict.js";
import type { TesterOptions } from "./tester-options.js";
import { Ledger } from "./run/ledger.js";
import { Pacer } from "./run/pacer.js";
import { StopConditions } from "./run/stop-conditions.js";
import { reportOf } from "./run/report.js";
import type { Report, RunEvent } from "./run/run-types.js";

export type RunOptions = TesterOptions & Pick<ServerUnderTest, "signal" | "onExchange"> & {
  /** What happens during the run, as it happens: the reports are written from these. */
  onEvent?: (event: RunEvent) => void;
};

/** Failing generated requests shrunk per run: each costs up to 20 more requests. */
const SHRUNK_PER_RUN = 5;

/** One run: its plan and cases, what it found (the ledger), how it sends (the pacer), and when it stops. */
class Run {
  readonly sender: Sender;
  readonly plan: PlanContext;
  readonly cases: Case[];
  readonly ledger: Ledger;
  readonly stops: StopConditions;
  readonly pacer: Pacer;
  readonly workers: number;
  next = 0;
  shrinkable = SHRUNK_PER_RUN;
  /** The first request that could not connect: the run ends, the target down or wrong. */
  unreachable?: ConnectionError;

  constructor(readonly options: RunOptions) {
    this.sender = new Sender(options);
    this.plan = planContext({ ...options, hasBasicIdentity: options.basic !== undefined });
    this.cases = buildCases(this.plan);
    this.ledger = new Ledger(options, this.cases);
    this.stops = new StopConditions(options, () => this.ledger.failed);
    this.pacer = new Pacer(this.sender, options, this.stops, [...options.identities, ...(options.basic ? [options.basic] : [])]);
    this.workers = Math.max(1, options.concurrency);
  }

  phaseContext(): PhaseContext {
    return {
      plan: this.plan,
      sendPaced: (testCase) => this.pacer.sendPaced(testCase),
      race: (testCase) => this.pacer.race(testCase),
      raceWidth: this.pacer.raceWidth,
      keysHeld: this.pacer.keysHeld.length,
      sendUnpaced: (testCase, worker) => this.pacer.sendUnpaced(testCase, worker),
      record: (result) => this.ledger.record(result),
      note: (note) => this.ledger.note(note),
      // One key's requests keep their order on its connection: any number of workers may share it.
      workers: this.workers,
      lastSentAt: () => this.sender.lastSentAt,
    };
  }
}

/** A failing generated request, shrunk to the smallest one that still fails. */
async function shrunk(run: Run, testCase: Case, result: CheckResult, worker: number): Promise<CheckResult> {
  if (run.shrinkable <= 0 || !testCase.generated) return result;
  run.shrinkable--;
  const before = Object.keys(testCase.fields ?? {}).length;
  const { smallest, result: smaller, tries } = await shrink(testCase, async (candidate) => {
    if (run.stops.reason()) return undefined;
    const verdict = judge(candidate, await run.pacer.sendPaced(candidate, worker));
    return verdict.passed ? undefined : verdict;
  });
  if (!smaller) return result;
  return { ...smaller, name: `${testCase.name}, shrunk from ${counted(before, "field")} to ${Object.keys(smallest.fields ?? {}).length} in ${counted(tries, "try", "tries")}` };
}

/**
 * A replay of a state-changing operation spends a value of its own from the run's supply (after
 * the workflows'), the next one where a value was refused as used up; without one left, it is
 * sent with the case's own fields (the example), and noted when refused.
 */
async function sentCase(run: Run, testCase: Case, worker: number): Promise<{ sent: Case; observation: Observation }> {
  const operationId = testCase.operationId as OperationId;
  if (testCase.tamper?.kind === "replay" && operationIndex[operationId]?.stateChanging) {
    for (let fields = run.plan.supply.take(operationId); fields; fields = run.plan.supply.take(operationId)) {
      const sent = { ...testCase, fields };
      const observation = await run.pacer.sendPaced(sent, worker);
      if (!refusedAsUsedUp(observation.firstStatus ?? observation.status)) return { sent, observation };
    }
  }
  return { sent: testCase, observation: await run.pacer.sendPaced(testCase, worker) };
}

/** One case: sent, judged by its check and by every selected check that judges accepted answers. */
async function runCase(run: Run, planned: Case, worker: number) {
  const sentAt = performance.now();
  const { sent: testCase, observation } = await sentCase(run, planned, worker);
  if (observation.firstStatus !== undefined && (observation.firstStatus < 200 || observation.firstStatus >= 300)) {
    // A case of several requests (a replay) is checked on its last answer, and only when the first
    // was accepted: a refused request may leave its nonce unused (the sandbox does).
    const spendsValues = operationIndex[testCase.operationId as OperationId]?.stateChanging;
    run.ledger.note(`${testCase.operationId}: ${testCase.name} not checked, its first request was refused (${observation.firstStatus})${spendsValues ? `; it needs a value of its own, unspent, after the workflow's: give one more in ${run.options.wording.name("fixtures")} (${testCase.operationId}: a list)` : ""}`);
    return;
  }
  const verdict = judge(testCase, observation);
  const durationMs = performance.now() - sentAt;
  if (testCase.ownAcceptance !== "when-failed" || !verdict.passed) run.ledger.record({ ...(verdict.passed ? verdict : await shrunk(run, testCase, verdict, worker)), durationMs });
  if (!verdict.passed || testCase.expect.kind !== "accepted") return;
  for (const check of registry) {
    if (!check.judgeAccepted || !run.plan.wanted(check.name)) continue;
    const extra = check.judgeAccepted(testCase, observation);
    if (extra) run.ledger.record({ ...extra, durationMs });
  }
}

async function worker(run: Run, index: number) {
  while (run.next < run.cases.length && !run.unreachable && !run.stops.reason()) {
    const testCase = run.cases[run.next++];
    try {
      await runCase(run, testCase, index);
    } catch (error) {
      // A request cut short by the deadline or the caller's signal is their doing, not the server's.
      const cutShort = error instanceof ConnectionError || run.options.signal?.aborted;
      if (cutShort && run.stops.reason()) return;
      if (!(error instanceof ConnectionError)) throw error;
      // The first request that cannot connect ends the run: the target is down or wrong.
      run.unreachable ??= error;
      return;
    }
    run.ledger.caseJudged(testCase.operationId);
  }
}

async function phases(run: Run, at: "before-cases" | "after-cases") {
  for (const check of registry) {
    if (check.phase?.at === at && run.plan.wanted(check.name) && !run.stops.reason()) await check.phase.run(run.phaseContext());
  }
}

/**
 * Runs the plan against the target, phase by phase: the start (the target and the credentials
 * proven), the checks' own phases that need untouched state (sequences, paging), the cases, the
 * phases that come last (rate limits); then waits until the clock has passed every nonce sent, so
 * that the next run with the same keys starts in order, and reports. Whatever ends the run, a
 * report comes back: `stoppedEarly` says why it ended before its plan was done (the start refused,
 * the server stopped answering, the caller's signal, the tester's own failure).
 */
export async function runPlan(options: RunOptions): Promise<Report> {
  const run = new Run(options);
  let failure: unknown;
  try {
    for (const note of await proveTarget(run.sender, {
      operationIds: run.plan.operations,
      selected: options.operations,
      pingPlanned: run.cases.some((testCase) => !isUnknownPath(testCase.operationId) && !operationIndex[testCase.operationId].signed),
      mainKeys: Math.min(run.workers, options.identities.length),
      hasBasic: options.basic !== undefined,
      fixtures: run.plan.fixtures,
      wording: options.wording,
    })) run.ledger.note(note);
    options.onEvent?.({ type: "started" });
    await phases(run, "before-cases");
    await Promise.all(Array.from({ length: run.workers }, (_, index) => worker(run, index)));
    if (run.unreachable) throw run.unreachable;
    await phases(run, "after-cases");
  } catch (error) {
    failure = error;
  } finally {
    // Above one request per millisecond the nonces run ahead of the clock: let it catch up.
    const identities = [...options.identities, ...(options.basic ? [options.basic] : [])];
    await sleep(Math.max(0, ...identities.map((identity) => nonceLeadMs(identity.apiKey))) + 1);
  }
  return reportOf({ options, cases: run.cases, ledger: run.ledger, stops: run.stops, rateLimited: run.pacer.rateLimited, requests: run.sender.requestsSent, error: failure });
}
