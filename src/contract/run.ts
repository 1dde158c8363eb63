import { RateLimiter } from "../rate-limits/limiter.js";
import { parseRetryAfter, sleep } from "../rate-limits/waiting.js";
import { QuietWindows } from "../rate-limits/quiet-windows.js";
import { nonceLeadMs } from "../signing/nonce.js";
import { counted } from "../text/counted.js";
import { exchangesOf, isUnknownPath, requestsOf, type Case, type Observation } from "./case.js";
import type { PhaseContext, PlanContext } from "./checks/check.js";
import { registry, type CheckName } from "./checks/registry.js";
import { contractFacts } from "../../generated/contract-facts.js";
import { operationIds, operationIndex, type OperationId } from "../../generated/operations.js";
import { never2xxResult, notImplementedResult } from "./implemented.js";
import { statusList } from "../validation/absent.js";
import { buildCases, planContext } from "./plan.js";
import { notSelected, type NotSelected } from "./selection.js";
import { unexercised } from "./exercised.js";
import { refusedAsUsedUp, type FixtureLists } from "./fixtures.js";
import { coverageOf, coverageShortfalls, type Coverage, type MinCoverage } from "../validation/coverage.js";
import { ConnectionError, Sender, type ServerUnderTest } from "./send.js";
import type { ApiKeyPair } from "../signing/sign.js";
import { shrink } from "./shrink.js";
import { proveTarget, StartError, startErrorText } from "./start.js";
import { judge, type CheckResult } from "./verdict.js";

export type RunOptions = ServerUnderTest & {
  operations: OperationId[];
  checks: ReadonlySet<CheckName>;
  includeMutations: boolean;
  seed: number;
  examplesPerOperation: number;
  /** Requests in flight; worker i signs with identity i modulo their number. */
  concurrency: number;
  /** Stay within the document's rate limits (default true). */
  pacing?: boolean;
  /** Most time, over the whole run, spent waiting out 429 answers before they count as failures. */
  maxRateLimitWaitMs?: number;
  /** The whole run's deadline (--max-time): checks not started by then are not run, and the run fails. */
  maxTimeMs?: number;
  /** Stop after this many failed checks (--max-failures). */
  maxFailures?: number;
  /** Real request fields by operation (--fixtures): one or more values each, checked already. */
  fixtures?: FixtureLists;
  /** What happens during the run, as it happens: the reports are written from these. */
  onEvent?: (event: RunEvent) => void;
  /** Who prints the refusals: the CLI names its flags, the library its options (default). */
  surface?: "cli" | "library";
  /** Whether the operations and the checks were named by the user: each named one must then be exercised. */
  named?: { operations: boolean; checks: boolean };
  /** A run that leaves what was asked for unexercised passes (--allow-partial): said as notes and in the summary line. */
  allowPartial?: boolean;
  /** Operations the server is known not to have yet (--expect-not-implemented): answering as absent, they pass. */
  expectNotImplemented?: readonly OperationId[];
  /** The least coverage of the document the run must reach (--min-coverage). */
  minCoverage?: MinCoverage;
};

export type RunEvent =
  /** The start has proven the target: checks follow. */
  | { type: "started" }
  /** A result as reported: an operation's results come once it is done, as one "not implemented" when the server lacks it. */
  | { type: "result"; result: CheckResult }
  | { type: "operation-done"; operationId: string; results: CheckResult[] }
  /** A workflow that met an operation the server does not have: reported once, as blocked by it. */
  | { type: "blocked"; blocked: BlockedWorkflow }
  | { type: "note"; note: string };

/** What became of an operation of the document in a run. */
export type Outcome = "passed" | "failed" | "not implemented" | "not selected" | "not exercised";

/** A workflow one of whose steps met an operation the server does not have: neither passed nor failed. */
export type BlockedWorkflow = { workflowId: string; operationId: string; blockedBy: string };

