// txc-api/mcp embedded in an application's own process: createMcpServer from the built package,
// connected to the SDK's Client through the SDK's in-memory transport, the sandbox in-process.
// Its options are checked as the client's are, its refusals speak the library's words, its audit
// can be a function, and neither the server nor an error shows the secret to util.inspect.
import { inspect } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { root } from "../helpers/project.js";
import { resultText } from "../helpers/mcp.js";

type McpEntry = typeof import("../../src/mcp-entry.js");
let mcp: McpEntry;
let sandbox: Sandbox;

beforeAll(async () => {
  mcp = await import(`${root}/dist/bundle/mcp.js`);
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

async function connected(server: ReturnType<McpEntry["createMcpServer"]>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "embedding-app", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

it("serves the tools in-process, refuses in the library's words, audits to a function, and shows no secret to inspect", async () => {
  const entries: unknown[] = [];
  const { apiKey, apiSecret } = sandbox.keys.basic;
  const server = mcp.createMcpServer({ baseUrl: sandbox.url, apiKey, apiSecret, audit: (entry) => entries.push(entry) });
  const client = await connected(server);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual((Object.keys(operationIndex) as OperationId[]).filter((id) => !operationIndex[id].stateChanging));
    expect(mcp.mcpTools.map((tool) => tool.name)).toEqual(Object.keys(operationIndex));
    const refused = await client.callTool({ name: "applyCode", arguments: {} });
    expect(resultText(refused)).toBe('applyCode changes state and is not allowed on this server; to allow it, pass allowStateChanging: ["applyCode"] to createMcpServer. Nothing was sent.');
    const answered = await client.callTool({ name: "getMainBalance", arguments: { ticker: "BTC" } });
    expect(answered.isError).toBeFalsy();
    expect(entries).toEqual([
      expect.objectContaining({ tool: "applyCode", outcome: "not allowed", status: null }),
      expect.objectContaining({ tool: "getMainBalance", arguments: { ticker: "BTC" }, outcome: "answered", status: 200 }),
    ]);
    expect(inspect(server, { depth: 20, showHidden: true })).not.toContain(apiSecret);
  } finally {
    await client.close();
  }
});

it.each([
  ["no secret", { apiSecret: "" }, /apiSecret is required/],
  ["a read-only operation to allow", { allowStateChanging: ["getMainBalance"] }, /allowStateChanging: getMainBalance is read-only/],
  ["a misspelt one", { allowStateChanging: ["aplyCode"] }, /allowStateChanging: aplyCode is not a state-changing operation of the API: did you mean applyCode\?/],
  ["a base URL with a secret in it", { baseUrl: "http://user:hunter2@127.0.0.1:8080" }, /baseUrl /],
])("refuses %s with an OptionsError naming the option, never the secret", (_, change, message) => {
  const options = { baseUrl: sandbox.url, apiKey: sandbox.keys.basic.apiKey, apiSecret: sandbox.keys.basic.apiSecret, ...change };
  let thrown: unknown;
  try {
    mcp.createMcpServer(options);
  } catch (error) {
    thrown = error;
  }
  expect((thrown as Error).name).toBe("OptionsError");
  expect((thrown as Error).message).toMatch(message);
  expect(inspect(thrown)).not.toContain(sandbox.keys.basic.apiSecret);
  expect(inspect(thrown)).not.toContain("hunter2");
});
