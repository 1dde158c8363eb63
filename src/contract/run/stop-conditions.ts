import type { Wording } from "../tester-options.js";

export type StopOptions = {
  signal?: AbortSignal | undefined;
  /** The whole run's deadline: checks not started by then are not run, and the run fails. */
  maxTimeMs?: number | undefined;
  /** Stop after this many failed checks. */
  maxFailures?: number | undefined;
  wording: Wording;
};

/**
 * Every condition that stops a run before its plan is done, in one place: the caller's signal, the
 * deadline, the failures allowed. Asked before each case, each shrinking try and each phase; the
 * first one met is the run's reason from then on. (A server that stops answering ends the run too,
 * as a failure to test rather than a stop.)
 */
export class StopConditions {
  readonly started = performance.now();
  readonly deadline: number;
  #reason?: string;

  constructor(readonly options: StopOptions, private readonly failedSoFar: () => number) {
    this.deadline = options.maxTimeMs === undefined ? Infinity : this.started + options.maxTimeMs;
  }

  /** The first condition met, asked now. */
  reason(): string | undefined {
    if (this.#reason) return this.#reason;
    const { signal, maxTimeMs, maxFailures, wording } = this.options;
    if (signal?.aborted) this.#reason = `stopped by ${typeof signal.reason === "string" ? signal.reason : "the caller's signal"}`;
    else if (performance.now() >= this.deadline) this.#reason = `stopped at ${wording.name("maxTimeMs")} (${wording.amount("maxTimeMs", maxTimeMs ?? 0)})`;
    else if (maxFailures !== undefined && this.failedSoFar() >= maxFailures) this.#reason = `stopped after ${maxFailures} failed checks (${wording.name("maxFailures")} ${maxFailures})`;
    return this.#reason;
  }

  /** The condition met so far, without asking again. */
  get metSoFar(): string | undefined {
    return this.#reason;
  }

  /** Time left before the deadline, for a request's own timeout. */
  msLeft(): number {
    return this.deadline - performance.now();
  }
}
