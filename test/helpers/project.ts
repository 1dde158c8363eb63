import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const generatedDir = path.join(root, "generated");
/**
 * How long a test waits for a process, a page or a port before calling it stuck: what a stuck
 * process would exceed, never what a busy machine does (the suite holds run twice side by side).
 */
export const STUCK_MS = 10 * 60_000;
export const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

// The bundled document, as users of the package receive it.
export type OpenApiDocument = {
  info: { version: string; description: string };
  servers: { url: string; description: string; variables?: Record<string, { default: string; enum?: string[] }> }[];
  security: Record<string, string[]>[];
  /** Tags; the trait tags (x-traitTag) hold the document's guide: conventions, authentication, errors, limits, what is left open. */
  tags: { name: string; description: string; "x-traitTag"?: boolean }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { type: string; in: string; name: string; description: string }>;
    examples?: Record<string, { value: unknown }>;
  };
};
export type Schema = Record<string, any>;
export type Example = { summary?: string; value: unknown; $ref?: string };
export type MediaType = { schema: Schema; examples?: Record<string, Example> };
export type Response = { description: string; content?: Record<string, MediaType>; headers?: Record<string, unknown>; $ref?: string };
export type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, string[]>[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
  [extension: `x-${string}`]: any;
};

export function loadDocument(dir = generatedDir): OpenApiDocument {
  return JSON.parse(readFileSync(path.join(dir, "openapi.json"), "utf8"));
}

/** Follows a local `$ref` such as `#/components/responses/BadRequest`. */
export function deref<T>(document: OpenApiDocument, node: T & { $ref?: string }): T {
  if (!node.$ref) return node;
  const segments = node.$ref.replace(/^#\//, "").split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
  return segments.reduce((at: any, key) => at[key], document) as T;
}

export type OperationEntry = { path: string; method: string; operation: Operation; webhook: boolean };

export function operations(document: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [group, webhook] of [["paths", false], ["webhooks", true]] as const) {
    for (const [p, item] of Object.entries(document[group])) {
      for (const [method, operation] of Object.entries(item)) entries.push({ path: p, method, operation, webhook });
    }
  }
  return entries;
}
