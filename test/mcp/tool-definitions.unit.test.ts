// The MCP tools are generated from the document (scripts/mcp-tools.mjs): an operation added is a
// tool added, annotated by what the document says of it; a request field that would shadow the
// dry-run argument stops the generation.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describedAnswerFields, mcpTools } from "../../scripts/mcp-tools.mjs";
import { mcpTools as generated } from "../../generated/mcp-tools.js";
import { generatedDir } from "../helpers/project.js";

const document = () => JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));

/** The document with a copy of the balance operation at a path of its own, named and marked as given. */
function withOperation(operationId: string, stateChanging: boolean, extraField?: string) {
  const doc = document();
  const [balancePath, item] = Object.entries(doc.paths as Record<string, { post?: Record<string, unknown> }>).find(([, i]) => i.post?.operationId === "getMainBalance")!;
  const copy = structuredClone(item.post!);
  copy.operationId = operationId;
  copy.summary = "A throwaway operation";
  if (stateChanging) copy["x-state-changing"] = true;
  if (extraField) copy.requestBody = { content: { "application/json": { schema: { type: "object", properties: { [extraField]: { type: "boolean" } } } } } };
  doc.paths[`${balancePath}-throwaway`] = { post: copy };
  return doc;
}

it("is what generated/mcp-tools.js holds", () => {
  expect(mcpTools(document())).toEqual(generated);
});

it("makes a tool of an operation added to the document, read-only or state-changing as it says", () => {
  const readOnly = mcpTools(withOperation("readSomethingNew", false)).find((tool: { name: string }) => tool.name === "readSomethingNew")!;
  expect(readOnly).toMatchObject({ title: "A throwaway operation", annotations: { readOnlyHint: true, destructiveHint: false } });
  expect(readOnly.inputSchema.properties).not.toHaveProperty("dryRun");
  const changing = mcpTools(withOperation("changeSomethingNew", true)).find((tool: { name: string }) => tool.name === "changeSomethingNew")!;
  expect(changing).toMatchObject({ annotations: { readOnlyHint: false, destructiveHint: true } });
  expect(changing.inputSchema.properties).toHaveProperty("dryRun");
  expect(changing.outputSchema.anyOf).toHaveLength(2);
});

it("stops on a state-changing request with a field named as the dry-run argument", () => {
  expect(() => mcpTools(withOperation("changeSomethingNew", true, "dryRun"))).toThrow(/changeSomethingNew: its request has a field dryRun/);
});

it("withholds from agents only the fields an answer's schema leaves undescribed", () => {
  const fields = describedAnswerFields(document());
  expect(fields.getMainBalance).toBeNull();
  expect(fields.resetSubAccountApiKey).toEqual([]);
  // An object with its fields listed and others allowed: the listed ones reach the agent.
  const doc = document();
  const applied = Object.values(doc.paths as Record<string, { post?: { operationId: string; responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> } }>)
    .find((item) => item.post?.operationId === "applyCode")!.post!.responses["200"]!.content["application/json"]!.schema.$ref.split("/").pop()!;
  expect(fields.applyCode).toEqual(Object.keys(doc.components.schemas[applied].properties));
});
