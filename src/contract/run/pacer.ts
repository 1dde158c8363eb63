import { RateLimiter } from "../../rate-limits/limiter.js";
import { parseRetryAfter } from "../../rate-limits/waiting.js";
import { QuietWindows } from "../../rate-limits/quiet-windows.js";
import type { OperationId } from "../../../generated/operations.js";
import type { ApiKeyPair } from "../../signing/sign.js";
import { isUnknownPath, requestsOf, type Case, type Observation } from "../case.js";
import type { Sender } from "../send.js";
import type { StopConditions } from "./stop-conditions.js";

/** A 429 is sent again at most this many times in all before it counts as the answer. */
const RATE_LIMITED_ATTEMPTS = 4;

export type PacerOptions = {
  /** Stay within the document's rate limits. */
  pacing: boolean;
  /** Most time, over the whole run, spent keeping quiet after 429 answers before they count as failures. */
  maxRateLimitWaitMs: number;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
};

/**
 * How the run sends: within the document's limits (the limiter), keeping quiet in an operation's
 * scopes after a 429 (for the Retry-After asked, or a whole documented period, within the run's
 * budget of waiting), and never past the run's deadline.
 */
export class Pacer {
  readonly #limiter = new RateLimiter();
  readonly #quiet = new QuietWindows();
  #waitBudgetMs: number;
  /** Answers 429 that were waited out and sent again. */
  rateLimited = 0;

  constructor(
    private readonly sender: Sender,
    private readonly options: PacerOptions,
    private readonly stops: StopConditions,
    /** Every key the tester holds, the ordinary account's last. */
    readonly keysHeld: readonly ApiKeyPair[],
  ) {
    this.#waitBudgetMs = options.maxRateLimitWaitMs;
  }

  async #admit(operationId: OperationId, requests: number): Promise<void> {
    await this.#quiet.pass(operationId, this.options.signal);
    if (this.options.pacing) for (let i = requests; i > 0; i--) await this.#limiter.acquire(operationId, this.options.signal);
  }

  /** Sends the case as it is, on a worker's key: no pacing, no 429 retry. */
  async sendUnpaced(testCase: Case, worker: number, timeoutMs = this.options.timeoutMs): Promise<Observation> {
    return this.sender.observe(testCase, { worker, timeoutMs });
  }

  /** Sends the case within the limits; a 429 is waited out and the case sent again, while the budget lasts. */
  async sendPaced(testCase: Case, worker = 0): Promise<Observation> {
    const operationId = isUnknownPath(testCase.operationId) ? undefined : testCase.operationId;
    for (let attempt = 1; ; attempt++) {
      if (operationId) await this.#admit(operationId, requestsOf(testCase, this.sender.connections));
      const observation = await this.sendUnpaced(testCase, worker, Math.max(1, Math.min(this.options.timeoutMs, this.stops.msLeft())));
      if (observation.status !== 429 || !operationId || attempt >= RATE_LIMITED_ATTEMPTS) return observation;
      const waitMs = this.#quiet.waitFor(operationId, parseRetryAfter(observation.diagnostics["retry-after"] ?? null));
      const added = this.#quiet.extend(operationId, waitMs, this.#waitBudgetMs);
      if (added === undefined) return observation;
      this.rateLimited++;
      this.#waitBudgetMs -= added;
    }
  }

  /**
   * One request per connection (--connections), and at least one per key held: the keys take the
   * places in turn, each key's nonces rising, so that an ordinary account's key never narrows a
   * race and every process behind a balancer can get some.
   */
  get raceWidth(): number {
    return Math.max(this.keysHeld.length, this.sender.connections);
  }

  /** The case sent at once, once per place in the race, each on a connection of its own, within the document's limits. */
  async race(testCase: Case): Promise<(Observation | undefined)[]> {
    await this.#admit(testCase.operationId as OperationId, this.raceWidth);
    return this.sender.race(testCase, Array.from({ length: this.raceWidth }, (_, i) => this.keysHeld[i % this.keysHeld.length]!));
  }
}
