// openapi/workflows.arazzo.yaml -> <out>/workflows.arazzo.json: the API's flows (Arazzo 1.0.1),
// bundled beside the document they reference (its source description is `./openapi.json` there),
// every reference checked against that document first: a step's operation, its payload's fields,
// and each runtime expression ($inputs, an earlier step's outputs, a pointer into the answer).
// Neither `redocly lint` nor `spectral:arazzo` resolves these; Respect finds them only when it runs.
// Also <out>/workflows.js + .d.ts: the workflows as the contract tester and the proxy run them.
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
const expressionsIn = (value) => JSON.stringify(value ?? null).match(/\$(?:inputs|steps|response\.body#|statusCode)[^\s"\\,(){}[\]]*/g) ?? [];

/** The extensions txc-api's runner holds a step to, by name, with the arguments each takes: see src/workflows/extensions.ts. */
const EXTENSIONS = { "x-txc-credited": ["before", "after", "ticker", "amount"] };

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
    const sentBefore = [];
    for (const step of workflow.steps ?? []) {
      const where = `${workflow.workflowId}.${step.stepId}`;
      const operation = operations.get(step.operationId);
      // The document's x-once-per decides what a repeat gets: the same value sent again is refused, and nothing else is.
      const oncePer = operation?.["x-once-per"] ?? [];
      const payload = step.requestBody?.payload ?? {};
      const repeats = sentBefore.some((earlier) => earlier.operationId === step.operationId && (oncePer.length > 0
        ? oncePer.every((field) => JSON.stringify(earlier.payload[field]) === JSON.stringify(payload[field]))
        : JSON.stringify(earlier.payload) === JSON.stringify(payload)));
      const wantsRefusal = (step.successCriteria ?? []).some(({ condition }) => /\$statusCode\s*>=\s*4\d\d/.test(condition ?? ""));
      if (repeats && oncePer.length > 0 && !wantsRefusal) problems.push(`${where}: sends ${step.operationId} with the ${oncePer.join(", ")} of an earlier step, which x-once-per says is refused: its success criteria must want a 4xx`);
      if (repeats && oncePer.length === 0 && wantsRefusal) problems.push(`${where}: wants a repeat of ${step.operationId} refused, which the document does not say (it has no x-once-per)`);
      sentBefore.push({ operationId: step.operationId, payload });
      if (!operation) problems.push(`${where}: operationId ${JSON.stringify(step.operationId)} is no operation of the document`);
      const fields = Object.keys(requestSchema(document, operation ?? {})?.properties ?? {});
      for (const field of Object.keys(step.requestBody?.payload ?? {})) {
        if (operation && (signingFields.has(field) || !fields.includes(field))) problems.push(`${where}: payload field ${field} is not a field of ${step.operationId}${signingFields.has(field) ? " the workflow sets (the signing fetch does)" : ""}`);
      }
      for (const action of step.onSuccess ?? []) {
        if (action.type !== "end") problems.push(`${where}: onSuccess ${action.name} is of type ${action.type}: txc-api's runner takes only "end"`);
      }
      for (const [name, args] of Object.entries(step).filter(([key]) => key.startsWith("x-"))) {
        const wanted = EXTENSIONS[name];
        if (!wanted) problems.push(`${where}: ${name} is no extension txc-api's runner knows (${Object.keys(EXTENSIONS).join(", ")})`);
        else for (const arg of wanted.filter((arg) => !(arg in (args ?? {})))) problems.push(`${where}: ${name} has no ${arg}`);
      }
      check(where, [step.requestBody, step.successCriteria, step.onSuccess, step.outputs, ...Object.entries(step).filter(([key]) => key.startsWith("x-"))], operation);
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
  writeRunnableWorkflows(outDir, workflows.workflows);
  return workflows;
}

const HEADER = "// Generated from openapi/workflows.arazzo.yaml by scripts/workflows.mjs. Do not edit: run `npm run generate`.";

/** The workflows as a module the contract tester and the proxy import (the JSON bundle is for other tools). */
function writeRunnableWorkflows(outDir, workflows) {
  writeFileSync(path.join(outDir, "workflows.js"), `${HEADER}\n/** The API's workflows (Arazzo 1.0.1), as bundled in workflows.arazzo.json. */\nexport const workflows = ${JSON.stringify(workflows, null, 2)};\n`);
  writeFileSync(path.join(outDir, "workflows.d.ts"), `${HEADER}
import type { OperationId } from "./operations.js";

/** An Arazzo 1.0.1 criterion: a simple condition, or a JSONPath one over its context. */
export type Criterion = { condition: string; context?: string; type?: "simple" | "jsonpath" | "regex" };
export type SuccessAction = { name: string; type: "end"; criteria?: Criterion[] };
export type WorkflowStep = {
  stepId: string;
  description?: string;
  operationId: OperationId;
  requestBody?: { contentType?: string; payload?: Record<string, unknown> };
  successCriteria?: Criterion[];
  onSuccess?: SuccessAction[];
  outputs?: Record<string, string>;
  /** txc-api's own rules, where Arazzo 1.0.1 cannot state one (src/workflows/extensions.ts). */
  [extension: \`x-\${string}\`]: Record<string, string> | undefined;
};
export type Workflow = {
  workflowId: string;
  summary?: string;
  description?: string;
  inputs?: { type?: "object"; required?: string[]; properties?: Record<string, { type?: string; default?: unknown; description?: string }> };
  steps: WorkflowStep[];
};
/** The API's workflows (Arazzo 1.0.1), as bundled in workflows.arazzo.json. */
export declare const workflows: Workflow[];
`);
}

if (isMain(import.meta.url)) bundleWorkflows(outDirFromArgs());
