// openapi/workflows.arazzo.yaml -> <out>/workflows.arazzo.json: the API's flows (Arazzo 1.0.1),
// bundled beside the document they reference (its source description is `./openapi.json` there),
// every reference checked against that document first: a step's operation, its payload's fields,
// and each runtime expression ($inputs, an earlier step's outputs, a pointer into the answer).
// Neither `redocly lint` nor `spectral:arazzo` resolves these; Respect finds them only when it runs.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { JSON_MEDIA, operationsOf, resolve, signingFacts } from "./document-refs.mjs";
import { isMain, outDirFromArgs, redoclyBin, root } from "./project.mjs";
import { run } from "./run.mjs";

export const workflowsSource = path.join(root, "openapi", "workflows.arazzo.yaml");

const requestSchema = (document, operation) => resolve(document, operation.requestBody?.content?.[JSON_MEDIA]?.schema);
const answerSchema = (document, operation) => resolve(document, resolve(document, operation.responses?.["200"])?.content?.[JSON_MEDIA]?.schema);

/** Whether a JSON Pointer can point into an answer of `schema`: each step a property, or an index of an array. */
function pointerFits(document, schema, pointer) {
  let at = resolve(document, schema);
  for (const segment of pointer.split("/").slice(1)) {
    if (!at) return false;
    if (/^\d+$/.test(segment) && at.items) at = resolve(document, at.items);
    else at = resolve(document, at.properties?.[segment]);
  }
  return at !== undefined;
}

/** The runtime expressions in a value of the workflow (a payload, a condition, an output), as written. */
const expressionsIn = (value) => JSON.stringify(value ?? null).match(/\$(?:inputs|steps|response\.body#|statusCode)[^\s"\\,)]*/g) ?? [];

/** What in `workflows` does not resolve against `document`, one line each; none for a sound file. */
export function workflowProblems(workflows, document) {
  const problems = [];
  if (workflows.arazzo !== "1.0.1") problems.push(`arazzo is ${JSON.stringify(workflows.arazzo)}: write 1.0.1, the version Respect runs`);
  const operations = new Map([...operationsOf(document)].map(({ operation }) => [operation.operationId, operation]));
  const { bodyFields } = signingFacts(document);
  const signingFields = new Set([bodyFields.path, bodyFields.nonce]);
  for (const workflow of workflows.workflows ?? []) {
    const inputs = new Set(Object.keys(workflow.inputs?.properties ?? {}));
    const outputsOf = new Map();
    const check = (where, value, operation) => {
      for (const expression of expressionsIn(value)) {
        const [, kind, rest] = /^\$(inputs|steps|response\.body#|statusCode)(.*)$/.exec(expression);
        if (kind === "inputs" && !inputs.has(rest.slice(1))) problems.push(`${where}: ${expression}: no input ${rest.slice(1)}`);
        if (kind === "steps") {
          const [, stepId, outputs, name] = rest.split(".");
          if (!outputsOf.has(stepId)) problems.push(`${where}: ${expression}: no earlier step ${stepId}`);
          else if (outputs !== "outputs" || !outputsOf.get(stepId).has(name)) problems.push(`${where}: ${expression}: step ${stepId} has no output ${name}`);
        }
        if (kind === "response.body#" && (!operation || !pointerFits(document, answerSchema(document, operation), rest))) {
          problems.push(`${where}: ${expression}: no such field in a 200 answer of ${operation?.operationId ?? "this step"}`);
        }
      }
    };
    for (const step of workflow.steps ?? []) {
      const where = `${workflow.workflowId}.${step.stepId}`;
      const operation = operations.get(step.operationId);
      if (!operation) problems.push(`${where}: operationId ${JSON.stringify(step.operationId)} is no operation of the document`);
      const fields = Object.keys(requestSchema(document, operation ?? {})?.properties ?? {});
      for (const field of Object.keys(step.requestBody?.payload ?? {})) {
        if (operation && (signingFields.has(field) || !fields.includes(field))) problems.push(`${where}: payload field ${field} is not a field of ${step.operationId}${signingFields.has(field) ? " the workflow sets (the signing fetch does)" : ""}`);
      }
      check(where, [step.requestBody, step.successCriteria, step.outputs], operation);
      outputsOf.set(step.stepId, new Set(Object.keys(step.outputs ?? {})));
    }
    check(`${workflow.workflowId}.outputs`, workflow.outputs, undefined);
  }
  return [...new Set(problems)];
}

export function bundleWorkflows(outDir, source = workflowsSource) {
  const target = path.join(outDir, "workflows.arazzo.json");
  run(redoclyBin, ["bundle", source, "--output", target, "--ext", "json"]);
  const workflows = JSON.parse(readFileSync(target, "utf8"));
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const problems = workflowProblems(workflows, document);
  if (problems.length > 0) throw new Error(`${path.relative(root, source)} does not resolve against the document:\n- ${problems.join("\n- ")}`);
  workflows.sourceDescriptions = workflows.sourceDescriptions.map((source) => ({ ...source, url: "./openapi.json" }));
  workflows.info.version = document.info.version;
  writeFileSync(target, `${JSON.stringify(workflows, null, 2)}\n`);
  return workflows;
}

if (isMain(import.meta.url)) bundleWorkflows(outDirFromArgs());
