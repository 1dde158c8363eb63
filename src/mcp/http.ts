// The MCP server over Streamable HTTP (stateless: a server and a transport per request, the tools
// shared), at /mcp on a loopback address unless told otherwise. A request whose Host or Origin is
// not this server's is refused 403: a web page cannot reach the tools through DNS rebinding.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { mcpServerOver } from "./create-server.js";
import type { ApiTools } from "./tools.js";

export const MCP_PATH = "/mcp";

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

function plainAnswer(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/** Whether a request comes through a name of this server: the Host it was sent to, and the page's Origin when a browser sent it. */
function fromThisServer(req: IncomingMessage, port: number, loopbackOnly: boolean): boolean {
  const names = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  if (loopbackOnly && !names.includes(req.headers.host ?? "")) return false;
  const origin = req.headers.origin;
  return origin === undefined || names.some((name) => origin === `http://${name}`);
}

export type McpHttpServer = { url: string; close(): Promise<void> };

/** Listens on host:port (port 0: any free one) and serves the tools at /mcp. */
export async function startMcpHttpServer(tools: ApiTools, { host = "127.0.0.1", port = 0 }: { host?: string; port?: number } = {}): Promise<McpHttpServer> {
  const loopbackOnly = LOOPBACK_NAMES.includes(host) || host === "::1";
  const http = createServer(async (req, res) => {
    const listening = (http.address() as AddressInfo).port;
    if (new URL(req.url ?? "/", "http://server").pathname !== MCP_PATH) return plainAnswer(res, 404, `the MCP endpoint is ${MCP_PATH}`);
    if (!fromThisServer(req, listening, loopbackOnly)) return plainAnswer(res, 403, "Host or Origin is not this server's");
    if (req.method !== "POST") return plainAnswer(res, 405, "this server is stateless: POST each message to /mcp", { allow: "POST" });
    const server = mcpServerOver(tools);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => void transport.close().then(() => server.close()));
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) plainAnswer(res, 500, `the MCP server failed: ${(error as Error)?.message ?? error}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => resolve());
  });
  const { port: bound } = http.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}${MCP_PATH}`,
    close: () => new Promise((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
