// Generated from openapi/ by scripts/contract-facts.mjs. Do not edit: run `npm run generate`.
import type { OperationId } from "./operations.js";

/** A JSON Schema, every $ref resolved. */
export type Schema = Record<string, any>;
export declare const contractFacts: Record<OperationId, {
  requestSchema: Schema | null;
  requestExamples: { name: string; fields: Record<string, unknown> }[];
  statuses: string[];
  errorKeys: string[];
}>;
