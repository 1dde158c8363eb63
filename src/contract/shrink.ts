import { isUnknownPath, type Case } from "./case.js";
import { contractFacts, type Schema } from "../../generated/contract-facts.js";

type Fields = Record<string, unknown>;

/** Most requests spent shrinking one failing case. */
export const SHRINK_TRIES = 20;

/** The simplest valid value of a field: its lower bound, its first listed value, false, or the first example. */
function simplest(p: Schema, current: unknown): unknown[] {
  if (Array.isArray(p.enum)) return [p.enum[0]];
  if (typeof current === "number") {
    const floor = p.minimum ?? 0;
    return current === floor ? [] : [floor, floor + Math.floor((current - floor) / 2)];
  }
  if (typeof current === "boolean") return current ? [false] : [];
  if (typeof current === "string" && Array.isArray(p.examples)) return [p.examples[0]];
  return [];
}

/** Smaller requests than `fields`, the smallest first: an optional field dropped, then a value simplified. */
export function shrinkCandidates(testCase: Case): Fields[] {
  if (isUnknownPath(testCase.operationId) || !testCase.fields) return [];
  const schema = contractFacts[testCase.operationId].requestSchema ?? {};
  const required = new Set<string>(schema.required ?? []);
  const fields = testCase.fields;
  const candidates: Fields[] = [];
  for (const name of Object.keys(fields)) {
    if (!required.has(name)) {
      const { [name]: _dropped, ...rest } = fields;
      candidates.push(rest);
    }
  }
  for (const [name, value] of Object.entries(fields)) {
    const property = schema.properties?.[name];
    if (!property) continue;
    for (const simpler of simplest(property, value)) if (simpler !== value) candidates.push({ ...fields, [name]: simpler });
  }
  return candidates;
}

/**
 * Shrinks a failing case greedily, as property-based testers do: takes the first smaller request
 * that still fails, and starts over from it, until none fails or the tries run out.
 */
export async function shrink<R>(testCase: Case, stillFails: (candidate: Case) => Promise<R | undefined>): Promise<{ smallest: Case; result?: R; tries: number }> {
  let smallest = testCase;
  let result: R | undefined;
  let tries = 0;
  for (let progress = true; progress && tries < SHRINK_TRIES; ) {
    progress = false;
    for (const fields of shrinkCandidates(smallest)) {
      if (tries++ >= SHRINK_TRIES) break;
      const candidate = { ...smallest, fields };
      const failed = await stillFails(candidate);
      if (failed !== undefined) {
        smallest = candidate;
        result = failed;
        progress = true;
        break;
      }
    }
  }
  return { smallest, result, tries };
}
