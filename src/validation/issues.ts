import type { ValidationError } from "../../generated/validator-types.js";

/** One broken rule: the field (a dotted path such as `records[0].plan.status`) and the rule. */
export type ValidationIssue = { field: string; rule: string; message: string };

function fieldName(error: ValidationError): string {
  const segments = error.instancePath.split("/").slice(1).map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
  const extra = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof extra === "string") segments.push(extra);
  return segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), "");
}

function describe(error: ValidationError): string {
  switch (error.keyword) {
    case "required": return "is required";
    case "additionalProperties": return "is not a field of this request";
    case "enum": return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const": return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case "pattern": return error.schemaPath.includes("Decimal") ? "must be a decimal number in a string, such as \"12.5\"" : `must match ${error.params.pattern}`;
    default: return error.message ?? error.keyword;
  }
}

export function validationIssues(errors: readonly ValidationError[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((error) => {
    const field = fieldName(error) || "(body)";
    return { field, rule: error.keyword, message: `${field} ${describe(error)}` };
  });
}
