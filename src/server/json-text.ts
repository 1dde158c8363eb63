/** An answer already serialised to JSON, sent as it is; `T` is the type of what it holds. */
export class JsonText<T = unknown> {
  /** Only for the type checker: what the bytes hold. */
  declare readonly holds?: T;
  constructor(readonly bytes: Buffer) {}
}

/** The bytes of a reply's body: a JsonText as it is, anything else as JSON. */
/** The headers of the kit's JSON answers: private answers are not cached, as the description says. */
export const JSON_HEADERS: Readonly<Record<string, string>> = { "Content-Type": "application/json", "Cache-Control": "no-store" };

export const bodyBytes = (body: unknown): string | Buffer => (body instanceof JsonText ? body.bytes : JSON.stringify(body));
