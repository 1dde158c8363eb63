import { sleep } from "../../rate-limits/waiting.js";
import { windowsOf } from "../../rate-limits/sliding-windows.js";
import type { Case } from "../case.js";
import { operationIndex, type OperationId } from "../../../generated/operations.js";
import { realFields } from "../fixtures.js";
import type { Observation } from "../case.js";
import { reproduction } from "../reproduction.js";
import { judge, type CheckResult } from "../verdict.js";
import { defineCheck } from "./check.js";
import { counted } from "../../text/counted.js";

type SendCase = (testCase: Case, worker: number) => Promise<Observation>;

/**
 * Requests in flight in a burst, at the least: unsigned ones have no nonce order to keep, and one
 * key's signed ones keep theirs on its connection however many are in flight. Sent one at a time,
 * a thousand round trips can outlast the period on a busy machine, and nothing is concluded.
 */
const BURST_IN_FLIGHT = 8;

/** One read-only operation of the run per documented scope, with the tightest limit it falls under. */
function limitsToTest(operationIds: OperationId[]) {
  const byScope = new Map<string, { operationId: OperationId; requests: number; periodSeconds: number }>();
  for (const operationId of operationIds) {
    if (operationIndex[operationId].stateChanging) continue;
    const tightest = windowsOf(operationId).sort((a, b) => a.requests / a.periodSeconds - b.requests / b.periodSeconds)[0];
    if (tightest && !byScope.has(tightest.key)) byScope.set(tightest.key, { operationId, requests: tightest.requests, periodSeconds: tightest.periodSeconds });
  }
  return [...byScope].map(([scope, limit]) => ({ scope, ...limit }));
}

/**
 * For each documented limit: after a quiet period, `requests` requests within the period are
 * all answered without 429, and the next one is answered 429. A run too slow to send them within
 * the period fails, as nothing could be concluded.
 */
async function checkRateLimits(
  operationIds: OperationId[],
  { workers, lastSentAt, fixtures }: { workers: number; lastSentAt: () => number; fixtures: Partial<Record<OperationId, Record<string, unknown>>> },
  sendCase: SendCase,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const { scope, operationId, requests, periodSeconds } of limitsToTest(operationIds)) {
    const { method, path, signed } = operationIndex[operationId];
    const fields = signed ? realFields(operationId, fixtures) : undefined;
    const testCase: Case = { operationId, check: "rate-limits", name: `${counted(requests, "request")} per ${periodSeconds} s (${scope})`, method, path, fields, expect: { kind: "status", status: 429 } };
    // A quiet period first, so that the server's window holds only what follows.
    await sleep(Math.max(0, lastSentAt() + periodSeconds * 1000 - Date.now()));
    const started = performance.now();
    let sent = 0;
    let early: { at: number; observation: Observation } | undefined;
    const lanes = Math.max(workers, BURST_IN_FLIGHT);
    await Promise.all(Array.from({ length: lanes }, async (_, worker) => {
      while (sent < requests && !early) {
        const at = ++sent;
        const observation = await sendCase(testCase, worker);
        if (observation.status === 429) early ??= { at, observation };
      }
    }));
    const elapsedMs = performance.now() - started;
    // The whole burst, signed afresh each time: the limit's worth, then the one past it.
    const burst = (url: string) =>
      `# ${counted(requests, "request")} within ${periodSeconds} s are answered without 429; request ${requests + 1} is answered 429\nfor i in $(seq 1 ${requests + 1}); do\n${reproduction(url, testCase).split("\n").map((line) => `  ${line}`).join("\n")}\ndone`;
    if (early) {
      const verdict = judge({ ...testCase, expect: { kind: "status", status: 200 } }, early.observation);
      results.push({ ...verdict, curl: burst(early.observation.url), expected: `no 429 within the first ${counted(requests, "request")}`, passed: false, problems: [{ kind: "rate-limit", message: `429 at request ${early.at} of ${requests}: the server's limit is stricter than the document's` }] });
      continue;
    }
    const past = await sendCase(testCase, 0);
    const verdict = judge(testCase, past);
    if (elapsedMs >= periodSeconds * 1000) {
      results.push({ ...verdict, passed: false, curl: burst(past.url), problems: [{ kind: "rate-limit", message: `sending ${counted(requests, "request")} took ${(elapsedMs / 1000).toFixed(1)} s, longer than the ${periodSeconds} s period: nothing could be concluded (try --keys with several keys and a higher --concurrency, on a quieter machine)` }] });
    } else {
      results.push({ ...verdict, curl: burst(past.url), expected: `429 to request ${requests + 1} within ${periodSeconds} s`, name: `${testCase.name}: request ${requests + 1} answered ${past.status}` });
    }
  }
  return results;
}

export const rateLimits = defineCheck({
  name: "rate-limits",
  description: "opt-in, for servers you own: each documented rate limit answers 429 to the request past it, and not before",
  optIn: true,
  covers: (plan) => limitsToTest(plan.operations).map(({ operationId }) => ({ operationId })),
  phase: {
    at: "after-cases",
    run: async ({ plan, sendUnpaced, record, workers, lastSentAt }) => {
      for (const result of await checkRateLimits(plan.operations, { workers, lastSentAt, fixtures: plan.fixtures }, sendUnpaced)) record(result);
    },
  },
});
