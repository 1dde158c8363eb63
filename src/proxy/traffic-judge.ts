// What the proxy does with each exchange, live or read back from a HAR file: judge it, count the
// checks that ran, report its violations (an operation not implemented once, at the end), and
// keep the coverage of the document.
import { coverageOf, type Coverage } from "../validation/coverage.js";
import { AbsentOperations } from "./absent-operations.js";
import { judgeExchange, ProxyState } from "./checks.js";
import { VERIFIED_REQUEST_CHECKS } from "./check-names.js";
import type { CheckRan, CarriedExchange, ProxyViolation } from "./traffic.js";
import type { OncePer } from "../validation/once-per.js";

export type { CheckRan, ProxyViolation };

/** The checks of the request, whose violations carry the documented answer to it. */
const REQUEST_CHECKS = new Set<string>(VERIFIED_REQUEST_CHECKS);

export class TrafficJudge {
  readonly #state: ProxyState;
  readonly #violations: ProxyViolation[] = [];
  readonly #ran = new Map<string, CheckRan>();
  readonly #statuses = new Map<string, number[]>();
  readonly #absent: AbsentOperations;
  readonly #onViolation?: (violation: ProxyViolation) => void;

  constructor(credentials: ReadonlyMap<string, string>, onViolation?: (violation: ProxyViolation) => void, oncePer: OncePer = {}) {
    this.#state = new ProxyState(credentials, oncePer);
    this.#onViolation = onViolation;
    // An operation answering 404, 405 or 501 to every request is one "not implemented" at the end,
    // not a violation per request: its answers' violations wait until it answers otherwise.
    this.#absent = new AbsentOperations((violation) => this.report(violation));
  }

  report(violation: ProxyViolation) {
    this.#violations.push(violation);
    this.#onViolation?.(violation);
  }

  /** One exchange, in the order they happened. */
  async judge(exchange: CarriedExchange) {
    const { method, path } = exchange;
    const judged = await judgeExchange(exchange, this.#state);
    for (const check of new Set(judged.ran)) {
      const key = `${judged.operationId}\n${check}`;
      const entry = this.#ran.get(key) ?? { operationId: judged.operationId, check, exchanges: 0, violations: 0 };
      entry.exchanges++;
      if (judged.findings.some((finding) => finding.check === check)) entry.violations++;
      this.#ran.set(key, entry);
    }
    const status = exchange.answer?.status ?? 502;
    if (judged.operationId && exchange.answer) this.#statuses.set(judged.operationId, [...(this.#statuses.get(judged.operationId) ?? []), status]);
    const documentedAnswer = judged.expected ? { documentedAnswer: { status: judged.expected.status, body: judged.expected.body } } : {};
    const found = judged.findings.map(({ check, message }) => ({ operationId: judged.operationId, check, message, method, path, status, ...(REQUEST_CHECKS.has(check) ? documentedAnswer : {}) }));
    found.filter((violation) => REQUEST_CHECKS.has(violation.check)).forEach((violation) => this.report(violation));
    const ofTheAnswer = found.filter((violation) => !REQUEST_CHECKS.has(violation.check));
    if (judged.operationId && exchange.answer) this.#absent.answered(judged.operationId, exchange.answer.status, { method, path }, ofTheAnswer);
    else ofTheAnswer.forEach((violation) => this.report(violation));
  }

  /** The traffic is over: an operation that answered only 404, 405 or 501 is reported now. */
  finish() {
    this.#absent.finish();
  }

  violations(): ProxyViolation[] {
    return [...this.#violations];
  }

  ran(): CheckRan[] {
    return [...this.#ran.values()];
  }

  coverage(): Coverage {
    const checks = new Map<string, string[]>();
    for (const { operationId, check } of this.#ran.values()) if (operationId) checks.set(operationId, [...(checks.get(operationId) ?? []), check]);
    return coverageOf(this.#statuses, checks);
  }
}
