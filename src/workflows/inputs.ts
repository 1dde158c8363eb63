// A workflow's inputs taken from the operations they are sent to, the one rule the contract tester
// and the docs page's workflow panel share.
import type { Workflow } from "../../generated/workflows.js";
import { inputNameOf } from "./expressions.js";
import { inputsOf } from "./walk.js";

type Fields = Record<string, unknown>;

/** Where each input is sent: the first step and field whose payload takes `$inputs.<name>`. */
function inputFields(workflow: Workflow): Map<string, { operationId: string; field: string }> {
  const found = new Map<string, { operationId: string; field: string }>();
  for (const step of workflow.steps) {
    for (const [field, value] of Object.entries(step.requestBody?.payload ?? {})) {
      const name = inputNameOf(value);
      if (name && !found.has(name)) found.set(name, { operationId: step.operationId, field });
    }
  }
  return found;
}

/**
 * A workflow's inputs from the real values of the operations they are sent to: from the fields
 * given for that operation where some were given; else the input's default, else the operation's
 * first documented example (`exampleOf`: what the sandbox holds). A given value is never mixed
 * with an example's fields (a code given, and the example's passphrase).
 */
export function inputsFromOperations(workflow: Workflow, given: Partial<Record<string, Fields>>, exampleOf: (operationId: string) => Fields | undefined): Fields {
  const fromGiven: Fields = {};
  const fromExamples: Fields = {};
  for (const [name, { operationId, field }] of inputFields(workflow)) {
    const value = given[operationId] ? given[operationId][field] : undefined;
    if (value !== undefined) fromGiven[name] = value;
    else if (!given[operationId]) fromExamples[name] = exampleOf(operationId)?.[field];
  }
  const defined = (fields: Fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...defined(fromExamples), ...inputsOf(workflow, defined(fromGiven)) };
}
