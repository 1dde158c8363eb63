import type { ConnectionSignal } from "./resend.js";

/** One request as the transport sends it: the exact body text, and the bounds it must hold to. */
export type Exchange = {
  url: string;
  method: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /** The caller's own abort; the call rejects with its reason at once. */
  signal?: AbortSignal;
  /** Whole exchange, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Largest answer body read, before and after decoding; a larger one ends the exchange. */
  maxResponseBytes: number;
  /**
   * The API key whose nonces must reach the server in the order they were taken: requests with
   * the same key go out on one connection, in the order they are handed to the transport.
   */
  orderKey?: string;
  /** The request changes nothing on the server: it may wait on a connection behind others (pipelined). */
  readOnly?: boolean;
};

/**
 * A whole answer, read within the bounds. `utf8` is false when the bytes were not valid UTF-8:
 * `text` then holds U+FFFD in their place, and is not JSON (RFC 8259).
 */
export type HttpAnswer = { status: number; headers: { get(name: string): string | null }; text: string; utf8: boolean };

export type Transport = (exchange: Exchange) => Promise<HttpAnswer>;

/**
 * Why an exchange ended without an answer. `redirect`: the server answered 3xx (never followed,
 * so no signed header reaches another origin); `location` is the target's origin, when it has one.
 * `setup`: nothing was sent, because the request cannot be written as given (a header value with a
 * control character, a URL that is not http(s)); no retry can mend that. `closed-before-answer`:
 * the connection closed before any byte of the answer came (`resend.ts` says what may follow).
 */
export class TransportFailure extends Error implements ConnectionSignal {
  override name = "TransportFailure";
  constructor(
    readonly kind: "redirect" | "too-large" | "timeout" | "network" | "closed-before-answer" | "setup",
    message: string,
    readonly detail: {
      status?: number;
      location?: string;
      cause?: unknown;
      /** Whether the request can have reached the server: false when it was never written. */
      sent?: boolean;
    } = {},
  ) {
    super(message, detail.cause === undefined ? undefined : { cause: detail.cause });
  }

  get closedBeforeAnswer(): boolean {
    return this.kind === "closed-before-answer";
  }

  /** The transport's own words for the failure, where no underlying error says it better. */
  get ownWords(): string | undefined {
    return this.detail.cause === undefined || this.kind === "closed-before-answer" ? this.message : undefined;
  }
}

/** The origin a Location header points to, resolved against the request URL. */
function targetOrigin(location: string | null | undefined, requestUrl: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, requestUrl).origin;
  } catch {
    return undefined;
  }
}

/** A 3xx that sends the client elsewhere; 304 Not Modified is an answer, not a redirect. */
export const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;

export function redirectFailure(status: number, location: string | null | undefined, requestUrl: string): TransportFailure {
  const origin = targetOrigin(location, requestUrl);
  return new TransportFailure(
    "redirect",
    `the server answered ${status} redirecting to ${origin ?? "an unknown location"}; redirects are never followed, so nothing was sent there`,
    { status, location: origin },
  );
}

export const tooLarge = (limit: number, status: number) =>
  new TransportFailure("too-large", `the answer is larger than maxResponseBytes (${limit} bytes); the connection was closed`, { status });

export const timedOut = (ms: number) => new TransportFailure("timeout", `no whole answer within ${ms} ms; the request was aborted`);

export const closedBeforeAnswerFailure = (words: string, sent: boolean, cause?: unknown) =>
  new TransportFailure("closed-before-answer", words, { cause, sent });
