import type { FieldErrors } from "./error-bodies.js";

/**
 * A documented error a handler answers: returned or thrown, it is sent as the document's error
 * body for the path (private: code, message, errors keyed by field). Its status must be one the
 * operation documents: the handler types refuse another where they can see it, and at run time
 * an undocumented status is answered 500 and logged.
 */
export class ApiError<Status extends number = number> extends Error {
  override name = "ApiError";
  constructor(
    readonly status: Status,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
}

/** An error answer: `return apiError(400, "Validation failed", { code: ["The code is not valid."] })`, or throw it. */
export function apiError<const Status extends number>(status: Status, message: string, errors?: FieldErrors): ApiError<Status> {
  return new ApiError(status, message, errors);
}

/** The document's validation error (400, "Validation failed") keyed by one field. */
export function invalidField(field: string, message: string): ApiError<400> {
  return new ApiError(400, "Validation failed", { [field]: [message] });
}
