// The error bodies of the document, in the format of the path's kind: public (success, message,
// params) or private (code, message, errors keyed by field). One home for the sandbox, the proxy
// and a server team's own code.
import { errorFormats } from "../../generated/operations.js";
import { isPublicPath } from "./public-paths.js";

/** Messages keyed by field, as the private error carries them. */
export type FieldErrors = Record<string, string[]>;

const shownCodes: Readonly<Record<string, number>> = errorFormats.privateCodes;

/**
 * The private error object, with the code the document's examples show for its status (0 for
 * validation). A status no example shows (413, a fault's 503) takes the status as its code, as
 * every illustrative example of a non-validation error does: the package's pick.
 */
export function privateErrorBody(status: number, message: string, errors: FieldErrors = {}) {
  return { code: shownCodes[status] ?? status, message, errors };
}

/** The public error object: the fields the document's examples show, with this message. */
export function publicErrorBody(message: string) {
  return Object.assign(structuredClone(errorFormats.publicFields), { message });
}

/** What a server answers: a status and a JSON body (a value, or bytes already serialised). */
/** An answer as the kit sends it: a status, a JSON body, and any header of its own (Retry-After). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** An error in the format of the path's kind. */
export function errorReply(path: string, status: number, message: string, errors: FieldErrors = {}): Reply {
  return { status, body: isPublicPath(path) ? publicErrorBody(message) : privateErrorBody(status, message, errors) };
}

/** What every door tells a client of a fault of its own: nothing it could act on (the cause goes to the log). */
export const INTERNAL_ERROR = "Internal error.";

/** The one 500 of every door (the kit, its adapters, the sandbox), in the format of the path's kind. */
export const internalErrorReply = (path: string): Reply => errorReply(path, 500, INTERNAL_ERROR);
