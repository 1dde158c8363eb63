import { JsonText } from "../server/json-text.js";

type Page = { limit: number; offset: number };

/** Pages held at once; past that the cache starts over, so that odd queries cannot grow it without end. */
const MOST_PAGES = 512;

/**
 * Pages of listed records (investments, interest payments, funding records), serialised once per
 * query. Those records never change in place, and a reset replaces the state and this cache with
 * it, so a page once built stays right.
 */
export class PageCache {
  readonly #pages = new Map<string, JsonText>();

  /** The page of `query` (what selects the records, without limit and offset); `select` runs on a miss only. */
  page<R>(query: readonly unknown[], { limit, offset }: Page, select: () => R[]): JsonText<{ offset: number; limit: number; records: R[] }> {
    const key = JSON.stringify([...query, limit, offset]);
    const cached = this.#pages.get(key);
    if (cached) return cached as JsonText<{ offset: number; limit: number; records: R[] }>;
    const from = Math.max(0, offset);
    const text = new JsonText<{ offset: number; limit: number; records: R[] }>(Buffer.from(JSON.stringify({ offset, limit, records: select().slice(from, from + Math.max(0, limit)) })));
    if (this.#pages.size >= MOST_PAGES) this.#pages.clear();
    this.#pages.set(key, text);
    return text;
  }
}
