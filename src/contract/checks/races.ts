import { operationIndex, type OperationId } from "../../../generated/operations.js";
import { counted } from "../../text/counted.js";
import type { Case, CheckResult, Observation } from "../case.js";
import { reproduction } from "../reproduction.js";
import { refusedAsUsedUp } from "../fixtures.js";
import { onceOnlyInWords } from "./document-words.js";
import { onceOnlyFields } from "../../validation/once-per.js";
import { defineCheck, type PhaseContext, type PlanContext } from "./check.js";

/** The operations that succeed once per value (the document's x-once-per, the team's --once-per) that the run sends. */
const onceOnly = (plan: PlanContext): OperationId[] => (plan.includeMutations ? plan.operations.filter((id) => onceOnlyFields(id, plan.oncePer).length > 0) : []);

/** Where a rule comes from, as a result says it: the document's x-once-per, or the team's declaration. */
const ruleOf = (operationId: OperationId, plan: PlanContext): string =>
  `${plan.oncePer[operationId] ? "declared once per" : "x-once-per:"} ${onceOnlyFields(operationId, plan.oncePer).join(", ")}`;

/** Values a run spends of an operation before its race: the workflow's, the replay's. */
const spentBefore = (plan: PlanContext): number => (plan.wanted("sequences") ? 1 : 0) + (plan.wanted("auth-signature") ? 1 : 0);

/** Those given enough values for a race of their own (a test each in contractTests). */
const racedOperations = (plan: PlanContext): OperationId[] => onceOnly(plan).filter((id) => plan.supply.given(id) > spentBefore(plan));

/** How many answers of each status, "200: 1, 401: 3", and how many got none. */
function tally(observations: (Observation | undefined)[]): string {
  const byStatus = new Map<string, number>();
  for (const observation of observations) {
    const key = observation ? String(observation.status) : "no answer";
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  return [...byStatus].sort().map(([status, count]) => `${status}: ${count}`).join(", ");
}

/** One race for one value: its result, or undefined when every request refused the value as used up. */
async function raceOnce(operationId: OperationId, fields: Record<string, unknown>, { race, raceWidth, keysHeld, note, plan }: PhaseContext): Promise<CheckResult | undefined> {
  const { method, path } = operationIndex[operationId];
  const value = onceOnlyFields(operationId, plan.oncePer).join(" and ");
  const name = `one ${value} sent ${raceWidth} times at once (${counted(keysHeld, "key")}, ${raceWidth} connections)`;
  const testCase: Case = { operationId, check: "races", name, method, path, fields, expect: { kind: "accepted" } };
  const sentAt = performance.now();
  const observations = await race(testCase);
  const accepted = observations.filter((o) => o && o.status >= 200 && o.status < 300) as Observation[];
  const answered = observations.filter((o) => o !== undefined).length;
  if (accepted.length === 0 && answered === raceWidth && observations.every((o) => refusedAsUsedUp(o!.status))) return undefined;
  note(`races: ${operationId}: ${counted(raceWidth, "request")} raced, ${accepted.length} accepted, ${answered - accepted.length} refused${answered < raceWidth ? `, ${raceWidth - answered} not answered` : ""} (${tally(observations)})`);
  const passed = accepted.length <= 1;
  return {
    operationId, check: "races", name, passed,
    expected: `at most one of ${counted(raceWidth, "request")} accepted (${ruleOf(operationId, plan)})`,
    actual: `${accepted.length} accepted (${tally(observations)})`,
    problems: passed ? [] : [{ kind: "race", message: `${accepted.length} of ${counted(raceWidth, "request")} with one ${value}, sent at once, were accepted: ${plan.oncePer[operationId] ? "the declared rule" : "the document"} says it succeeds once` }],
    status: accepted[0]?.status ?? observations.find((o) => o)?.status ?? null,
    steps: observations.flatMap((o) => (o ? [{ operationId, status: o.status }] : [])),
    curl: passed ? "" : reproduction(accepted[0]!.url, testCase),
    durationMs: performance.now() - sentAt,
  };
}

/**
 * The once-only rule raced, as a double spend happens: one value of an operation that succeeds
 * once per value (a code), sent at once on --connections connections (at least one per key held),
 * every key the tester holds taking the places in turn (one key's nonces rising),
 * each request on a connection of its own, so that behind a balancer they reach several
 * processes. At most one may be accepted; refusals of any kind (a nonce out of order among them)
 * count as refusals. It takes a value of its own from --fixtures, after the workflow's and the
 * replay's; a value every request refused as used up (an earlier run's) gives way to the next.
 */
export const races = defineCheck({
  name: "races",
  needs: "mutations",
  description: `with --include-mutations: a value the document says succeeds once (x-once-per: ${onceOnlyInWords()}) sent at once by every key held, each request on a connection of its own: at most one accepted`,
  covers: (plan) => racedOperations(plan).map((operationId) => ({ operationId })),
  phase: {
    at: "after-cases",
    run: async (context) => {
      const { plan, record, note } = context;
      for (const operationId of onceOnly(plan)) {
        let usedUp = 0;
        let result: CheckResult | undefined;
        for (let fields = plan.supply.take(operationId); fields; fields = plan.supply.take(operationId)) {
          result = await raceOnce(operationId, fields, context);
          if (result) break;
          usedUp++;
        }
        if (result) record(result);
        else note(`races: ${operationId} was not raced: ${usedUp ? `the ${counted(usedUp, "value")} left were refused as used up; ` : ""}it needs a value of its own, unspent, after the workflow's and the replay's: give ${spentBefore(plan) + 1} or more in --fixtures (${operationId}: a list)`);
      }
    },
  },
});
