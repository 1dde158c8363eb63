// Generated from openapi/ by scripts/mcp-tools.mjs. Do not edit: run `npm run generate`.
import type { OperationId } from "./operations.js";

/** A JSON Schema of an object, every $ref resolved. */
export type ObjectSchema = { type: "object"; properties?: Record<string, object>; required?: string[]; [keyword: string]: unknown };

export type McpToolDefinition = {
  name: OperationId;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema?: ObjectSchema;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
};

export declare const mcpTools: readonly McpToolDefinition[];
export declare const DRY_RUN_ARGUMENT: "dryRun";
export declare const describedAnswerFields: Record<OperationId, readonly string[] | null>;
