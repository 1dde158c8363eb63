// txc-api/mcp: the API as an MCP server for agents (@modelcontextprotocol/sdk is an optional peer dependency).
export { createMcpServer, type McpServerOptions } from "./mcp/create-server.js";
export type { AuditEntry, AuditSink } from "./mcp/audit.js";
export type { ToolResult } from "./mcp/tool-results.js";
export { mcpTools, type McpToolDefinition } from "../generated/mcp-tools.js";
