// A real MCP client (the SDK's Client) talking to `txc-api mcp`, a real process over stdio: every
// message both ways and everything the server writes on stderr are kept, so that a test can look
// for the secret in all of them.
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { root } from "./project.js";

export const cliPath = path.join(root, "dist", "bundle", "cli.js");

export type McpSession = {
  client: Client;
  /** Every JSON-RPC message sent and received so far, as text. */
  messages: string[];
  stderr: () => string;
  /** Closes the session (stdin ends) and waits for the process to exit; its exit code. */
  close: () => Promise<number | null>;
};

/** Starts `txc-api mcp ARGS` with ENV and connects a client to it. */
export async function mcpSession(args: string[], env: Record<string, string>): Promise<McpSession> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath, "mcp", ...args], env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env }, stderr: "pipe" });
  let stderr = "";
  transport.stderr!.on("data", (chunk) => (stderr += chunk));
  const messages: string[] = [];
  // The client's protocol calls a handler set before it connects, then its own.
  transport.onmessage = (message: JSONRPCMessage) => void messages.push(JSON.stringify(message));
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    messages.push(JSON.stringify(message));
    return send(message);
  };
  const client = new Client({ name: "txc-api-tests", version: "1.0.0" });
  await client.connect(transport);
  // The SDK's transport keeps its child private; its exit is what ending stdin must bring.
  const child = (transport as unknown as { _process: ChildProcess })._process;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    client,
    messages,
    stderr: () => stderr,
    close: async () => {
      child.stdin!.end();
      const code = await exited;
      await client.close();
      return code;
    },
  };
}

/** The text of a tool result's first content item. */
export const resultText = (result: object): string => (((result as { content?: unknown }).content as { type: string; text: string }[] | undefined)?.[0]?.text ?? "");
