import { RateLimiter } from "../client/rate-limiter.js";
import { sleep } from "../client/retry.js";
import { nonceLeadMs } from "../signing/nonce.js";
import { buildCases, skippedForSafety, type Case, type CheckName } from "./cases.js";
import { runSequences } from "./sequences.js";
import { shrink } from "./shrink.js";
import { documentedStatuses, type OperationId } from "./document.js";
import { offsetMoves, pagedOperations } from "./offset-moves.js";
import { checkRateLimits } from "./rate-limits-check.js";
import { ConnectionError, Sender, type Observation, type Target } from "./send.js";
import { proveTarget } from "./start.js";
import { judge, judgeTied, type Result } from "./verdict.js";
import { counted } from "../text/counted.js";

export type RunOptions = Target & {
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
  /** Real request fields by operation (--fixtures). */
  fixtures?: Partial<Record<OperationId, Record<string, unknown>>>;
  /** Called when every case of an operation has an answer. */
  onOperationDone?: (operationId: string, results: Result[]) => void;
};

export type Report = {
  /** The checks the run was asked for. */
  checks: CheckName[];
  results: Result[];
  /** Failures of the run as a whole, beyond its cases. */
  runProblems: string[];
  /** What the run could not check, and why (no failure). */
  notes: string[];
  /** Answers 429 that were waited out and sent again. */
  rateLimited: number;
  skipped: { operationId: OperationId; reason: string }[];
  coverage: { operations: number; exercised: string[]; statuses: Record<string, { documented: readonly string[]; observed: number[] }> };
  requests: number;
  durationMs: number;
};

/** 0 when every planned check ran and passed, else 1. */
export const exitCodeOf = (report: Report): 0 | 1 => (report.runProblems.length === 0 && report.results.every((r) => r.passed) ? 0 : 1);

const RATE_LIMITED_ATTEMPTS = 4;
const RATE_LIMITED_WAIT_MS = 500;
/** Failing generated requests shrunk per run: each costs up to 20 more requests. */
const SHRUNK_PER_RUN = 5;

/** What fails a run beyond single cases: no check at all, or an operation that never answered 2xx. */
function runProblems(operationIds: OperationId[], cases: Case[], byOperation: Map<string, Result[]>): string[] {
  if (byOperation.size === 0) return ["no check ran: nothing was tested"];
  const problems: string[] = [];
  for (const operationId of operationIds) {
    if (!cases.some((c) => c.operationId === operationId && c.expect.kind === "accepted")) continue;
    const statuses = (byOperation.get(operationId) ?? []).map((r) => r.status ?? 0);
    if (!statuses.some((status) => status >= 200 && status < 300)) {
      problems.push(`${operationId} never answered 2xx in this run (statuses: ${[...new Set(statuses)].sort().join(", ") || "none"})`);
    }
  }
  return problems;
}

/**
 * Runs the plan against the target: the start (the target and the credentials proven), the state
 * sequences, the paging sequences, the cases, the opt-in rate limits; then waits until the clock
 * has passed every nonce sent, so that the next run with the same keys starts in order.
 * Throws ConnectionError when the target cannot be reached, StartError when it is not this API or
 * refuses the credentials.
 */
