import { documentedErrorKeys, operations, requestExamples, requestSchema, resolve, type OperationId, type Schema } from "./document.js";
import { sampleValid, seededRandom } from "./random.js";

export const CHECKS = ["positive", "negative", "error-keys", "tied-answers", "auth-headers", "auth-signature", "public", "protocol", "partner-only", "sequences", "rate-limits"] as const;
export type CheckName = (typeof CHECKS)[number];
/** Checks run only when asked for by name: they send a thousand requests or more. */
export const OPT_IN_CHECKS: readonly CheckName[] = ["rate-limits"];
export const DEFAULT_CHECKS = CHECKS.filter((check) => !OPT_IN_CHECKS.includes(check));

export const CHECK_DESCRIPTIONS: Record<CheckName, string> = {
  positive: "documented examples, every enum value and bound, and generated valid requests are accepted with a documented answer; a value whose validity the schema alone decides is never refused",
  negative: "a request breaking one rule of the request schema is rejected with a documented 4xx",
  "error-keys": "where the document keys errors by field (x-errors-keyed-by: investments history id, ticker, status), the key is there",
  "tied-answers": "answers agree with their request: a refund's id is the transaction_id sent, a page's offset and limit are those asked for, it holds at most limit records and a later offset moves, a balance asked for one ticker lists only it",
  "auth-headers": "a request missing any of the three X-TXC headers is refused with 401",
  "auth-signature": "a wrong signature, a signature over another body, a reused nonce, or request not the path: 401",
  public: "ping answers without authentication; an unknown path answers 404",
  protocol: "a signed body that is not JSON answers 400; an undocumented method on a documented path answers 4xx",
  "partner-only": "an ordinary account (TXC_API_KEY_BASIC) is refused 403 on the business-partner-only operations",
  sequences: "with --include-mutations: a code credits the balance by its amount once; a deposit is refunded once",
  "rate-limits": "opt-in, for servers you own: each documented rate limit answers 429 to the request past it, and not before",
};

export type Tamper =
  | { kind: "omit-header"; header: string }
  | { kind: "wrong-secret" }
  | { kind: "other-body" }
  | { kind: "replay" }
  | { kind: "request-path"; path: string }
  | { kind: "malformed-json" };

export type Expectation =
  | { kind: "accepted" }
  | { kind: "rejected"; errorKey?: string }
  | { kind: "status"; status: number }
  /** Any 4xx but 429: the server turned the request down as the client's fault. */
  | { kind: "client-error" };

export type Case = {
  /** The operation, or "unknownPath" for the 404 case. */
  operationId: OperationId | "unknownPath";
  check: CheckName;
  name: string;
  method: string;
  path: string;
  /** Body fields without request and nonce, which are set when signing. Unsigned when absent. */
  fields?: Record<string, unknown>;
  tamper?: Tamper;
  expect: Expectation;
  /** Real values: a documented example (a read-only operation must answer it 200) or a fixture (any operation must). */
  realValues?: "documented" | "fixture";
  /** Signed with the ordinary account's key (TXC_API_KEY_BASIC) instead of the main one. */
  identity?: "basic";
  /** A generated request: shrunk to the smallest one that still fails before it is reported. */
  generated?: true;
};

export type CaseOptions = {
  operations: OperationId[];
  checks: ReadonlySet<CheckName>;
  includeMutations: boolean;
  seed: number;
  examplesPerOperation: number;
  /** Real request fields by operation (--fixtures), without request and nonce. */
  fixtures?: Partial<Record<OperationId, Record<string, unknown>>>;
  /** Whether an ordinary account's key was given, for the partner-only check. */
  hasBasicIdentity?: boolean;
};

/** Operations whose state sequence the "sequences" check runs, so their fixture is used there. */
export const SEQUENCED: readonly OperationId[] = ["applyCode", "refundDeposit"];

export const UNKNOWN_PATH = "/api/v4/contract-test/no-such-endpoint";
const SIGNING_FIELDS = new Set(["request", "nonce"]);

type Mutation = { name: string; field: string; apply: (fields: Record<string, unknown>) => Record<string, unknown> };

const wrongTypeValue = (type: string) => (type === "string" ? 12345 : type === "boolean" ? "true" : "not-a-number");

/** One mutation per rule the request schema states, each breaking only that rule of one field. */
function mutations(schema: Schema): Mutation[] {
  const set = (field: string, value: unknown, name: string): Mutation => ({ name, field, apply: (fields) => ({ ...fields, [field]: value }) });
  const found: Mutation[] = [];
  for (const [field, property] of Object.entries<Schema>(schema.properties ?? {})) {
    if (SIGNING_FIELDS.has(field)) continue;
    const p = resolve(property);
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    if (type) found.push(set(field, wrongTypeValue(type), `${field} of the wrong type (not ${type})`));
    if (type === "integer") found.push(set(field, 1.5, `${field} not an integer`));
    if (p.minimum !== undefined) found.push(set(field, p.minimum - 1, `${field} below its minimum ${p.minimum}`));
    if (p.maximum !== undefined) found.push(set(field, p.maximum + 1, `${field} above its maximum ${p.maximum}`));
    if (Array.isArray(p.enum)) {
      const outside = type === "integer" ? Math.max(...p.enum) + 1 : "not-one-of-the-values";
      found.push(set(field, outside, `${field} outside its values ${p.enum.join(", ")}`));
    }
    if (p.format === "uuid") found.push(set(field, "not-a-uuid", `${field} not a UUID`));
    if (p.pattern !== undefined) found.push(set(field, "not matching", `${field} not matching ${p.pattern}`));
  }
  for (const field of schema.required ?? []) {
    if (SIGNING_FIELDS.has(field)) continue;
    found.push({ name: `${field} missing (required)`, field, apply: ({ [field]: _dropped, ...rest }) => rest });
  }
  return found;
}

