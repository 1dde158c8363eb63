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

/** The private error object of the document: code 0 and "Validation failed" for validation errors. */
export function privateError(status: number, message: string, errors: Record<string, string[]> = {}) {
  return { code: status === 400 ? 0 : status, message, errors };
}
