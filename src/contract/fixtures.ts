import { readFileSync } from "node:fs";
import { contractFacts } from "../../generated/contract-facts.js";
import { NONCE_FIELD, PATH_FIELD, signedBody } from "../signing/body.js";
import { validationIssues } from "../validation/issues.js";
import { validators } from "../../generated/validators.js";
import { operationIds, operationIndex, type OperationId } from "../../generated/operations.js";

type Fields = Record<string, unknown>;
/** Real request fields by operation: one value, as most operations need. */
export type Fixtures = Partial<Record<OperationId, Fields>>;
/** Several values by operation: a run takes the next one where a value was used up (a code already applied). */
export type FixtureLists = Partial<Record<OperationId, Fields[]>>;
/** What a user gives: one value or a list per operation, or a function asked for each operation. */
export type FixturesGiven = Partial<Record<OperationId, Fields | Fields[]>> | ((operationId: OperationId) => Fields | Fields[] | undefined);

/** Real request fields for an operation: the fixture given for it (--fixtures), else its first documented example. */
export function realFields(operationId: OperationId, fixtures: Fixtures): Fields {
  return fixtures[operationId] ?? contractFacts[operationId].requestExamples[0]?.fields ?? {};
}

/** A --fixtures file, or fixtures given to the library, that cannot be used; the message names the operation and field, never a value. */
export class FixturesError extends Error {
  override name = "FixturesError";
}

/** Each operation's values checked against its request schema (request and nonce are set when signing), as lists. */
export function checkFixtures(given: FixturesGiven, where: string): FixtureLists {
  const lists: FixtureLists = {};
  const entries: [string, unknown][] = typeof given === "function" ? operationIds.map((id) => [id, given(id)] as [string, unknown]).filter(([, value]) => value !== undefined) : Object.entries(given);
  for (const [operationId, value] of entries) {
    if (!operationIds.includes(operationId as OperationId)) {
      throw new FixturesError(`${where}: ${JSON.stringify(operationId).slice(0, 60)} is not an operation; operations: ${operationIds.join(", ")}`);
    }
    const id = operationId as OperationId;
    const validate = validators[id].request;
    if (!validate || !operationIndex[id].signed) throw new FixturesError(`${where}: ${id} takes no request body`);
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) throw new FixturesError(`${where}: ${id} has an empty list: give at least one object of request fields`);
    lists[id] = values.map((fields, index) => {
      const at = Array.isArray(value) ? `${id}[${index}]` : id;
      if (!fields || typeof fields !== "object" || Array.isArray(fields)) throw new FixturesError(`${where}: ${at} must be an object of request fields`);
      const { [PATH_FIELD]: _path, [NONCE_FIELD]: _nonce, ...own } = fields as Fields;
      if (!validate(signedBody(operationIndex[id].path, "1", own))) {
        const issues = validationIssues(validate.errors).map((issue) => issue.message);
        throw new FixturesError(`${where}: ${at}: ${issues.join("; ")}`);
      }
      return own;
    });
  }
  return lists;
}

/**
 * The values given for the state-changing operations, each handed out once in a run: a workflow,
 * the replay and the race each spend a value of their own (a code applied is spent), and each
 * takes the next one where the one it took had been used up by an earlier run.
 */
export class FixtureSupply {
  readonly #taken = new Map<OperationId, number>();
  constructor(private readonly lists: FixtureLists) {}

  /** The next value of the operation not handed out yet in this run, or undefined when none is left. */
  take(operationId: OperationId): Fields | undefined {
    const index = this.#taken.get(operationId) ?? 0;
    const value = this.lists[operationId]?.[index];
    if (value !== undefined) this.#taken.set(operationId, index + 1);
    return value;
  }

  /** How many values were given for the operation. */
  given(operationId: OperationId): number {
    return this.lists[operationId]?.length ?? 0;
  }
}

/** A refusal that says the value was used up (a code applied before): a 4xx, not a 429. */
export const refusedAsUsedUp = (status: number): boolean => status >= 400 && status < 500 && status !== 429;

/** The first value of each operation: what every check but the sequences uses. */
export const firstValues = (lists: FixtureLists): Fixtures => Object.fromEntries(Object.entries(lists).map(([id, values]) => [id, values![0]]));

/**
 * Reads real request fields by operation, one object or a list of them, such as
 * `{"applyCode": [{"code": "..."}, {"code": "..."}], "refundDeposit": {"transaction_id": "...", "address": "..."}}`,
 * and checks each against the operation's request schema.
 */
export function loadFixtures(file: string): FixtureLists {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FixturesError(`${file}: ${code ? `cannot be read (${code})` : "not JSON"}`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new FixturesError(`${file}: must be a JSON object keyed by operation id`);
  return checkFixtures(data as FixturesGiven, file);
}
