import { printable } from "../text/printable.js";
import { TxcApiError } from "./base.js";

/** What each status means to a caller (the description's table), and what to check when the server gives no reason. */
const MEANING: Readonly<Record<number, { meaning: string; check?: string }>> = {
  304: { meaning: "Not Modified, which the API does not answer", check: "a cache in between?" },
  401: { meaning: "Missing or invalid authentication", check: "check the API key, the secret and the nonce" },
  403: { meaning: "Insufficient permissions" },
  404: { meaning: "Endpoint does not exist", check: "check baseUrl" },
  429: { meaning: "Rate limit exceeded" },
};
const meaningOf = (status: number) => MEANING[status] ?? { meaning: status >= 500 ? "Server error" : "Client error" };

/** The server's own reason, the body's `message`, as printable text; undefined when it gave none. */
export function serverReason(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? printable(message.trim()) : undefined;
}

/**
 * The message of an error status: the server's reason first, when it gave one, then what the
 * status means; the advice of what to check only where the server said nothing.
 *   401 Unknown API key (Missing or invalid authentication)
 *   401 Missing or invalid authentication: check the API key, the secret and the nonce
 */
function statusMessage(status: number, body: unknown, detail: string | undefined): string {
  const { meaning, check } = meaningOf(status);
  const reason = serverReason(body);
  if (detail) return `${status} ${detail}${reason ? `: ${reason}` : ""}`;
  if (reason) return `${status} ${reason.replace(/\.+$/, "")} (${meaning})`;
  return `${status} ${meaning}${check ? `: ${check}` : ""}`;
}

/** The server answered an error status. `body` is the parsed error body (or its text). */
export class HttpError extends TxcApiError {
  override name = "HttpError";
  /** `advice` closes the message: what the client knows that the answer does not say. */
  constructor(operationId: string, readonly status: number, readonly body: unknown, detail?: string, advice = "") {
    super(operationId, statusMessage(status, body, detail) + advice);
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

/** 401. */
export class UnauthorizedError extends HttpError { override name = "UnauthorizedError"; }
/** 403: the key may not call this operation (the lending histories need a business partner's key). */
export class ForbiddenError extends HttpError { override name = "ForbiddenError"; }
/** 404. */
export class NotFoundError extends HttpError { override name = "NotFoundError"; }

/** 429. `retryAfterMs` is set when the server sent a Retry-After header. */
export class RateLimitError extends HttpError {
  override name = "RateLimitError";
  constructor(operationId: string, body: unknown, readonly retryAfterMs: number | undefined) {
    super(operationId, 429, body);
  }
}

/** 5xx. `retryAfterMs` is set when the server sent a Retry-After header. */
export class ServerError extends HttpError {
  override name = "ServerError";
  constructor(operationId: string, status: number, body: unknown, readonly retryAfterMs: number | undefined) {
    super(operationId, status, body);
  }
}

/** The error class for an answer's status. */
export function httpError(operationId: string, status: number, body: unknown, retryAfterMs: number | undefined, advice?: string): HttpError {
  switch (status) {
    case 400: return new BadRequestError(operationId, body);
    case 401: return new UnauthorizedError(operationId, status, body, undefined, advice);
    case 403: return new ForbiddenError(operationId, status, body);
    case 404: return new NotFoundError(operationId, status, body);
    case 429: return new RateLimitError(operationId, body, retryAfterMs);
    default: return status >= 500 ? new ServerError(operationId, status, body, retryAfterMs) : new HttpError(operationId, status, body);
  }
}
