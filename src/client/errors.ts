import { printable } from "../text/printable.js";
import type { ValidationIssue } from "../validation/issues.js";

const SHOWN_ISSUES = 5;
// Escaped: an issue can quote a server's text (a key, a value), and no message may carry its control bytes.
const issueList = (issues: readonly ValidationIssue[]) =>
  printable(issues.slice(0, SHOWN_ISSUES).map((issue) => issue.message).join("; "), 2000) +
  (issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more (see .issues)` : "");

/** Error options as ES2022 has them, spelt out so that the declarations compile with an ES2020 lib too. */
export type ErrorCause = { cause?: unknown };

/** Base of every error this package throws. None of them ever holds the API secret. */
export class TxcApiError extends Error {
  override name = "TxcApiError";
  /** Set on the last error of a retried call: how many attempts were made, and over how long. */
  declare attempts?: number;
  declare elapsedMs?: number;
  constructor(readonly operationId: string, message: string, options?: ErrorCause) {
    super(`${operationId}: ${message}`, options);
  }
}

/** The call broke the document's rules: it was not sent. */
export class RequestValidationError extends TxcApiError {
  override name = "RequestValidationError";
  constructor(operationId: string, readonly issues: readonly ValidationIssue[]) {
    super(operationId, `invalid request, nothing was sent: ${issueList(issues)}`);
  }
}

/** The server answered an error status. `body` is the parsed error body (or its text). */
export class HttpError extends TxcApiError {
  override name = "HttpError";
  constructor(operationId: string, readonly status: number, readonly body: unknown, detail: string) {
    super(operationId, `${status} ${detail}${HttpError.serverMessage(body)}`);
  }
  private static serverMessage(body: unknown): string {
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === "string" && message ? `: ${printable(message)}` : "";
  }
}

/** 400: invalid parameters. `errors` holds the server's messages by field. */
export class BadRequestError extends HttpError {
  override name = "BadRequestError";
  readonly errors: Readonly<Record<string, readonly string[]>>;
  constructor(operationId: string, body: unknown) {
    const errors = (body as { errors?: unknown } | null)?.errors;
    const byField = errors && typeof errors === "object" && !Array.isArray(errors) ? (errors as Record<string, string[]>) : {};
    // Only text is shown: a server's nested arrays are never walked (10,000 levels would overflow the stack).
    const text = (messages: unknown) => (Array.isArray(messages) ? messages : [messages]).map((m) => (typeof m === "string" ? m : "(not text)")).join(", ");
    const detail = printable(Object.entries(byField).map(([field, messages]) => `${field}: ${text(messages)}`).join("; "));
    super(operationId, 400, body, `Bad request${detail ? ` (${detail})` : ""}`);
    this.errors = byField;
  }
}

export class UnauthorizedError extends HttpError {
  override name = "UnauthorizedError";
  constructor(operationId: string, body: unknown) {
    super(operationId, 401, body, "Missing or invalid authentication (check the API key, the secret and the nonce)");
  }
}

export class ForbiddenError extends HttpError {
  override name = "ForbiddenError";
  constructor(operationId: string, body: unknown) {
    super(operationId, 403, body, "Insufficient permissions");
  }
}

export class NotFoundError extends HttpError {
  override name = "NotFoundError";
  constructor(operationId: string, body: unknown) {
    super(operationId, 404, body, "Endpoint does not exist (check baseUrl)");
  }
}

/** 429. `retryAfterMs` is set when the server sent a Retry-After header. */
export class RateLimitError extends HttpError {
  override name = "RateLimitError";
  constructor(operationId: string, body: unknown, readonly retryAfterMs: number | undefined) {
    super(operationId, 429, body, "Rate limit exceeded");
  }
}

/** 5xx. `retryAfterMs` is set when the server sent a Retry-After header. */
export class ServerError extends HttpError {
  override name = "ServerError";
  constructor(operationId: string, status: number, body: unknown, readonly retryAfterMs: number | undefined) {
    super(operationId, status, body, "Server error");
  }
}

/** The server answered something the document does not allow. */
export class ContractViolationError extends TxcApiError {
  override name = "ContractViolationError";
  constructor(operationId: string, readonly status: number, readonly issues: readonly ValidationIssue[], readonly body: unknown) {
    super(operationId, `the ${status} response breaks the contract: ${issueList(issues)}`);
  }
}

export class TimeoutError extends TxcApiError {
  override name = "TimeoutError";
  /** `stateChanging`: the request was sent, and the server may have acted on it before the deadline. */
  constructor(operationId: string, readonly timeoutMs: number, stateChanging = false) {
    super(
      operationId,
      `no whole answer within ${timeoutMs} ms; the request was aborted${stateChanging ? ". The server may have acted on it: check (the balance, the refund) before sending it again" : ""}`,
    );
  }
}

/** The server answered 3xx. Redirects are never followed: nothing, signed or not, went to `location`. */
export class RedirectError extends TxcApiError {
  override name = "RedirectError";
  constructor(operationId: string, readonly status: number, readonly location: string | undefined, message: string) {
    super(operationId, message);
  }
}

/** The answer was larger than `maxResponseBytes`; the connection was closed without reading the rest. */
export class ResponseTooLargeError extends TxcApiError {
  override name = "ResponseTooLargeError";
  constructor(operationId: string, readonly maxResponseBytes: number) {
    super(operationId, `the answer is larger than maxResponseBytes (${maxResponseBytes} bytes)`);
  }
}

/**
 * The request did not reach the server or the connection broke. `cause` holds the underlying
 * error, `code` Node's code for it. A TLS failure (a certificate refused, a handshake that failed)
 * is not `transient`: trying again cannot help, so it is never retried.
 */
export class NetworkError extends TxcApiError {
  override name = "NetworkError";
  readonly code: string | undefined;
  readonly transient: boolean;
  constructor(operationId: string, cause: unknown) {
    const failure = describeNetworkFailure(cause);
    super(operationId, failure.words, { cause });
    this.code = failure.code;
    this.transient = !failure.tls;
  }
}

/** Node's error codes said in words, the code kept for searching. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "the server refused the connection: nothing listens there",
  ECONNRESET: "the server closed the connection",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved now",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host cannot be reached",
  UND_ERR_SOCKET: "the server closed the connection",
};
const TLS_CODES: Record<string, string> = {
  CERT_HAS_EXPIRED: "TLS: the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "TLS: the server's certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "TLS: the server's certificate chain holds a self-signed certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "TLS: the server's certificate cannot be verified",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "TLS: the server's certificate is signed by an authority this machine does not trust",
  ERR_TLS_CERT_ALTNAME_INVALID: "TLS: the server's certificate is not for this host",
  ERR_SSL_WRONG_VERSION_NUMBER: "TLS: the server did not answer in TLS (is it http, not https, on that port?)",
  EPROTO: "TLS: the handshake failed (is it https on a plain http port?)",
};

type NetworkFailure = { words: string; code?: string; tls: boolean };

/** The cause first, in one line: what happened, then Node's code; never a stack or raw OpenSSL text. */
function describeNetworkFailure(error: unknown): NetworkFailure {
  let at = error as { cause?: unknown; code?: unknown; message?: unknown; reason?: unknown } | undefined;
  for (let depth = 0; at && depth < 5; depth++, at = at.cause as typeof at) {
    const code = typeof at.code === "string" ? at.code : undefined;
    if (code === "UND_ERR_SOCKET" && at.message === "bad response") {
      return {
        words: "the answer could not be read as HTTP: an interim 1xx answer (such as an unasked-for 100 Continue) before the final one is a cause that undici, which sends on Node, does not skip (UND_ERR_SOCKET)",
        code,
        tls: false,
      };
    }
    if (code && TLS_CODES[code]) return { words: `${TLS_CODES[code]} (${code})`, code, tls: true };
    if (code?.startsWith("ERR_SSL_")) {
      const reason = typeof at.reason === "string" ? at.reason : code.slice("ERR_SSL_".length).toLowerCase().replaceAll("_", " ");
      return { words: printable(`TLS: the handshake failed: ${reason} (${code})`, 300), code, tls: true };
    }
    if (code && NETWORK_CODES[code]) return { words: `${NETWORK_CODES[code]} (${code})`, code, tls: false };
    if (!at.cause) break;
  }
  const message = String((at as { message?: unknown } | undefined)?.message ?? at ?? "unknown");
  return { words: printable(`the request did not complete: ${message.split("\n")[0]}`, 300), tls: false };
}

/** Nothing was sent: what the client sends with cannot be loaded (undici on Node). The message says the fix; never retried. */
export class SetupError extends TxcApiError {
  override name = "SetupError";
}

/** A webhook payload that is not what the document describes. */
export class WebhookPayloadError extends TxcApiError {
  override name = "WebhookPayloadError";
  constructor(readonly issues: readonly ValidationIssue[]) {
    super("depositCanceled", `invalid webhook payload: ${issueList(issues)}`);
  }
}

export function httpError(operationId: string, status: number, body: unknown, retryAfterMs: number | undefined): HttpError {
  switch (status) {
    case 400: return new BadRequestError(operationId, body);
    case 401: return new UnauthorizedError(operationId, body);
    case 403: return new ForbiddenError(operationId, body);
    case 404: return new NotFoundError(operationId, body);
    case 429: return new RateLimitError(operationId, body, retryAfterMs);
    default:
      return status >= 500 ? new ServerError(operationId, status, body, retryAfterMs) : new HttpError(operationId, status, body, "Client error");
  }
}
