import { operationIndex, type OperationId } from "../../../generated/operations.js";
import { counted } from "../../text/counted.js";
import type { Case, CheckResult, Observation } from "../case.js";
import { reproduction } from "../reproduction.js";
import { defineCheck, type PlanContext } from "./check.js";

/** The operations the document says succeed once per value (x-once-per) that the run sends, with a value of their own to race. */
const racedOperations = (plan: PlanContext): OperationId[] =>
  plan.includeMutations ? plan.operations.filter((id) => operationIndex[id].oncePer.length > 0 && plan.spares[id]?.races) : [];

/** How many answers of each status, "200: 1, 401: 3", and how many got none. */
function tally(observations: (Observation | undefined)[]): string {
  const byStatus = new Map<string, number>();
  for (const observation of observations) {
    const key = observation ? String(observation.status) : "no answer";
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  return [...byStatus].sort().map(([status, count]) => `${status}: ${count}`).join(", ");
}

/**
 * The once-only rule raced, as a double spend happens: one value of an operation that succeeds
 * once per value (a code), sent at once by every key the tester holds (one key: rising nonces),
 * each request on a connection of its own, so that behind a balancer they reach several
 * processes. At most one may be accepted; refusals of any kind (a nonce out of order among them)
 * count as refusals. It takes a value of its own from --fixtures: the last of the operation's
 * list, never its first.
 */
export const races = defineCheck({
  name: "races",
  needs: "mutations",
  description: "with --include-mutations: a value the document says succeeds once (x-once-per: a code) sent at once by every key held, each request on a connection of its own: at most one accepted",
  covers: (plan) => racedOperations(plan).map((operationId) => ({ operationId })),
  phase: {
    at: "after-cases",
    run: async ({ plan, race, raceWidth, keysHeld, record, note }) => {
      if (!plan.includeMutations) return;
      for (const operationId of plan.operations.filter((id) => operationIndex[id].oncePer.length > 0)) {
        const fields = plan.spares[operationId]?.races;
        const { method, path, oncePer } = operationIndex[operationId];
        if (!fields) {
          note(`races: ${operationId} was not raced: it needs a value of its own, unspent; give one more in --fixtures (${operationId}: a list, its last value is raced)`);
          continue;
        }
        const name = `one ${oncePer.join(" and ")} sent ${raceWidth} times at once (${counted(keysHeld, "key")}, ${raceWidth} connections)`;
        const testCase: Case = { operationId, check: "races", name, method, path, fields, expect: { kind: "accepted" } };
        const sentAt = performance.now();
        const observations = await race(testCase);
        const accepted = observations.filter((o) => o && o.status >= 200 && o.status < 300) as Observation[];
        const answered = observations.filter((o) => o !== undefined).length;
        const result: CheckResult = {
          operationId, check: "races", name,
          passed: accepted.length <= 1,
          expected: `at most one of ${raceWidth} requests accepted (x-once-per: ${oncePer.join(", ")})`,
          actual: `${accepted.length} accepted (${tally(observations)})`,
          problems: accepted.length <= 1 ? [] : [{ kind: "race", message: `${accepted.length} of ${raceWidth} requests with one ${oncePer.join(" and ")}, sent at once, were accepted: the document says it succeeds once` }],
          status: accepted[0]?.status ?? observations.find((o) => o)?.status ?? null,
          steps: observations.flatMap((o) => (o ? [{ operationId, status: o.status }] : [])),
          curl: accepted.length <= 1 ? "" : reproduction(accepted[0]!.url, testCase),
          durationMs: performance.now() - sentAt,
        };
        record(result);
        note(`races: ${operationId}: ${raceWidth} requests raced, ${accepted.length} accepted, ${answered - accepted.length} refused${answered < raceWidth ? `, ${raceWidth - answered} not answered` : ""} (${tally(observations)})`);
      }
    },
  },
});
