import { errorFormats } from "../../generated/operations.js";

/** A request the sandbox refuses: answered as a private-format error keyed by field. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, string[]>,
    message = "Validation failed",
  ) {
    super(message);
  }

  static invalid(field: string, message: string): Refusal {
    return new Refusal(400, { [field]: [message] });
  }
}

const shownCodes: Readonly<Record<string, number>> = errorFormats.privateCodes;

/**
 * The private error object, with the code the document's examples show for its status (0 for
 * validation). A status no example shows (413, a fault's 503) takes the status as its code, as
 * every illustrative example of a non-validation error does: the sandbox's pick.
 */
export function privateError(status: number, message: string, errors: Record<string, string[]> = {}) {
  return { code: shownCodes[status] ?? status, message, errors };
}

/** The public error object: the fields the document's examples show, with this message. */
export function publicError(message: string) {
  return { ...structuredClone(errorFormats.publicFields), message };
}
