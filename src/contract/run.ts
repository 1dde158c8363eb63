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
  /** Called when every case of an operation has an answer. */
  onOperationDone?: (operationId: string, results: Result[]) => void;
};

export type Report = {
  results: Result[];
  skipped: { operationId: OperationId; reason: string }[];
  coverage: { operations: number; exercised: string[]; statuses: Record<string, { documented: readonly string[]; observed: number[] }> };
  requests: number;
  durationMs: number;
};

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

  async function worker() {
    while (next < cases.length && !unreachable) {
      const c: Case = cases[next++];
      try {
        const observation = await send(options, c);
        requests += c.tamper?.kind === "replay" ? 2 : 1;
        const result = judge(c, observation);
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
