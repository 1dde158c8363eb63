// `txc-api mcp --port`: the same tools over Streamable HTTP, a real process on loopback, reached by
// the SDK's own HTTP client; requests from another Host or a web page's Origin are refused.
import { request } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { cliPath, resultText } from "../helpers/mcp.js";
import { outputMatching, startProcess, type Started } from "../helpers/processes.js";

let sandbox: Sandbox;
let mcp: Started;
let url: URL;

beforeAll(async () => {
  sandbox = await startSandbox();
  // Ready once started: the address it listens on is what it prints, waited for below.
  mcp = await startProcess(process.execPath, [cliPath, "mcp", "--base-url", sandbox.url, "--port", "0"], async () => true, {
    env: { TXC_API_KEY: demoKeys.basic.key, TXC_API_SECRET: demoKeys.basic.secret },
  });
  url = new URL(/Streamable HTTP at (\S+)/.exec(await outputMatching(mcp, /Streamable HTTP at \S+\n/))![1]!);
});
afterAll(async () => {
  await mcp?.stop();
  await sandbox.close();
});

/** A raw request to the server (a POST of tools/list) with the headers given, as a browser or another host would send it. */
function post(headers: Record<string, string>, path = url.pathname, method = "POST"): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: url.hostname, port: url.port, path, method, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } }, (answer) => {
      answer.resume();
      resolve(answer.statusCode!);
    });
    sent.on("error", reject);
    sent.end(method === "POST" ? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) : undefined);
  });
}

it("listens on loopback at /mcp, and serves the tools to the SDK's HTTP client", async () => {
  expect(url.hostname).toBe("127.0.0.1");
  expect(url.pathname).toBe("/mcp");
  const client = new Client({ name: "txc-api-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual((Object.keys(operationIndex) as OperationId[]).filter((id) => !operationIndex[id].stateChanging));
    const balance = await client.callTool({ name: "getMainBalance", arguments: { ticker: "BTC" } });
    expect(balance.isError).toBeFalsy();
    expect(JSON.parse(resultText(balance))).toEqual(balance.structuredContent);
    expect(Object.keys(balance.structuredContent!)).toEqual(["BTC"]);
  } finally {
    await client.close();
  }
});

it("refuses another Host or a web page's Origin (403), a GET (405) and another path (404)", async () => {
  expect(await post({})).toBe(200);
  expect(await post({ host: `attacker.example:${url.port}` })).toBe(403);
  expect(await post({ origin: "http://attacker.example" })).toBe(403);
  expect(await post({ origin: `http://127.0.0.1:${url.port}` })).toBe(200);
  expect(await post({}, url.pathname, "GET")).toBe(405);
  expect(await post({}, "/other")).toBe(404);
});

it("never prints the secret, and exits 0 on SIGTERM", async () => {
  expect(await mcp.stop()).toBe(0);
  expect(mcp.output()).not.toContain(demoKeys.basic.secret);
});
