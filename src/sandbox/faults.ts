import { operationIndex } from "../../generated/operations.js";

/**
 * A fault the sandbox applies to the API requests it matches, to test a caller's error handling.
 * Exactly one of `status`, `delayMs` and `drop` says what happens.
 */
export type FaultSpec = {
  /** The operation it applies to; every operation when left out. */
  operationId?: string;
  /** Answer this status with the document's error body for it (no state changed, no nonce used). */
  status?: number;
  /** With a status of 429 or 5xx: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /** Act on the request as usual, and answer this late. */
  delayMs?: number;
  /** Close the connection unanswered: "before" acting on the request, or "after" acting on it. */
  drop?: "before" | "after";
  /** How many matching requests it applies to: default 1, or unlimited with a probability. */
  times?: number;
  /** Applies to each matching request with this probability (0 to 1), drawn from `seed`. */
  probability?: number;
  /** Seed of the draws (default 1): the same seed, the same requests faulted. */
  seed?: number;
};

/** A fault spec that cannot be used; the message names the field and the rule. */
export class FaultSpecError extends Error {
  override name = "FaultSpecError";
}

const FIELDS = new Set(["operationId", "status", "retryAfterSeconds", "delayMs", "drop", "times", "probability", "seed"]);
const MAX_DELAY_MS = 600_000;

function integer(spec: Record<string, unknown>, field: string, min: number, max: number) {
  const value = spec[field];
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new FaultSpecError(`fault ${field} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)?.slice(0, 40)})`);
  }
}

/** Checks a fault spec as given (from code, JSON over HTTP or --fault), naming the field at fault. */
export function checkFault(spec: unknown): FaultSpec {
  if (!spec || typeof spec !== "object" || Array.isArray(spec)) throw new FaultSpecError("a fault is an object, such as {\"operationId\": \"getMainBalance\", \"status\": 500}");
  const given = spec as Record<string, unknown>;
  const unknown = Object.keys(given).filter((field) => !FIELDS.has(field));
  if (unknown.length) throw new FaultSpecError(`fault field ${JSON.stringify(unknown[0]).slice(0, 60)} is not known; the fields are ${[...FIELDS].join(", ")}`);
  if (given.operationId !== undefined && !Object.hasOwn(operationIndex, given.operationId as string)) {
    throw new FaultSpecError(`fault operationId ${JSON.stringify(given.operationId).slice(0, 60)} is not an operation of the API; the operations are ${Object.keys(operationIndex).join(", ")}`);
  }
  integer(given, "status", 400, 599);
  integer(given, "retryAfterSeconds", 0, 86_400);
  integer(given, "delayMs", 0, MAX_DELAY_MS);
  integer(given, "times", 1, 1_000_000_000);
  integer(given, "seed", 0, 2 ** 31 - 1);
  if (given.drop !== undefined && given.drop !== "before" && given.drop !== "after") throw new FaultSpecError(`fault drop must be "before" or "after" (got ${JSON.stringify(given.drop)?.slice(0, 40)})`);
  if (given.probability !== undefined && (typeof given.probability !== "number" || !(given.probability >= 0 && given.probability <= 1))) {
    throw new FaultSpecError(`fault probability must be a number from 0 to 1 (got ${JSON.stringify(given.probability)?.slice(0, 40)})`);
  }
  const effects = ["status", "delayMs", "drop"].filter((field) => given[field] !== undefined);
  if (effects.length !== 1) throw new FaultSpecError(`a fault says one thing to do: status, delayMs or drop (got ${effects.length ? effects.join(" and ") : "none"})`);
  if (given.retryAfterSeconds !== undefined && given.status === undefined) throw new FaultSpecError("fault retryAfterSeconds goes with a status (429 or 5xx)");
  return { ...given } as FaultSpec;
}

/** Mulberry32: a small seeded generator, so that a soak's faulted requests repeat with its seed. */
function seeded(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

type Queued = { spec: FaultSpec; left: number; draw: (() => number) | undefined };

/** The faults waiting to be applied, in the order they were given: the first that matches applies. */
export class FaultQueue {
  #queued: Queued[] = [];

  add(spec: unknown): FaultSpec {
    const checked = checkFault(spec);
    const left = checked.times ?? (checked.probability === undefined ? 1 : Infinity);
    this.#queued.push({ spec: checked, left, draw: checked.probability === undefined ? undefined : seeded(checked.seed ?? 1) });
    return checked;
  }

  /** The fault for a request of this operation, used up by one; undefined when none applies. */
  take(operationId: string): FaultSpec | undefined {
    for (let i = 0; i < this.#queued.length; i++) {
      const queued = this.#queued[i]!;
      if (queued.spec.operationId !== undefined && queued.spec.operationId !== operationId) continue;
      if (queued.draw && queued.draw() >= queued.spec.probability!) continue;
      if (--queued.left <= 0) this.#queued.splice(i, 1);
      return queued.spec;
    }
    return undefined;
  }

  /** The faults still waiting, as given. */
  list(): FaultSpec[] {
    return this.#queued.map(({ spec }) => ({ ...spec }));
  }

  clear() {
    this.#queued = [];
  }
}