export type Report = {
  /** The checks the run was asked for. */
  checks: CheckName[];
  results: CheckResult[];
  /** Failures of the run as a whole, beyond its cases. */
  runProblems: string[];
  /** What was asked for and not exercised, when --allow-partial let the run pass anyway (else they are run problems). */
  partial?: string[];
  /**
   * Why the run ended before its plan was done, when it did: exit status 2 when it could not
   * test (the start refused, the server stopped answering), 1 when stopped (a signal, --max-time,
   * --max-failures). `error` is the tester's own failure, to be thrown once the reports are written.
   */
  stoppedEarly?: { cause: string; exitStatus: 1 | 2; error?: unknown };
  /** What the run could not check, and why (no failure). */
  notes: string[];
  /** Answers 429 that were waited out and sent again. */
  rateLimited: number;
  /** Operations whose every request was answered as by a server without them: one result each (passed when expected). */
  notImplemented: OperationId[];
  /** Workflows that met an operation of `notImplemented`: not run through, charged to no operation. */
  blocked: BlockedWorkflow[];
  notSelected: NotSelected;
  /** Every operation of the document and what became of it. */
  outcomes: { operationId: OperationId; outcome: Outcome }[];
  coverage: { operations: number; exercised: string[]; statuses: Record<string, { documented: readonly string[]; observed: number[] }> };
  /** The same coverage as percentages of the whole document, as the NDJSON summary and JUnit properties give it (and the proxy, of its traffic). */
  documentCoverage: Coverage;
  requests: number;
  durationMs: number;
};

/** 0 when every planned check ran and passed; 2 when the run could not test; else 1. */
export function exitCodeOf(report: Report): 0 | 1 | 2 {
  if (report.stoppedEarly) return report.stoppedEarly.exitStatus;
  return report.runProblems.length === 0 && report.results.every((r) => r.passed) ? 0 : 1;
}

const RATE_LIMITED_ATTEMPTS = 4;
/** Most time spent in all keeping quiet after 429s: a few documented periods. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** Failing generated requests shrunk per run: each costs up to 20 more requests. */
const SHRUNK_PER_RUN = 5;

/** The state of one run, in one place: what was sent, found and noted, and when to stop. */
class Run {
  readonly started = performance.now();
  readonly deadline: number;
  readonly sender: Sender;
  readonly limiter = new RateLimiter();
  readonly plan: PlanContext;
  readonly cases: Case[];
  readonly results: CheckResult[] = [];
  readonly byOperation = new Map<string, CheckResult[]>();
  /** Every exchange judged, by operation: a workflow's steps each under its own (what was exercised and observed). */
  readonly exchanges = new Map<string, { status: number | null; check: string }[]>();
  /** Results of operations not reported yet: reported once it is known whether the server has the operation. */
  readonly held = new Map<string, CheckResult[]>();
  /** Operations whose cases are done, and whether the server lacks each: decided before any is reported. */
  readonly absent = new Map<string, boolean>();
  readonly settled = new Set<string>();
  readonly notImplemented: OperationId[] = [];
  readonly blocked: BlockedWorkflow[] = [];
  /** The statuses each operation answered so far, in any result: did it ever answer 2xx. */
  readonly answered = new Map<string, Set<number>>();
  readonly notes: string[] = [];
  readonly pending = new Map<string, number>();
  readonly workers: number;
  rateLimited = 0;
  failed = 0;
  judged = 0;
  next = 0;
  waitBudgetMs: number;
  readonly quiet = new QuietWindows();
  shrinkable = SHRUNK_PER_RUN;
  /** The first request that could not connect: the run ends, the target down or wrong. */
  unreachable?: ConnectionError;
  /** The first stop condition met, kept so that the report names the one that ended the run. */
  #stopReason?: string;

  constructor(readonly options: RunOptions) {
    this.deadline = options.maxTimeMs === undefined ? Infinity : this.started + options.maxTimeMs;
    this.waitBudgetMs = options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS;
    this.sender = new Sender(options);
    this.plan = planContext({ ...options, hasBasicIdentity: options.basic !== undefined });
    this.cases = buildCases(this.plan);
    for (const testCase of this.cases) this.pending.set(testCase.operationId, (this.pending.get(testCase.operationId) ?? 0) + 1);
    this.workers = Math.max(1, options.concurrency);
  }

