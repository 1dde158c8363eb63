// Generated from openapi/ by scripts/contract-facts.mjs. Do not edit: run `npm run generate`.
type Schema = Record<string, any>;
export declare const contractFacts: Record<string, {
  requestSchema: Schema | null;
  requestExamples: { name: string; fields: Record<string, unknown> }[];
  statuses: string[];
  errorKeys: string[];
}>;
