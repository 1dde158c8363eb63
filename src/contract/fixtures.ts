import { readFileSync } from "node:fs";
import { contractFacts } from "../../generated/contract-facts.js";
import { NONCE_FIELD, PATH_FIELD, signedBody } from "../signing/sign.js";
import { validationIssues } from "../validation/issues.js";
import { validators } from "../../generated/validators.js";
import { operationIds, operationIndex, type OperationId } from "../../generated/operations.js";

export type Fixtures = Partial<Record<OperationId, Record<string, unknown>>>;

/** Real request fields for an operation: the fixture given for it (--fixtures), else its first documented example. */
export function realFields(operationId: OperationId, fixtures: Fixtures): Record<string, unknown> {
  return fixtures[operationId] ?? contractFacts[operationId].requestExamples[0]?.fields ?? {};
}

/** A --fixtures file that cannot be used; the message names the operation and field, never a value. */
export class FixturesError extends Error {
  override name = "FixturesError";
}

/**
 * Reads real request fields by operation, such as
 * `{"applyCode": {"code": "..."}, "refundDeposit": {"transaction_id": "...", "address": "..."}}`,
 * and checks each against the operation's request schema (request and nonce are set when signing).
 */
export function loadFixtures(file: string): Fixtures {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FixturesError(`${file}: ${code ? `cannot be read (${code})` : "not JSON"}`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new FixturesError(`${file}: must be a JSON object keyed by operation id`);
  const fixtures: Fixtures = {};
  for (const [operationId, fields] of Object.entries(data)) {
    if (!operationIds.includes(operationId as OperationId)) {
      throw new FixturesError(`${file}: ${JSON.stringify(operationId).slice(0, 60)} is not an operation; operations: ${operationIds.join(", ")}`);
    }
    const id = operationId as OperationId;
    const validate = validators[id].request;
    if (!validate || !operationIndex[id].signed) throw new FixturesError(`${file}: ${id} takes no request body`);
    if (!fields || typeof fields !== "object" || Array.isArray(fields)) throw new FixturesError(`${file}: ${id} must be an object of request fields`);
    const { [PATH_FIELD]: _path, [NONCE_FIELD]: _nonce, ...own } = fields as Record<string, unknown>;
    if (!validate(signedBody(operationIndex[id].path, "1", own))) {
      const issues = validationIssues(validate.errors).map((issue) => issue.message);
      throw new FixturesError(`${file}: ${id}: ${issues.join("; ")}`);
    }
    fixtures[id] = own;
  }
  return fixtures;
}
