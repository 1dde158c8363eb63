import { RateLimiter } from "../client/rate-limiter.js";
import { sleep } from "../client/retry.js";
import { buildCases, skippedForSafety, type Case, type CheckName } from "./cases.js";
import { documentedStatuses, type OperationId } from "./document.js";
import { ConnectionError, send, type Target } from "./send.js";
import { judge, type Result } from "./verdict.js";

export type RunOptions = Target & {
  operations: OperationId[];
  checks: ReadonlySet<CheckName>;
  includeMutations: boolean;
  seed: number;
  examplesPerOperation: number;
  concurrency: number;
  /** Most time, over the whole run, spent waiting out 429 answers before they count as failures. */
  maxRateLimitWaitMs?: number;
  /** Called when every case of an operation has an answer. */
  onOperationDone?: (operationId: string, results: Result[]) => void;
};

export type Report = {
  results: Result[];
  /** Failures of the run as a whole, beyond its cases. */
  runProblems: string[];
  /** Answers 429 that were waited out and sent again. */
  rateLimited: number;
  skipped: { operationId: OperationId; reason: string }[];
  coverage: { operations: number; exercised: string[]; statuses: Record<string, { documented: readonly string[]; observed: number[] }> };
  requests: number;
  durationMs: number;
};

const RATE_LIMITED_ATTEMPTS = 4;
const RATE_LIMITED_WAIT_MS = 500;

/** What fails a run beyond single cases: no check at all, or an operation that never answered 2xx. */
function runProblems(operationIds: OperationId[], cases: Case[], byOperation: Map<string, Result[]>): string[] {
  if (cases.length === 0) return ["no check ran: nothing was tested"];
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

/** Runs every case against the target; throws ConnectionError when the target cannot be reached. */
export async function runContractTests(options: RunOptions): Promise<Report> {
  const started = performance.now();
  const cases = buildCases(options);
  const pending = new Map<string, number>();
  for (const c of cases) pending.set(c.operationId, (pending.get(c.operationId) ?? 0) + 1);
  const byOperation = new Map<string, Result[]>();
  const results: Result[] = [];
  let requests = 0;
  let next = 0;
  let unreachable: ConnectionError | undefined;
  let rateLimited = 0;
  let waitBudgetMs = options.maxRateLimitWaitMs ?? 10_000;
  const limiter = new RateLimiter();

  // Within the document's limits, and a 429 never passes: the case waits (bounded) and is sent again.
  async function sendPaced(c: Case) {
    for (let attempt = 1; ; attempt++) {
      if (c.operationId !== "unknownPath") {
        for (let i = c.tamper?.kind === "replay" ? 2 : 1; i > 0; i--) await limiter.acquire(c.operationId);
      }
      const observation = await send(options, c);
      requests += c.tamper?.kind === "replay" ? 2 : 1;
      const waitMs = Math.min(RATE_LIMITED_WAIT_MS * attempt, waitBudgetMs);
      if (observation.status !== 429 || attempt >= RATE_LIMITED_ATTEMPTS || waitMs <= 0) return observation;
      rateLimited++;
      waitBudgetMs -= waitMs;
      await sleep(waitMs);
    }
  }

  async function worker() {
    while (next < cases.length && !unreachable) {
      const c: Case = cases[next++];
      try {
        const sentAt = performance.now();
        const observation = await sendPaced(c);
        const result = { ...judge(c, observation), durationMs: performance.now() - sentAt };
        results.push(result);
        byOperation.set(c.operationId, [...(byOperation.get(c.operationId) ?? []), result]);
      } catch (error) {
        if (!(error instanceof ConnectionError)) throw error;
        // The first request that cannot connect ends the run: the target is down or wrong.
        unreachable ??= error;
        return;
      }
      const left = pending.get(c.operationId)! - 1;
      pending.set(c.operationId, left);
      if (left === 0) options.onOperationDone?.(c.operationId, byOperation.get(c.operationId)!);
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  if (unreachable) throw unreachable;

  const statuses: Report["coverage"]["statuses"] = {};
  for (const operationId of options.operations) {
    const observed = [...new Set((byOperation.get(operationId) ?? []).map((r) => r.status!).filter((s) => s !== null))].sort();
    statuses[operationId] = { documented: documentedStatuses(operationId), observed };
  }
  return {
    results,
    runProblems: runProblems(options.operations, cases, byOperation),
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
