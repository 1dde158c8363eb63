// The once-only rule's fields: the document's `x-once-per` (a code succeeds once), and the rules a
// team declares where the document is silent (a deposit refunded once). The kit claims by them;
// the tester races and replays them; every door checks a declaration here.
import { operationIndex, type OperationId } from "../../generated/operations.js";

/**
 * The once-only fields of each operation: the document's `x-once-per`, and those a team declares
 * where the document is silent (`oncePer: { refundDeposit: ["transaction_id"] }`).
 */
export type OncePer = Partial<Record<OperationId, readonly string[]>>;

/**
 * What is wrong with a team's once-only declaration, as a rule that reads after the option's name
 * ("oncePer", "--once-per"), or undefined: each name an operation of the document, each list
 * fields its request body has (not the signing fields: a nonce is once only already). Every door
 * that takes a declaration (the kit, the tester) checks it here.
 */
export function oncePerProblem(declared: unknown): string | undefined {
  if (declared === undefined) return undefined;
  if (!declared || typeof declared !== "object" || Array.isArray(declared)) return "must be an object: { operationId: [field, ...] }";
  for (const [operationId, fields] of Object.entries(declared)) {
    const operation = Object.hasOwn(operationIndex, operationId) ? operationIndex[operationId as OperationId] : undefined;
    if (!operation) return `names ${operationId}, which is no operation of the document (the operations: ${Object.keys(operationIndex).join(", ")})`;
    const usable: readonly string[] = operation.requestFields.filter((field: string) => field !== "request" && field !== "nonce");
    if (!Array.isArray(fields) || fields.length === 0 || fields.some((field) => typeof field !== "string")) return `gives ${operationId} no list of fields: name one or more of its request body's (${usable.join(", ")})`;
    const unknown = fields.find((field: string) => !usable.includes(field));
    if (unknown !== undefined) return `gives ${operationId} ${JSON.stringify(unknown)}, which is no field of its request body (its fields: ${usable.join(", ")})`;
  }
  return undefined;
}

/** The fields an operation accepts once per value under the document and `declared`; empty for most. */
export function onceOnlyFields(operationId: OperationId, declared: OncePer = {}): readonly string[] {
  return declared[operationId] ?? operationIndex[operationId].oncePer;
}


/**
 * The command line's spelling of a declaration, `--once-per refundDeposit=transaction_id`
 * repeated, as the object `oncePer` takes; oncePerProblem then checks it as any declaration.
 */
export function oncePerFlags(given: readonly string[]): Record<string, string[]> {
  const declared: Record<string, string[]> = {};
  for (const rule of given) {
    const [operationId, fields = ""] = rule.split("=", 2);
    declared[operationId!.trim()] = fields.split(",").map((field) => field.trim()).filter(Boolean);
  }
  return declared;
}
