// The proxy's reading of a server still being built, as the tester's: an operation that answered
// 404, 405 or 501 to every request is reported once,
// "not implemented", when the proxy stops; the violations of those answers are reported only if
// the operation later answers otherwise.
import type { OperationId } from "../../generated/operations.js";
import { counted } from "../text/counted.js";
import { ABSENT, statusList } from "../validation/absent.js";
import type { ProxyViolation } from "./traffic.js";

type Seen = { statuses: number[]; held: ProxyViolation[]; first: { method: string; path: string } };

export class AbsentOperations {
  /** Operations that have answered only as absent so far; an operation that answered otherwise is no longer here. */
  readonly #absent = new Map<OperationId, Seen>();
  readonly #present = new Set<OperationId>();

  constructor(private readonly report: (violation: ProxyViolation) => void) {}

  /** An answer of the operation, with the violations found in it. */
  answered(operationId: OperationId, status: number, exchange: { method: string; path: string }, violations: ProxyViolation[]) {
    if (this.#present.has(operationId)) return violations.forEach(this.report);
    // Only these three: live traffic answered with another undocumented status is a violation at once.
    if (ABSENT.has(status)) {
      const seen = this.#absent.get(operationId) ?? { statuses: [], held: [], first: exchange };
      seen.statuses.push(status);
      seen.held.push(...violations);
      this.#absent.set(operationId, seen);
      return;
    }
    this.#present.add(operationId);
    const held = this.#absent.get(operationId)?.held ?? [];
    this.#absent.delete(operationId);
    [...held, ...violations].forEach(this.report);
  }

  /** At the end: one "not implemented" violation for each operation that never answered otherwise. */
  finish() {
    for (const [operationId, { statuses, first }] of this.#absent) {
      const said = statusList(statuses);
      this.report({
        operationId, check: "implemented", method: first.method, path: first.path, status: statuses[0]!,
        message: `not implemented: ${said} to each of ${counted(statuses.length, "request")}; implement it, or keep its traffic out of the proxy`,
      });
    }
    this.#absent.clear();
  }
}
