// Arazzo runtime expressions, as far as the API's workflows write them: `$inputs.<name>`,
// `$steps.<stepId>.outputs.<name>`, `$statusCode`, `$response.body` and `$response.body#<JSON Pointer>`.
// A value the expression does not reach is undefined, never an error: the criterion that reads it
// says what it found.

/** What an expression is evaluated against: the workflow's inputs, the steps so far, and the answer being judged. */
export type ExpressionContext = {
  inputs: Record<string, unknown>;
  steps: Record<string, { outputs: Record<string, unknown> }>;
  statusCode?: number;
  body?: unknown;
};

const RUNTIME_EXPRESSION = /^\$(inputs|steps|statusCode|response\.body)(.*)$/;

export const isRuntimeExpression = (value: unknown): value is string => typeof value === "string" && RUNTIME_EXPRESSION.test(value);

/** The input a payload value takes (`$inputs.<name>`), or undefined. */
export const inputNameOf = (value: unknown): string | undefined =>
  isRuntimeExpression(value) && value.startsWith("$inputs.") ? value.slice("$inputs.".length) : undefined;

/** The value at a JSON Pointer (RFC 6901) in `value`, or undefined. */
export function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  let at = value;
  for (const token of pointer.split("/").slice(1).map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, token)) return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}

/** The value of one runtime expression; undefined where it reaches nothing. */
export function evaluate(expression: string, context: ExpressionContext): unknown {
  const [, source, rest] = RUNTIME_EXPRESSION.exec(expression) ?? [];
  if (source === "statusCode") return context.statusCode;
  if (source === "inputs") return context.inputs[rest!.slice(1)];
  if (source === "steps") {
    const [, stepId, outputs, name] = rest!.split(".");
    return outputs === "outputs" ? context.steps[stepId!]?.outputs[name!] : undefined;
  }
  if (source === "response.body") return rest === "" ? context.body : rest!.startsWith("#") ? atPointer(context.body, rest!.slice(1)) : undefined;
  throw new Error(`${expression} is not a runtime expression txc-api evaluates`);
}

/** A payload with its runtime expressions evaluated; a field whose expression reaches nothing is left out (an optional input not given). */
export function evaluatePayload(payload: Record<string, unknown>, context: ExpressionContext): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(payload)) {
    const evaluated = isRuntimeExpression(value) ? evaluate(value, context) : value;
    if (evaluated !== undefined) fields[field] = evaluated;
  }
  return fields;
}
