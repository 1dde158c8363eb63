import Big from "big.js";
import type { Case } from "../case.js";
import { operationIndex, type OperationId } from "../../../generated/operations.js";
import { realFields } from "../fixtures.js";
import type { Observation } from "../case.js";
import { reproduction } from "../reproduction.js";
import { judge, type Problem, type CheckResult } from "../verdict.js";
import { defineCheck } from "./check.js";
import { judgeTied } from "./tied-answers.js";

type SendCase = (testCase: Case) => Promise<Observation>;
type SequenceOutcome = { result: CheckResult; usedUp: boolean };
type Fields = Record<string, unknown>;

const caseOf = (operationId: OperationId, name: string, fields: Fields, expect: Case["expect"]): Case => ({
  operationId,
  check: "sequences",
  name,
  method: operationIndex[operationId].method,
  path: operationIndex[operationId].path,
  fields,
  expect,
  realValues: "fixture",
});

/**
 * Steps of one sequence, each judged as a single case would be; the first failing step ends it.
 * The result carries the status and reproduction of the operation's first step.
 */
class Sequence {
  readonly steps: string[] = [];
  readonly problems: Problem[] = [];
  /** Its operation's step was refused with a 4xx: the value given may have been used up (a code applied by an earlier run). */
  usedUp = false;
  /** Each step's reproduction, in order: the whole sequence is what a reader sends again. */
  readonly #reproductions: string[] = [];
  #status: number | null = null;
  #serverSays: string | undefined;

  constructor(
    private readonly operationId: OperationId,
    private readonly sendCase: SendCase,
  ) {}

