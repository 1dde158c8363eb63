import { printable } from "../text/printable.js";
import type { ValidationIssue } from "../validation/issues.js";

/** Error options as ES2022 has them, spelt out so that the declarations compile with an ES2020 lib too. */
export type ErrorCause = { cause?: unknown };

/** Base of every error this package throws. None of them ever holds the API secret. */
export class TxcError extends Error {
  override name = "TxcError";
}

/** Base of the errors of an API call: each names the operation. */
export class TxcApiError extends TxcError {
  override name = "TxcApiError";
  /** Set on the last error of a retried call: how many attempts were made, and over how long. */
  declare attempts?: number;
  declare elapsedMs?: number;
  constructor(readonly operationId: string, message: string, options?: ErrorCause) {
    super(`${operationId}: ${message}`, options);
  }
}

/**
 * A copy of an error, its message lengthened by `more` (and `fields` set): what the retry loop
 * says of a call's last error, leaving the error that was thrown as it was. Same class, fields,
 * cause and stack (its first line the new message).
 */
export function retold<E extends Error>(error: E, more: string, fields: object = {}): E {
  const copy: E = Object.create(Object.getPrototypeOf(error), Object.getOwnPropertyDescriptors(error));
  // Both are own, writable and not enumerable: assigning keeps them so.
  copy.message += more;
  copy.stack = error.stack?.replace(error.message, copy.message);
  return Object.assign(copy, fields);
}

const SHOWN_ISSUES = 5;

/** The first issues in one line, escaped: an issue can quote a server's text, and no message may carry its control bytes. */
export const issueList = (issues: readonly ValidationIssue[]) =>
  printable(issues.slice(0, SHOWN_ISSUES).map((issue) => issue.message).join("; "), 2000) +
  (issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more (see .issues)` : "");
