import type { Observation } from "../../src/contract/case.js";
import { readJson } from "../../src/validation/answer-conformance.js";

/** An answer as the tester observes it, for the verdict's pure tests: a body given as text or as a value to serialise. */
export function observed(status: number, body: unknown, extra: Partial<Observation> = {}): Observation {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return { url: "http://127.0.0.1:9/api/v4/x", status, contentType: "application/json", cacheControl: "no-store", text, json: readJson(text, true), diagnostics: {}, ...extra };
}
