// Generated from openapi/workflows.arazzo.yaml by scripts/workflows.mjs. Do not edit: run `npm run generate`.
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
  [extension: `x-${string}`]: Record<string, string> | undefined;
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
