import { SIGNING_FIELDS } from "../signing/body.js";
import type { Schema } from "../../generated/contract-facts.js";

export type Mutation = { name: string; field: string; apply: (fields: Record<string, unknown>) => Record<string, unknown> };

const wrongTypeValue = (type: string) => (type === "string" ? 12345 : type === "boolean" ? "true" : "not-a-number");

/** One mutation per rule the request schema states, each breaking only that rule of one field. */
export function mutations(schema: Schema): Mutation[] {
  const set = (field: string, value: unknown, name: string): Mutation => ({ name, field, apply: (fields) => ({ ...fields, [field]: value }) });
  const found: Mutation[] = [];
  for (const [field, p] of Object.entries<Schema>(schema.properties ?? {})) {
    if (SIGNING_FIELDS.has(field)) continue;
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
