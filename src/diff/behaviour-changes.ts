// The extensions the client, the kit, the tester and the proxy act on. A change to one is no text
// change: it is classed by what it does to a caller of the API. A promise about the answer (which
// fields an answer is tied to, a value used once, how pages move) added is a new promise to rely
// on; taken away or narrowed, code written against it can fail. An operation that starts to change
// state is no longer safe to retry or explore; a lower rate limit refuses what was allowed; a
// signing rule changed changes every signature.
import type { Kind } from "./classify.js";

type Json = unknown;
type Classed = { kind: Kind; text: string };

/** Extensions whose value is a promise about the answer: more of it is compatible, less breaking. */
const PROMISES = new Set(["x-tied-to-request", "x-once-per", "x-paging"]);
const BEHAVIOURAL = new Set([...PROMISES, "x-state-changing", "x-rate-limits", "x-txc-signing"]);

export const isBehavioural = (key: string): boolean => BEHAVIOURAL.has(key);

const items = (value: Json): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => JSON.stringify(item));
const holdsAll = (head: Json, base: Json) => items(base).every((item) => items(head).includes(item));

type Limit = { scope?: string; requests?: number; periodSeconds?: number };
const limitsOf = (value: Json): Limit[] => ((value as { limits?: Limit[] } | undefined)?.limits ?? []);
const rate = (limit: Limit) => (limit.requests ?? 0) / (limit.periodSeconds || 1);

/** Whether every scope limited in `head` allows at least what it allowed in `base` (a new scope limits what was free). */
function limitsAllowAsMuch(base: Json, head: Json): boolean {
  const before = limitsOf(base);
  return limitsOf(head).every((limit) => {
    const was = before.find((old) => old.scope === limit.scope);
    return was !== undefined && rate(limit) >= rate(was);
  });
}

/** How a change to a behavioural extension reaches a caller. */
export function classBehaviour(key: string, base: Json, head: Json): Classed {
  const how = base === undefined ? "added" : head === undefined ? "removed" : "changed";
  if (PROMISES.has(key)) {
    const kind: Kind = holdsAll(head, base) ? "compatible" : "breaking";
    return { kind, text: `${key} ${how}: ${kind === "compatible" ? "a promise about the answer added, which callers may rely on" : "a promise about the answer taken away or narrowed"}` };
  }
  if (key === "x-txc-signing") {
    // The signing rule stated for machines: every signer and verifier reads it.
    return how === "added"
      ? { kind: "compatible", text: `${key} ${how}: the signing rule stated for machines` }
      : { kind: "breaking", text: `${key} ${how}: every signed request is signed otherwise, so every caller's signature changes` };
  }
  if (key === "x-state-changing") {
    const changes = head === true;
    return changes
      ? { kind: "breaking", text: `${key} ${how}: the operation now changes state, so retrying or exploring it is no longer safe` }
      : { kind: "compatible", text: `${key} ${how}: the operation no longer changes state` };
  }
  return limitsAllowAsMuch(base, head)
    ? { kind: "compatible", text: `${key} ${how}: every limit allows at least what it did` }
    : { kind: "breaking", text: `${key} ${how}: a limit is lower, or limits what was not limited` };
}
