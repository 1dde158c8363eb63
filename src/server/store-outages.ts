// A store that goes away is told once, and once when it answers again with the count of requests
// refused in between: an outage under load is two lines, not one per request.
import { counted } from "../text/counted.js";

export type OutageLine = { event: "store-away" | "store-back"; store: string; message: string };

export class StoreOutages {
  readonly #away = new Map<string, { since: number; refused: number }>();

  constructor(private readonly tell: (line: OutageLine) => void, private readonly now: () => number = Date.now) {}

  /** A call to `store` failed; `refused`: the request was answered 500 for it. */
  failed(store: string, error: unknown, refused: boolean): void {
    const outage = this.#away.get(store);
    if (outage) {
      if (refused) outage.refused++;
      return;
    }
    this.#away.set(store, { since: this.now(), refused: refused ? 1 : 0 });
    const reason = (error as Error)?.message ?? String(error);
    this.tell({ event: "store-away", store, message: `the ${store} failed (${reason}): requests that need it are answered 500 until it answers again` });
  }

  /** A call to `store` answered: where it was away, it is back. */
  answered(store: string): void {
    if (this.#away.size === 0) return;
    const outage = this.#away.get(store);
    if (!outage) return;
    this.#away.delete(store);
    const seconds = ((this.now() - outage.since) / 1000).toFixed(1);
    this.tell({ event: "store-back", store, message: `the ${store} answers again after ${seconds} s; ${counted(outage.refused, "request")} refused 500 in between` });
  }
}