/**
 * Every value the schema alone marks out for a field: each enum value, both booleans, and the
 * bounds of a number. Sent once each, so that no run leaves them to chance.
 */
function coverageValues(schema: Schema): { field: string; value: unknown }[] {
  const found: { field: string; value: unknown }[] = [];
  for (const [field, property] of Object.entries<Schema>(schema.properties ?? {})) {
    if (SIGNING_FIELDS.has(field)) continue;
    const p = resolve(property);
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    const values = Array.isArray(p.enum) ? p.enum : type === "boolean" ? [true, false] : [p.minimum, p.maximum].filter((bound) => bound !== undefined);
    for (const value of values) found.push({ field, value });
  }
  return found;
}

/** Values of the documented examples by field, so that generated requests look real. */
function exampleValues(examples: { fields: Record<string, unknown> }[]): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  for (const { fields } of examples) for (const [name, value] of Object.entries(fields)) seen.set(name, [...(seen.get(name) ?? []), value]);
  return seen;
}

export function buildCases(options: CaseOptions): Case[] {
  const random = seededRandom(options.seed);
  const wanted = (check: CheckName) => options.checks.has(check);
  const cases: Case[] = [];
  if (wanted("public")) cases.push({ operationId: "unknownPath", check: "public", name: "an unknown path answers 404", method: "POST", path: UNKNOWN_PATH, expect: { kind: "status", status: 404 } });

  for (const operationId of options.operations) {
    const { method, path, signed, stateChanging } = operations[operationId];
    if (stateChanging && !options.includeMutations) continue;
    const base = (name: string, check: CheckName, expect: Expectation, fields?: Record<string, unknown>, tamper?: Tamper): Case =>
      ({ operationId, check, name, method, path, fields, tamper, expect });
    if (!signed) {
      if (wanted("public")) cases.push(base("answers without authentication", "public", { kind: "accepted" }));
      continue;
    }
    const schema = requestSchema(operationId) ?? {};
    const examples = requestExamples(operationId);
    const valid = examples[0]?.fields ?? {};
    const fixture = options.fixtures?.[operationId];
    // The valid requests are positive cases; for tied-answers alone, only where the answer is tied.
    const accepting: CheckName | undefined = wanted("positive") ? "positive" : wanted("tied-answers") && operations[operationId].tiedToRequest.length ? "tied-answers" : undefined;
    if (accepting) {
      for (const example of examples) cases.push({ ...base(`documented example ${example.name}`, accepting, { kind: "accepted" }, example.fields), realValues: "documented" });
      const sequenced = wanted("sequences") && SEQUENCED.includes(operationId);
      if (fixture && !sequenced) cases.push({ ...base("fixture (--fixtures)", accepting, { kind: "accepted" }, fixture), realValues: "fixture" });
      for (const { field, value } of coverageValues(schema)) {
        cases.push(base(`${field} = ${JSON.stringify(value)} (coverage)`, accepting, { kind: "accepted" }, { ...valid, [field]: value }));
      }
      const seen = exampleValues(examples);
      for (let i = 0; i < options.examplesPerOperation; i++) {
        const fields = sampleValid(schema, random, seen) as Record<string, unknown>;
        for (const field of SIGNING_FIELDS) delete fields[field];
        cases.push({ ...base(`generated valid request #${i + 1}`, accepting, { kind: "accepted" }, fields), generated: true });
      }
    }
    const keyed = documentedErrorKeys(operationId);
    for (const mutation of mutations(schema)) {
      const fields = mutation.apply(valid);
      if (wanted("negative")) cases.push(base(mutation.name, "negative", { kind: "rejected" }, fields));
      if (wanted("error-keys") && keyed.has(mutation.field)) {
        cases.push(base(`${mutation.name}: errors keyed ${mutation.field}`, "error-keys", { kind: "rejected", errorKey: mutation.field }, fields));
      }
    }
    if (wanted("auth-headers")) {
      for (const header of ["X-TXC-APIKEY", "X-TXC-PAYLOAD", "X-TXC-SIGNATURE"]) {
        cases.push(base(`without ${header}`, "auth-headers", { kind: "status", status: 401 }, valid, { kind: "omit-header", header }));
      }
    }
    if (wanted("auth-signature")) {
      const refused = { kind: "status", status: 401 } as const;
      cases.push(base("signed with a wrong secret", "auth-signature", refused, valid, { kind: "wrong-secret" }));
      cases.push(base("signature over a different body", "auth-signature", refused, valid, { kind: "other-body" }));
      cases.push(base("a reused nonce", "auth-signature", refused, valid, { kind: "replay" }));
      const other = Object.values(operations).find((op) => op.path !== path && op.signed)!.path;
      cases.push(base("request not the path called", "auth-signature", refused, valid, { kind: "request-path", path: other }));
    }
    if (wanted("protocol")) {
      cases.push(base("a signed body that is not JSON", "protocol", { kind: "status", status: 400 }, valid, { kind: "malformed-json" }));
      for (const other of ["GET", "PUT", "DELETE"].filter((m) => m !== method)) {
        cases.push({ ...base(`${other} instead of ${method}`, "protocol", { kind: "client-error" }), method: other });
      }
    }
    if (wanted("partner-only") && options.hasBasicIdentity && operations[operationId].businessPartnerOnly) {
      cases.push({ ...base("an ordinary account is refused", "partner-only", { kind: "status", status: 403 }, fixture ?? valid), identity: "basic" });
    }
  }
  return cases;
}

/** The operations a run skipped for safety. */
export function skippedForSafety(operationIds: OperationId[], includeMutations: boolean): OperationId[] {
  return includeMutations ? [] : operationIds.filter((id) => operations[id].stateChanging);
}
