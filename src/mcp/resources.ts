// The contract as MCP resources: the OpenAPI document and the Arazzo workflows, as shipped.
import { readFileSync } from "node:fs";
import { bundledDocument, bundledWorkflows } from "../package-files.js";

const RESOURCES = [
  { uri: "txc-api://openapi.json", name: "openapi.json", title: "The TXC HTTP API v4, as an OpenAPI 3.1 document", file: bundledDocument },
  { uri: "txc-api://workflows.arazzo.json", name: "workflows.arazzo.json", title: "The API's flows, as Arazzo workflows", file: bundledWorkflows },
] as const;

export const resourceList = () => RESOURCES.map(({ uri, name, title }) => ({ uri, name, title, mimeType: "application/json" }));

/** A resource's contents, or undefined for a URI the server does not have. */
export function readResource(uri: string): { uri: string; mimeType: string; text: string } | undefined {
  const found = RESOURCES.find((resource) => resource.uri === uri);
  return found && { uri, mimeType: "application/json", text: readFileSync(found.file, "utf8") };
}
