// txc-api/mcp: the API as an MCP server, on the official SDK (an optional peer dependency). The
// tools come from the document (generated/mcp-tools.js); the calls go through the package's client.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { OperationId } from "../../generated/operations.js";
import type { ClientOptions } from "../client/create-client.js";
import { OptionsError } from "../errors/index.js";
import { packageVersion } from "../package-files.js";
import { auditFile, type AuditSink } from "./audit.js";
import { readResource, resourceList } from "./resources.js";
import { checkedAllowed, LIBRARY_ALLOW, type AllowWording } from "./tool-policy.js";
import { ApiTools } from "./tools.js";

export type McpServerOptions = {
  /** Where the API is, such as the sandbox's http://127.0.0.1:8080. Required: no host is guessed. */
  baseUrl: string;
  apiKey: string;
  /** Held as a key object by the client; never listed, returned, logged or audited. */
  apiSecret: string;
  /** State-changing operations offered as tools: "all", or those named. Default none: read-only tools only. */
  allowStateChanging?: "all" | readonly (OperationId | (string & {}))[];
  /** Every state-changing call a dry run (validated and shown as signed, the signature redacted, nothing sent). */
  dryRunOnly?: boolean;
  /** One NDJSON line per tool call to this file (appended), or each entry to this function. */
  audit?: string | AuditSink;
  /** The client's options (a dispatcher, a timeout, the retry policy). It keeps to the documented rate limits. */
  client?: Omit<ClientOptions, "baseUrl" | "apiKey" | "apiSecret">;
};

const INSTRUCTIONS = "Tools of the TXC HTTP API v4, one per operation of its OpenAPI document (the resource txc-api://openapi.json). Read-only tools are always offered; a state-changing tool only when the server's operator allowed it, and such a tool takes dryRun: true to show the request without sending it. Amounts are decimal strings.";

/** The tools and their options, checked: what every session of one server shares. */
export function apiTools(options: McpServerOptions, wording: AllowWording = LIBRARY_ALLOW): ApiTools & { close(): void } {
  if (!options || typeof options.apiKey !== "string" || !options.apiKey) throw new OptionsError("apiKey is required: the MCP server signs every private call");
  if (typeof options.apiSecret !== "string" || !options.apiSecret) throw new OptionsError("apiSecret is required: the MCP server signs every private call");
  let allowed;
  try {
    allowed = checkedAllowed(options.allowStateChanging, "allowStateChanging");
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }
  const audit = typeof options.audit === "string" ? auditFile(options.audit) : options.audit;
  const tools = new ApiTools({ baseUrl: options.baseUrl, apiKey: options.apiKey, apiSecret: options.apiSecret, allowed, dryRunOnly: options.dryRunOnly === true, audit, wording, client: options.client ?? {} });
  return Object.assign(tools, { close: () => (audit as { close?: () => void } | undefined)?.close?.() });
}

/** An MCP server over the tools: connect it to a transport (stdio, Streamable HTTP). */
export function mcpServerOver(tools: ApiTools): Server {
  const server = new Server({ name: "txc-api", title: "TXC HTTP API v4", version: packageVersion() }, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list() }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => tools.call(params.name, params.arguments));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resourceList() }));
  server.setRequestHandler(ReadResourceRequestSchema, ({ params }) => {
    const contents = readResource(params.uri);
    if (!contents) throw new McpError(ErrorCode.InvalidParams, `no resource ${params.uri}: they are ${resourceList().map((r) => r.uri).join(", ")}`);
    return { contents: [contents] };
  });
  return server;
}

/**
 * The API as an MCP server: read-only tools by default, state-changing ones when allowed. Connect
 * it to a transport: `await createMcpServer({ baseUrl, apiKey, apiSecret }).connect(new StdioServerTransport())`.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const tools = apiTools(options);
  const server = mcpServerOver(tools);
  server.onclose = () => tools.close();
  return server;
}