  /** Sends one step; returns its answer body when it was judged as expected, else undefined. */
  async step(testCase: Case): Promise<unknown> {
    const observation = await this.sendCase(testCase);
    const verdict = judge(testCase, observation);
    const tied = judgeTied(testCase, observation);
    if (tied && !tied.passed) verdict.problems.push(...tied.problems);
    verdict.passed &&= tied?.passed ?? true;
    this.steps.push(`${testCase.name}: ${observation.status}`);
    this.#reproductions.push(`# step ${this.steps.length}: ${testCase.name} (${testCase.operationId}), answered ${observation.status}\n${reproduction(observation.url, testCase)}`);
    if (testCase.operationId === this.operationId && this.#status === null) this.#status = observation.status;
    if (!verdict.passed) {
      // A refusal's reason, in the server's words (a 200's body says nothing of that kind).
      const refusal = observation.status >= 400 ? verdict.serverSays : undefined;
      const says = refusal ? ` (the server said: ${refusal})` : "";
      this.#serverSays ??= refusal;
      this.problems.push(...verdict.problems.map(({ kind, message }) => ({ kind, message: `${testCase.name}: ${message}${says}` })));
      if (testCase.expect.kind === "accepted" && observation.status >= 400 && observation.status < 500) {
        if (testCase.operationId === this.operationId) this.usedUp = true;
        this.problems.push({ kind: "sequence", message: "its values may have been used up by an earlier run: against txc-api's sandbox, POST /sandbox/reset restores them; against your server, give fresh ones with --fixtures" });
      }
      return undefined;
    }
    return observation.json.ok ? observation.json.value : undefined;
  }

  result(name: string, expected: string): CheckResult {
    const { operationId, problems } = this;
    return {
      operationId, check: "sequences", name, passed: problems.length === 0, expected, actual: this.steps.join("; "), problems, status: this.#status, curl: this.#reproductions.join("\n"),
      ...(this.#serverSays ? { serverSays: this.#serverSays } : {}),
    };
  }
}

const balanceOf = (listing: unknown, ticker: string): Big => {
  const entry = (listing as Record<string, { main_balance?: string }> | undefined)?.[ticker];
  return new Big(entry?.main_balance ?? "0");
};

/** Apply a code: the balance of its ticker goes up by its amount; applying it again is refused. */
async function codeCreditsOnce(sendCase: SendCase, fields: Fields): Promise<SequenceOutcome> {
  const sequence = new Sequence("applyCode", sendCase);
  const expected = "200 for the code, the balance up by exactly its amount, then a documented 4xx for the same code";
  const done = () => ({ result: sequence.result("a code credits the balance once", expected), usedUp: sequence.usedUp });
  const before = await sequence.step(caseOf("getMainBalance", "balance before", {}, { kind: "accepted" }));
  if (before === undefined) return done();
  const applied = (await sequence.step(caseOf("applyCode", "apply the code", fields, { kind: "accepted" }))) as { ticker?: string; amount?: string } | undefined;
  if (applied?.ticker === undefined || applied.amount === undefined) return done();
  const after = await sequence.step(caseOf("getMainBalance", `balance of ${applied.ticker} after`, { ticker: applied.ticker }, { kind: "accepted" }));
  if (after === undefined) return done();
  const want = balanceOf(before, applied.ticker).plus(applied.amount);
  if (!balanceOf(after, applied.ticker).eq(want)) {
    sequence.problems.push({ kind: "sequence", message: `the ${applied.ticker} balance is ${balanceOf(after, applied.ticker)}, not ${balanceOf(before, applied.ticker)} + ${applied.amount} = ${want}` });
    return done();
  }
  await sequence.step({ ...caseOf("applyCode", "apply it again", fields, { kind: "rejected" }), realValues: undefined });
  return done();
}

/**
 * Refund a cancelled deposit: 200 with the id sent. What a second refund of the same deposit
 * answers is not shown: it is sent, and any answer the document allows passes (200 again, or a
 * documented 4xx keyed by a field of the request).
 */
async function refundWithItsId(sendCase: SendCase, fields: Fields): Promise<SequenceOutcome> {
  const sequence = new Sequence("refundDeposit", sendCase);
  const expected = "200 for the refund, its id the transaction_id sent; for the same deposit again, any answer the document allows";
  if ((await sequence.step(caseOf("refundDeposit", "refund the deposit", fields, { kind: "accepted" }))) !== undefined) {
    await sequence.step({ ...caseOf("refundDeposit", "refund it again", fields, { kind: "accepted" }), realValues: undefined });
  }
  return { result: sequence.result("a deposit is refunded, its id the one sent", expected), usedUp: sequence.usedUp };
}

/** The operations a sequence ends on. */
const SEQUENCED = ["applyCode", "refundDeposit"] as const satisfies readonly OperationId[];

/**
 * The state sequences the description states, for the operations of the run, run first and one
 * step at a time. Each uses the fixture of its operation, or else its first documented example
 * (what the sandbox holds).
 */
export const sequences = defineCheck({
  name: "sequences",
  needs: "mutations",
  description: "with --include-mutations: a code credits the balance by its amount once; a deposit is refunded with the id sent",
  covers: (plan) => (plan.includeMutations ? SEQUENCED.filter((id) => plan.operations.includes(id)) : []),
  phase: {
    at: "before-cases",
    run: async ({ plan, sendPaced, record, note }) => {
      if (!plan.includeMutations) return;
      const sequenceOf = { applyCode: codeCreditsOnce, refundDeposit: refundWithItsId } as const;
      for (const operationId of SEQUENCED) {
        if (!plan.operations.includes(operationId)) continue;
        const values = plan.fixtureLists[operationId] ?? [realFields(operationId, plan.fixtures)];
        // A value used up by an earlier run (a code applied) gives way to the next one given.
        let outcome: { result: CheckResult; usedUp: boolean } | undefined;
        let spent = 0;
        for (const fields of values) {
          const tried: SequenceOutcome = await sequenceOf[operationId](sendPaced, fields);
          outcome = tried;
          if (tried.result.passed || !tried.usedUp) break;
          spent++;
        }
        if (spent > 0 && outcome!.result.passed) note(`${operationId}: ${spent} of the ${values.length} values given were used up; the next one was taken`);
        if (spent === values.length && values.length > 1) outcome!.result.problems.push({ kind: "sequence", message: `all ${values.length} values given for ${operationId} were used up: give fresh ones` });
        record(outcome!.result);
      }
    },
  },
});