export async function runContractTests(options: RunOptions): Promise<Report> {
  const started = performance.now();
  const deadline = options.maxTimeMs === undefined ? Infinity : started + options.maxTimeMs;
  const fixtures = options.fixtures ?? {};
  const cases = buildCases({ ...options, hasBasicIdentity: options.basic !== undefined });
  const sender = new Sender(options);
  const pending = new Map<string, number>();
  for (const c of cases) pending.set(c.operationId, (pending.get(c.operationId) ?? 0) + 1);
  const byOperation = new Map<string, Result[]>();
  const results: Result[] = [];
  const notes: string[] = [];
  let requests = 0;
  let next = 0;
  let unreachable: ConnectionError | undefined;
  let rateLimited = 0;
  let waitBudgetMs = options.maxRateLimitWaitMs ?? 10_000;
  let shrinkable = SHRUNK_PER_RUN;
  let judged = 0;
  let stopped: string | undefined;
  const limiter = new RateLimiter();
  let failed = 0;
  const tiedWanted = options.checks.has("tied-answers");
  const record = (result: Result) => {
    results.push(result);
    const ofOperation = byOperation.get(result.operationId);
    if (ofOperation) ofOperation.push(result);
    else byOperation.set(result.operationId, [result]);
    if (!result.passed) failed++;
    if (options.maxFailures !== undefined && failed >= options.maxFailures) stopped ??= `stopped after ${failed} failed checks (--max-failures ${options.maxFailures})`;
  };
  const timeLeft = () => {
    if (performance.now() < deadline) return true;
    stopped ??= `stopped at --max-time (${Math.round((options.maxTimeMs ?? 0) / 1000)} s)`;
    return false;
  };

  const sendCounted = async (c: Case, worker: number, timeoutMs = options.timeoutMs): Promise<Observation> => {
    const observation = await sender.send(c, { worker, timeoutMs });
    requests += c.tamper?.kind === "replay" ? 2 : 1;
    return observation;
  };

  // Within the document's limits, and a 429 never passes: the case waits (bounded) and is sent again.
  async function sendPaced(c: Case, worker = 0) {
    for (let attempt = 1; ; attempt++) {
      if (c.operationId !== "unknownPath" && options.pacing !== false) {
        for (let i = c.tamper?.kind === "replay" ? 2 : 1; i > 0; i--) await limiter.acquire(c.operationId);
      }
      const observation = await sendCounted(c, worker, Math.max(1, Math.min(options.timeoutMs, deadline - performance.now())));
      const waitMs = Math.min(RATE_LIMITED_WAIT_MS * attempt, waitBudgetMs);
      if (observation.status !== 429 || attempt >= RATE_LIMITED_ATTEMPTS || waitMs <= 0) return observation;
      rateLimited++;
      waitBudgetMs -= waitMs;
      await sleep(waitMs);
    }
  }

  /** A failing generated request, shrunk to the smallest one that still fails. */
  async function shrunk(c: Case, result: Result, worker: number): Promise<Result> {
    if (shrinkable <= 0 || !c.generated) return result;
    shrinkable--;
    const before = Object.keys(c.fields ?? {}).length;
    const { smallest, result: smaller, tries } = await shrink(c, async (candidate) => {
      if (!timeLeft()) return undefined;
      const verdict = judge(candidate, await sendPaced(candidate, worker));
      return verdict.passed ? undefined : verdict;
    });
    if (!smaller) return result;
    return { ...smaller, name: `${c.name}, shrunk from ${counted(before, "field")} to ${Object.keys(smallest.fields ?? {}).length} in ${tries === 1 ? "1 try" : `${tries} tries`}` };
  }

  async function worker(index: number) {
    while (next < cases.length && !unreachable && !stopped && timeLeft()) {
      const c: Case = cases[next++];
      try {
        const sentAt = performance.now();
        const observation = await sendPaced(c, index);
        if (observation.firstStatus !== undefined && (observation.firstStatus < 200 || observation.firstStatus >= 300)) {
          // A refused request may leave its nonce unused (the sandbox does): only an accepted one can be replayed.
          notes.push(`${c.operationId}: ${c.name} not checked, the request to replay was refused (${observation.firstStatus})`);
        } else {
          const verdict = judge(c, observation);
          const durationMs = performance.now() - sentAt;
          // A case made for tied-answers alone is reported as its acceptance only when that failed.
          if (c.check !== "tied-answers" || !verdict.passed) record({ ...(verdict.passed ? verdict : await shrunk(c, verdict, index)), durationMs });
          const tied = tiedWanted && verdict.passed ? judgeTied(c, observation) : undefined;
          if (tied) record({ ...tied, durationMs });
        }
      } catch (error) {
        if (!(error instanceof ConnectionError)) throw error;
        // A request cut short by --max-time is the deadline's doing, not the server's.
        if (!timeLeft()) return;
        // The first request that cannot connect ends the run: the target is down or wrong.
        unreachable ??= error;
        return;
      }
      judged++;
      const left = pending.get(c.operationId)! - 1;
      pending.set(c.operationId, left);
      if (left === 0) options.onOperationDone?.(c.operationId, byOperation.get(c.operationId) ?? []);
    }
  }

  const workers = Math.max(1, options.concurrency);
  try {
    notes.push(...(await proveTarget(sender, {
      operationIds: options.operations,
      pingPlanned: cases.some((c) => c.operationId === "ping"),
      mainKeys: Math.min(workers, options.identities.length),
      hasBasic: options.basic !== undefined,
      fixtures,
    })));
    // The sequences first and one at a time: they need state no other case has touched yet.
    if (options.includeMutations && options.checks.has("sequences")) {
      for (const result of await runSequences(options.operations, fixtures, (c) => sendPaced(c))) record(result);
    }
    if (tiedWanted) {
      for (const { operationId, base } of pagedOperations(options.operations, fixtures)) {
        const outcome = await offsetMoves(operationId, base, (c) => sendPaced(c));
        if (typeof outcome === "string") notes.push(outcome);
        else record(outcome);
      }
    }
    await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
    if (unreachable) throw unreachable;
    if (options.checks.has("rate-limits") && !stopped) {
      const measured = await checkRateLimits(options.operations, { workers: Math.min(workers, options.identities.length), lastSentAt: () => sender.lastSentAt, fixtures }, sendCounted);
      for (const result of measured) record(result);
    }
  } finally {
    // Above one request per millisecond the nonces run ahead of the clock: let it catch up.
    const identities = [...options.identities, ...(options.basic ? [options.basic] : [])];
    await sleep(Math.max(0, ...identities.map((identity) => nonceLeadMs(identity.apiKey))) + 1);
  }

  const statuses: Report["coverage"]["statuses"] = {};
  for (const operationId of options.operations) {
    const observed = [...new Set((byOperation.get(operationId) ?? []).map((r) => r.status!).filter((s) => s !== null))].sort();
    statuses[operationId] = { documented: documentedStatuses(operationId), observed };
  }
  return {
    checks: [...options.checks],
    results,
    runProblems: [
      ...(stopped ? [`${stopped}: ${cases.length - judged} of ${cases.length} planned checks did not run`] : []),
      ...runProblems(options.operations, cases, byOperation),
    ],
    notes,
    rateLimited,
    skipped: skippedForSafety(options.operations, options.includeMutations).map((operationId) => ({
      operationId,
      reason: "changes state: sent only with --include-mutations",
    })),
    coverage: {
      operations: options.operations.length,
      exercised: options.operations.filter((id) => byOperation.has(id)),
      statuses,
    },
    requests,
    durationMs: performance.now() - started,
  };
}
