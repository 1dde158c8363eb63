import type { OperationId } from "../../generated/operations.js";
import { sleep } from "./waiting.js";
import { documentedPeriodMs, windowsOf } from "./sliding-windows.js";


/**
 * After a 429, the run keeps quiet in the scopes of the refused operation: no request of the run
 * goes there for the Retry-After asked, or else for a whole period of the scope's documented
 * window, so that requests counted there before (by an earlier run too) have aged out.
 */
export class QuietWindows {
  readonly #until = new Map<string, number>();

  #scopes(operationId: OperationId): { keys: string[]; periodMs: number } {
    const windows = windowsOf(operationId);
    return { keys: windows.length ? windows.map((w) => w.key) : [`operation:${operationId}`], periodMs: documentedPeriodMs(operationId) };
  }

  /** Waits until every scope of the operation is out of its quiet time. */
  async pass(operationId: OperationId, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const until = Math.max(0, ...this.#scopes(operationId).keys.map((key) => this.#until.get(key) ?? 0));
      const waitMs = until - Date.now();
      if (waitMs <= 0) return;
      await sleep(waitMs, signal);
    }
  }

  /** How long a 429 of this operation asks the run to keep quiet; nothing is set yet. */
  waitFor(operationId: OperationId, retryAfterMs: number | undefined): number {
    return retryAfterMs ?? this.#scopes(operationId).periodMs;
  }

  /**
   * Keeps the operation's scopes quiet for `waitMs` from now, if that lengthens the quiet already
   * set by at most `budgetMs`. Returns by how much it lengthened it (what the budget pays: several
   * workers refused together wait once), or undefined when over the budget.
   */
  extend(operationId: OperationId, waitMs: number, budgetMs: number): number | undefined {
    const { keys } = this.#scopes(operationId);
    const now = Date.now();
    const quietNow = Math.max(now, ...keys.map((key) => this.#until.get(key) ?? 0));
    const added = Math.max(0, now + waitMs - quietNow);
    if (added > budgetMs) return undefined;
    for (const key of keys) this.#until.set(key, Math.max(this.#until.get(key) ?? 0, now + waitMs));
    return added;
  }
}
