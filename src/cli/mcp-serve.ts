// txc-api mcp once its options are checked: the MCP server on stdio or Streamable HTTP, until
// stdin closes or a signal. Loaded only by that command: it imports the MCP SDK.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { apiTools, mcpServerOver } from "../mcp/create-server.js";
import { startMcpHttpServer } from "../mcp/http.js";
import { CLI_ALLOW, type StateChangingAllowed } from "../mcp/tool-policy.js";
import type { OperationId } from "../../generated/operations.js";

export type McpServe = {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  allowed: StateChangingAllowed;
  dryRunOnly: boolean;
  audit: string | undefined;
  port: number | undefined;
  host: string;
  tools: OperationId[];
};

/** The server's one line on stderr: what an agent is offered, where from, and where it is audited. Never a secret. */
function banner({ baseUrl, allowed, dryRunOnly, audit, tools }: McpServe, where: string): string {
  const changing = allowed === "all" ? "all" : allowed.length ? allowed.join(", ") : "none";
  return `txc-api mcp: ${tools.length} tools for ${baseUrl} (${tools.join(", ")}); state-changing allowed: ${changing}${dryRunOnly ? " (dry runs only)" : ""}; ${audit ? `audit: ${audit}; ` : ""}${where}`;
}

export async function serveMcp(options: McpServe, untilStopped: () => Promise<unknown>): Promise<void> {
  const tools = apiTools({ baseUrl: options.baseUrl, apiKey: options.apiKey, apiSecret: options.apiSecret, allowStateChanging: options.allowed, dryRunOnly: options.dryRunOnly, audit: options.audit }, CLI_ALLOW);
  try {
    if (options.port !== undefined) {
      const http = await startMcpHttpServer(tools, { host: options.host, port: options.port });
      process.stderr.write(`${banner(options, `Streamable HTTP at ${http.url}`)}\n`);
      await untilStopped();
      await http.close();
      return;
    }
    const server = mcpServerOver(tools);
    const closed = new Promise<void>((resolve) => (server.onclose = resolve));
    await server.connect(new StdioServerTransport());
    process.stderr.write(`${banner(options, "on stdio")}\n`);
    // The client ends the session by closing stdin.
    process.stdin.once("end", () => void server.close());
    await Promise.race([closed, untilStopped()]);
    await server.close();
  } finally {
    tools.close();
  }
}