  record(result: CheckResult) {
    // --max-failures counts failures as they happen, before an operation's are reported.
    if (!result.passed) this.failed++;
    for (const { operationId, status } of exchangesOf(result)) {
      if (status === null) continue;
      const statuses = this.answered.get(operationId);
      if (statuses) statuses.add(status);
      else this.answered.set(operationId, new Set([status]));
    }
    if (this.settled.has(result.operationId)) return this.keep(result);
    const held = this.held.get(result.operationId);
    if (held) held.push(result);
    else this.held.set(result.operationId, [result]);
  }

  /** The results that say whether the server has the operation: all but workflows blocked by another one. */
  #ownResults(operationId: string): CheckResult[] {
    return (this.held.get(operationId) ?? []).filter((r) => r.blockedBy === undefined || r.blockedBy === operationId);
  }

  /** The operation's cases are done: whether the server has it is decided, and what can be reported is. */
  casesDone(operationId: string) {
    if (!this.absent.has(operationId)) {
      this.absent.set(operationId, !isUnknownPath(operationId) && notImplementedResult(operationId as OperationId, this.#ownResults(operationId)) !== undefined);
    }
    // An operation is reported once every operation its workflows were blocked by is decided.
    for (let progress = true; progress; ) {
      progress = false;
      for (const [id] of this.absent) {
        if (this.settled.has(id) || (this.held.get(id) ?? []).some((r) => r.blockedBy !== undefined && !this.absent.has(r.blockedBy))) continue;
        this.settle(id);
        progress = true;
      }
    }
  }

  /**
   * The operation's results are reported: as one "not implemented" when every answer said so (a
   * pass when expected), without the workflows blocked by another operation the server lacks, and
   * with a failure when it never answered 2xx.
   */
  settle(operationId: string) {
    if (this.settled.has(operationId)) return;
    const held = this.held.get(operationId) ?? [];
    const own = this.#ownResults(operationId);
    const blockedByAbsent = (r: CheckResult) => r.blockedBy !== undefined && r.blockedBy !== operationId && this.absent.get(r.blockedBy) === true;
    this.settled.add(operationId);
    this.held.delete(operationId);
    for (const result of held.filter(blockedByAbsent)) {
      const blocked = { workflowId: result.workflowId!, operationId, blockedBy: result.blockedBy! };
      this.blocked.push(blocked);
      this.options.onEvent?.({ type: "blocked", blocked });
    }
    // A workflow blocked by an operation the server has is a failure like any other.
    const others = held.filter((r) => !blockedByAbsent(r) && !own.includes(r));
    const expected = this.options.expectNotImplemented?.includes(operationId as OperationId) ?? false;
    const absent = isUnknownPath(operationId) ? undefined : notImplementedResult(operationId as OperationId, own, expected);
    if (absent) this.notImplemented.push(operationId as OperationId);
    else if (expected && own.length > 0) this.note(`${operationId}: listed as not implemented yet, and it answers (${statusList(own.flatMap((r) => (r.status === null ? [] : [r.status])))}): take it off the list`);
    const results = [...(absent ? [absent] : own), ...others];
    const never2xx = absent ? undefined : this.#never2xx(operationId);
    for (const result of never2xx ? [...results, never2xx] : results) this.keep(result);
    this.options.onEvent?.({ type: "operation-done", operationId, results: this.byOperation.get(operationId) ?? [] });
  }

  /** A failure of the operation when its cases all ran, one a valid request, and none of its answers was 2xx. */
  #never2xx(operationId: string): CheckResult | undefined {
    if (isUnknownPath(operationId) || !this.options.operations.includes(operationId as OperationId) || this.pending.get(operationId) !== 0) return undefined;
    const accepting = this.cases.find((testCase) => testCase.operationId === operationId && testCase.expect.kind === "accepted");
    return accepting && never2xxResult(operationId as OperationId, accepting.check, [...(this.answered.get(operationId) ?? [])]);
  }

  keep(result: CheckResult) {
    this.results.push(result);
    const ofOperation = this.byOperation.get(result.operationId);
    if (ofOperation) ofOperation.push(result);
    else this.byOperation.set(result.operationId, [result]);
    for (const { operationId, status } of exchangesOf(result)) this.exchanges.set(operationId, [...(this.exchanges.get(operationId) ?? []), { status, check: result.check }]);
    this.options.onEvent?.({ type: "result", result });
  }

  note(note: string) {
    this.notes.push(note);
    this.options.onEvent?.({ type: "note", note });
  }

  /**
   * Every condition that stops a run before its plan is done, in one place: the caller's signal,
   * --max-time, --max-failures. Asked before each case, each shrinking try and each phase; the
   * first one met is the run's reason from then on. (A server that stops answering ends the run
   * too, as a failure to test rather than a stop: `unreachable`.)
   */
  stopReason(): string | undefined {
    if (this.#stopReason) return this.#stopReason;
    const { signal, maxTimeMs, maxFailures } = this.options;
    if (signal?.aborted) this.#stopReason = `stopped by ${typeof signal.reason === "string" ? signal.reason : "the caller's signal"}`;
    else if (performance.now() >= this.deadline) this.#stopReason = `stopped at --max-time (${Math.round((maxTimeMs ?? 0) / 1000)} s)`;
    else if (maxFailures !== undefined && this.failed >= maxFailures) this.#stopReason = `stopped after ${maxFailures} failed checks (--max-failures ${maxFailures})`;
    return this.#stopReason;
  }

  /** The stop condition met so far, without asking again. */
  get stoppedBy(): string | undefined {
    return this.#stopReason;
  }

  async sendUnpaced(testCase: Case, worker: number, timeoutMs = this.options.timeoutMs): Promise<Observation> {
    return this.sender.observe(testCase, { worker, timeoutMs });
  }

  /**
   * Within the document's limits, and a 429 never passes: the run keeps quiet in the case's scopes
   * for the Retry-After asked, or a whole documented period (bounded by --max-wait), and sends it again.
   */
  async sendPaced(testCase: Case, worker = 0): Promise<Observation> {
    const operationId = isUnknownPath(testCase.operationId) ? undefined : testCase.operationId;
    for (let attempt = 1; ; attempt++) {
      if (operationId) await this.quiet.pass(operationId, this.options.signal);
      if (operationId && this.options.pacing !== false) {
        for (let i = requestsOf(testCase, this.sender.connections); i > 0; i--) await this.limiter.acquire(operationId, this.options.signal);
      }
      const observation = await this.sendUnpaced(testCase, worker, Math.max(1, Math.min(this.options.timeoutMs, this.deadline - performance.now())));
      if (observation.status !== 429 || !operationId || attempt >= RATE_LIMITED_ATTEMPTS) return observation;
      const waitMs = this.quiet.waitFor(operationId, parseRetryAfter(observation.diagnostics["retry-after"] ?? null));
      const added = this.quiet.extend(operationId, waitMs, this.waitBudgetMs);
      if (added === undefined) return observation;
      this.rateLimited++;
      this.waitBudgetMs -= added;
    }
  }

  /** Every key the tester holds, the ordinary account's last. */
  get keysHeld(): ApiKeyPair[] {
    return [...this.options.identities, ...(this.options.basic ? [this.options.basic] : [])];
  }

  /**
   * One request per key held, so that no nonce order refuses any of them; with one key, one per
   * connection (--connections), its nonces rising.
   */
  get raceWidth(): number {
    return this.keysHeld.length > 1 ? this.keysHeld.length : this.sender.connections;
  }

  /** The case sent at once, once per place in the race, each on a connection of its own, within the document's limits. */
  async race(testCase: Case): Promise<(Observation | undefined)[]> {
    const operationId = testCase.operationId as OperationId;
    await this.quiet.pass(operationId, this.options.signal);
    if (this.options.pacing !== false) for (let i = 0; i < this.raceWidth; i++) await this.limiter.acquire(operationId, this.options.signal);
    const keys = this.keysHeld;
    return this.sender.race(testCase, Array.from({ length: this.raceWidth }, (_, i) => keys[i % keys.length]!));
  }

  phaseContext(): PhaseContext {
    return {
      plan: this.plan,
      sendPaced: (testCase) => this.sendPaced(testCase),
      race: (testCase) => this.race(testCase),
      raceWidth: this.raceWidth,
      keysHeld: this.keysHeld.length,
      sendUnpaced: (testCase, worker) => this.sendUnpaced(testCase, worker),
      record: (result) => this.record(result),
      note: (note) => this.note(note),
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
    if (run.stopReason()) return undefined;
    const verdict = judge(candidate, await run.sendPaced(candidate, worker));
    return verdict.passed ? undefined : verdict;
  });
  if (!smaller) return result;
  return { ...smaller, name: `${testCase.name}, shrunk from ${counted(before, "field")} to ${Object.keys(smallest.fields ?? {}).length} in ${tries === 1 ? "1 try" : `${tries} tries`}` };
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
      const observation = await run.sendPaced(sent, worker);
      if (!refusedAsUsedUp(observation.firstStatus ?? observation.status)) return { sent, observation };
    }
  }
  return { sent: testCase, observation: await run.sendPaced(testCase, worker) };
}

