// The once-only rule on live traffic: a value of an operation that succeeds once (the document's
// x-once-per, a code; or a rule the team declares where the document is silent, a deposit
// refunded once per transaction_id) answered 2xx a second time, by any key, is a finding.
import type { OperationId } from "../../generated/operations.js";
import { claimedValue } from "../server/claims.js";
import { printable } from "../text/printable.js";
import { onceOnlyFields, type OncePer } from "../validation/once-per.js";

/** Values remembered as spent; the oldest are forgotten past it (a proxy left running for days). */
const REMEMBERED = 100_000;

export class OnceOnlyAnswers {
  readonly #declared: OncePer;
  /** Operation and value → the status of the success that spent it. */
  readonly #spent = new Map<string, number>();

  constructor(declared: OncePer = {}) {
    this.#declared = declared;
  }

  /** Whether the operation has a once-only rule at all (the check runs only where it has). */
  applies(operationId: OperationId): boolean {
    return onceOnlyFields(operationId, this.#declared).length > 0;
  }

  /** One answered request of the operation: a second success of its value is the finding's message. */
  answered(operationId: OperationId, body: Record<string, unknown>, status: number): string | undefined {
    const fields = onceOnlyFields(operationId, this.#declared);
    const value = claimedValue(fields, body);
    if (value === undefined || status < 200 || status > 299) return undefined;
    const key = `${operationId}\n${value}`;
    const first = this.#spent.get(key);
    if (first === undefined) {
      if (this.#spent.size >= REMEMBERED) this.#spent.delete(this.#spent.keys().next().value!);
      this.#spent.set(key, status);
      return undefined;
    }
    const rule = this.#declared[operationId] ? `the declared rule (once per ${fields.join(", ")})` : `the document (x-once-per: ${fields.join(", ")})`;
    return `a second success: ${fields.join(" and ")} ${printable(value, 80)} was answered ${first} by an earlier exchange; ${rule} says it succeeds once`;
  }
}
