import type { ValidationIssue } from "../validation/issues.js";
import { issueList, TxcApiError } from "./base.js";

/** The call broke the document's rules: it was not sent. */
export class RequestValidationError extends TxcApiError {
  override name = "RequestValidationError";
  constructor(operationId: string, readonly issues: readonly ValidationIssue[]) {
    super(operationId, `invalid request, nothing was sent: ${issueList(issues)}`);
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
 * Nothing was sent: the request cannot be written as given (a header value with a control character)
 * or what it needs cannot be loaded (an operation's validators). The message says which; never retried.
 */
export class SetupError extends TxcApiError {
  override name = "SetupError";
}

