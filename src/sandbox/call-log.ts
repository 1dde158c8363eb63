import type { FaultSpec } from "./faults.js";

/** One API request the sandbox received, as its call log keeps it. Never a secret: the key only. */
export type SandboxCall = {
  /** The operation routed to, or null for a path or method the API does not have. */
  operationId: string | null;
  method: string;
  path: string;
  /** The parsed JSON body, or undefined when there was none or it was not JSON. */
  fields: unknown;
  /** The X-TXC-APIKEY header, when sent. */
  apiKey: string | undefined;
  /** The status answered; 0 when the connection was closed without an answer. */
  status: number;
  /** The fault applied to it, when one was. */
  fault?: FaultSpec;
  /** When it arrived (Date.now()). */
  at: number;
};

/** The most calls kept: the oldest go first, so that a long soak does not grow without end. */
export const MAX_CALLS_KEPT = 10_000;

/** A call as kept: its body parsed only when the log is read, so that serving costs no second parse. */
export type RecordedCall = Omit<SandboxCall, "fields"> & { rawBody: Buffer | undefined };

/** What reached the API, oldest first, at most MAX_CALLS_KEPT: a ring, so that recording costs the same when full. */
export class CallLog {
  #calls: RecordedCall[] = [];
  /** Where the next call goes once the ring is full (the oldest's place). */
  #next = 0;

  record(call: RecordedCall) {
    if (this.#calls.length < MAX_CALLS_KEPT) this.#calls.push(call);
    else {
      this.#calls[this.#next] = call;
      this.#next = (this.#next + 1) % MAX_CALLS_KEPT;
    }
  }

  /** A copy, oldest first: a caller's assertions cannot change the log. */
  list(): SandboxCall[] {
    const ordered = [...this.#calls.slice(this.#next), ...this.#calls.slice(0, this.#next)];
    return ordered.map(({ rawBody, ...call }) => ({ ...call, fields: parsedFields(rawBody) }));
  }

  clear() {
    this.#calls = [];
    this.#next = 0;
  }
}

export function parsedFields(rawBody: Buffer | undefined): unknown {
  if (!rawBody?.length) return undefined;
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    return undefined;
  }
}
