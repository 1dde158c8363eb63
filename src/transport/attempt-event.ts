// One attempt of a call as every observer sees it (the client's hooks and debug log, the tester's
// verbose log): the transport's record of what was sent and heard.

/** One attempt of a call, as the hooks and the debug log see it. Never the secret, never a signature. */
export type AttemptEvent = {
  operationId: string;
  /** 1 for the first attempt. */
  attempt: number;
  method: string;
  /** The URL called (the client's URLs carry no query). */
  url: string;
  /** The nonce sent, for a signed call. */
  nonce: string | undefined;
  /** Bytes of the body sent. */
  bodyBytes: number;
  /** The request's headers, X-TXC-PAYLOAD and X-TXC-SIGNATURE shown as their length only. */
  headers: Readonly<Record<string, string>>;
  /** Time this attempt waited in the rate limiter, when one is used. */
  queuedMs: number;
  /** The answer's status, once there is one. */
  status?: number;
  /** From handing the request to the transport to the last byte of the answer. */
  durationMs?: number;
  /** onRetry: the wait before the next attempt, and why. */
  retryInMs?: number;
  reason?: RetryReason;
  /** onRetry and onError: the typed error. */
  error?: unknown;
};

export type RetryReason = "429" | "5xx" | "timeout" | "network" | "connection-closed";