/** One case: sent, judged by its check and by every selected check that judges accepted answers. */
async function runCase(run: Run, planned: Case, worker: number) {
  const sentAt = performance.now();
  const { sent: testCase, observation } = await sentCase(run, planned, worker);
  if (observation.firstStatus !== undefined && (observation.firstStatus < 200 || observation.firstStatus >= 300)) {
    // A case of several requests (a replay) is checked on its last answer, and only when the first
    // was accepted: a refused request may leave its nonce unused (the sandbox does).
    const spendsValues = operationIndex[testCase.operationId as OperationId]?.stateChanging;
    run.note(`${testCase.operationId}: ${testCase.name} not checked, its first request was refused (${observation.firstStatus})${spendsValues ? `; it needs a value of its own, unspent, after the workflow's: give one more in --fixtures (${testCase.operationId}: a list)` : ""}`);
    return;
  }
  const verdict = judge(testCase, observation);
  const durationMs = performance.now() - sentAt;
  if (testCase.ownAcceptance !== "when-failed" || !verdict.passed) run.record({ ...(verdict.passed ? verdict : await shrunk(run, testCase, verdict, worker)), durationMs });
  if (!verdict.passed || testCase.expect.kind !== "accepted") return;
  for (const check of registry) {
    if (!check.judgeAccepted || !run.plan.wanted(check.name)) continue;
    const extra = check.judgeAccepted(testCase, observation);
    if (extra) run.record({ ...extra, durationMs });
  }
}

async function worker(run: Run, index: number) {
  while (run.next < run.cases.length && !run.unreachable && !run.stopReason()) {
    const testCase = run.cases[run.next++];
    try {
      await runCase(run, testCase, index);
    } catch (error) {
      // A request cut short by --max-time or the caller's signal is their doing, not the server's.
      const cutShort = error instanceof ConnectionError || run.options.signal?.aborted;
      if (cutShort && run.stopReason()) return;
      if (!(error instanceof ConnectionError)) throw error;
      // The first request that cannot connect ends the run: the target is down or wrong.
      run.unreachable ??= error;
      return;
    }
    run.judged++;
    const left = run.pending.get(testCase.operationId)! - 1;
    run.pending.set(testCase.operationId, left);
    if (left === 0) run.casesDone(testCase.operationId);
  }
}

async function phases(run: Run, at: "before-cases" | "after-cases") {
  for (const check of registry) {
    if (check.phase?.at === at && run.plan.wanted(check.name) && !run.stopReason()) await check.phase.run(run.phaseContext());
  }
}

/** What fails a run beyond single cases: no check at all, or what was asked for and not exercised. */
function runProblems(run: Run, unexercisedProblems: string[]): string[] {
  // Nothing at all is never allowed: --allow-partial passes a partial run, not an empty one.
  if (run.byOperation.size === 0) return ["no check ran: nothing was tested", ...unexercisedProblems.filter((problem) => !problem.startsWith("no operation "))];
  return run.options.allowPartial ? [] : [...unexercisedProblems];
}

/** Why the run ended before its plan was done, if it did. */
function stoppedEarly(run: Run, error: unknown): Report["stoppedEarly"] {
  const notRun = `${run.cases.length - run.judged} of ${run.cases.length} planned checks did not run`;
  // A condition met after the last case ran stopped nothing; the caller's signal always counts.
  const reason = run.options.signal?.aborted ? run.stopReason() : run.stoppedBy;
  if (run.options.signal?.aborted || (reason && error === undefined)) return reason ? { cause: `${reason}: ${notRun}`, exitStatus: 1 } : undefined;
  if (error instanceof StartError) return { cause: startErrorText(error, run.options.surface ?? "library"), exitStatus: 2 };
  if (error instanceof ConnectionError) return { cause: `the server stopped answering, so the run is incomplete: ${error.message} (${notRun})`, exitStatus: 2 };
  if (error !== undefined) return { cause: `the tester failed: ${(error as Error)?.message ?? String(error)}`, exitStatus: 2, error };
  return undefined;
}

/** The checks with a result; an operation reported "not implemented" ran every check planned for it. */
function checksThatRan(run: Run): Set<string> {
  const ran = new Set(run.results.map((r) => r.check));
  for (const testCase of run.cases) if (run.notImplemented.includes(testCase.operationId as OperationId)) ran.add(testCase.check);
  return ran;
}

/** An operation's one verdict, from the results charged to it (as its progress line and its tests read them). */
function outcomeOf(run: Run, operationId: OperationId, skipped: ReadonlySet<OperationId>): Outcome {
  if (skipped.has(operationId)) return "not selected";
  if (run.notImplemented.includes(operationId)) return "not implemented";
  const results = run.byOperation.get(operationId) ?? [];
  if (results.length === 0) return "not exercised";
  return results.every((r) => r.passed) ? "passed" : "failed";
}

function report(run: Run, error: unknown): Report {
  const { options } = run;
  for (const operationId of [...run.held.keys()]) run.casesDone(operationId);
  // What still waits on an operation never decided (one with no case of its own) is reported as it is.
  for (const operationId of [...run.held.keys()]) run.settle(operationId);
  const stop = stoppedEarly(run, error);
  const left = notSelected({ ...options, hasBasicIdentity: options.basic !== undefined });
  const skipped = new Set(left.operations.map((entry) => entry.operationId));
  const statuses: Report["coverage"]["statuses"] = {};
  for (const operationId of options.operations.filter((id) => !skipped.has(id))) {
    const observed = [...new Set((run.exchanges.get(operationId) ?? []).map((r) => r.status!).filter((s) => s !== null))].sort();
    statuses[operationId] = { documented: contractFacts[operationId].statuses, observed };
  }
  const missed = unexercised(
    { operations: options.operations, checks: options.checks, named: options.named ?? { operations: false, checks: false }, surface: options.surface ?? "library" },
    left, new Set(run.exchanges.keys()), checksThatRan(run),
  );
  const documentCoverage = coverageOf(
    new Map([...run.exchanges].map(([id, exchanges]) => [id, exchanges.flatMap((r) => (r.status === null ? [] : [r.status]))])),
    new Map([...run.exchanges].map(([id, exchanges]) => [id, exchanges.map((r) => r.check)])),
  );
  const shortfalls = options.minCoverage && !stop ? coverageShortfalls(documentCoverage, options.minCoverage) : [];
  return {
    checks: [...options.checks],
    results: run.results,
    runProblems: stop?.exitStatus === 2 ? [] : [...runProblems(run, stop ? [] : missed), ...shortfalls],
    documentCoverage,
    ...(options.allowPartial && missed.length ? { partial: missed } : {}),
    ...(stop ? { stoppedEarly: stop } : {}),
    notes: run.notes,
    rateLimited: run.rateLimited,
    notImplemented: run.notImplemented,
    blocked: run.blocked,
    notSelected: left,
    outcomes: operationIds.map((operationId) => ({ operationId, outcome: outcomeOf(run, operationId, skipped) })),
    coverage: { operations: operationIds.length, exercised: options.operations.filter((id) => run.exchanges.has(id)), statuses },
    requests: run.sender.sent,
    durationMs: performance.now() - run.started,
  };
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
    })) run.note(note);
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
  return report(run, failure);
}
