// `txc-api mcp` as an agent's MCP client meets it: a real process over stdio, the SDK's own
// Client (which checks each structured answer against the tool's outputSchema), the sandbox as
// the API. The tools are held to the document (generated/), never to a list typed here; the
// secret is looked for in every message, on stderr and in the audit file.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpTools } from "../../generated/mcp-tools.js";
import { operationIndex, signing, type OperationId } from "../../generated/operations.js";
import { createClient } from "../../src/index.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { builtInDataset, demoKeys } from "../../src/sandbox/dataset.js";
import { generatedDir } from "../helpers/project.js";
import { mcpSession, resultText, type McpSession } from "../helpers/mcp.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-mcp-"));
const document = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const operationIds = Object.keys(operationIndex) as OperationId[];
const stateChanging = operationIds.filter((id) => operationIndex[id].stateChanging);
const readOnly = operationIds.filter((id) => !operationIndex[id].stateChanging);
const credentials = { TXC_API_KEY: demoKeys.basic.key, TXC_API_SECRET: demoKeys.basic.secret };
const [firstCode, secondCode] = builtInDataset().codes;

let sandbox: Sandbox;
const sessions: McpSession[] = [];
const auditFiles: string[] = [];

/** A session of `txc-api mcp` against the sandbox, closed (and its traces kept) after the file. */
async function session(args: string[] = [], env: Record<string, string> = credentials): Promise<McpSession> {
  const started = await mcpSession(["--base-url", sandbox.url, ...args], env);
  sessions.push(started);
  return started;
}

function auditFile(name: string): string {
  const file = path.join(dir, name);
  auditFiles.push(file);
  return file;
}

const operationOf = (id: OperationId) => Object.values(document.paths as Record<string, Record<string, { operationId: string; summary: string; description: string }>>)
  .flatMap((item) => Object.values(item)).find((operation) => operation.operationId === id)!;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  for (const started of sessions) await started.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("tools/list, held to the document", () => {
  it("offers the read-only operations only, by default, each annotated and described as the document says", async () => {
    const { client } = await session();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(readOnly);
    for (const tool of tools) {
      const id = tool.name as OperationId;
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
      expect(tool.description).toContain(operationOf(id).summary);
      expect(tool.description).toContain(operationOf(id).description.slice(0, 60));
      expect(Object.keys(tool.inputSchema.properties ?? {})).not.toEqual(expect.arrayContaining([signing.bodyFields.path]));
      expect(Object.keys(tool.inputSchema.properties ?? {})).not.toEqual(expect.arrayContaining([signing.bodyFields.nonce]));
      // Every field of the request but the signer's is an argument.
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(operationIndex[id].requestFields.filter((f) => f !== signing.bodyFields.path && f !== signing.bodyFields.nonce).sort());
    }
  });

  it("offers every operation with --allow-state-changing all: the state-changing ones destructive, each with dryRun", async () => {
    const { client } = await session(["--allow-state-changing", "all"]);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(operationIds);
    expect(tools).toEqual(mcpTools.map((tool) => expect.objectContaining({ name: tool.name, inputSchema: tool.inputSchema, annotations: tool.annotations })));
    for (const id of stateChanging) {
      const tool = tools.find((t) => t.name === id)!;
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(tool.inputSchema.properties).toHaveProperty("dryRun");
    }
  });

  it("offers one state-changing operation when named", async () => {
    const { client } = await session(["--allow-state-changing", stateChanging[0]!]);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(operationIds.filter((id) => readOnly.includes(id) || id === stateChanging[0]));
  });
});

describe("calls", () => {
  it("answers a read from the sandbox, as structured content the SDK's client checked against the outputSchema, and as text", async () => {
    const { client } = await session();
    const result = await client.callTool({ name: "getMainBalance", arguments: { ticker: "BTC" } });
    const direct = await createClient({ baseUrl: sandbox.url, apiKey: demoKeys.basic.key, apiSecret: demoKeys.basic.secret }).getMainBalance({ ticker: "BTC" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(direct);
    expect(JSON.parse(resultText(result))).toEqual(direct);
  });

  it("waits out a 429 as the client does, and answers the call", async () => {
    const { client } = await session();
    const before = sandbox.calls.length;
    sandbox.fault({ operationId: "getMainBalance", status: 429, retryAfterSeconds: 1, times: 1 });
    const result = await client.callTool({ name: "getMainBalance", arguments: { ticker: "BTC" } });
    expect(result.isError).toBeFalsy();
    expect(Object.keys(result.structuredContent!)).toEqual(["BTC"]);
    expect(sandbox.calls.slice(before).map((call) => call.operationId)).toEqual(["getMainBalance", "getMainBalance"]);
  });

  it("refuses a bad argument as a tool error naming the field, and sends nothing", async () => {
    const { client } = await session();
    const before = sandbox.calls.length;
    const wrongType = await client.callTool({ name: "getMainBalance", arguments: { ticker: 5 } });
    expect(wrongType.isError).toBe(true);
    expect(resultText(wrongType)).toMatch(/nothing was sent: ticker must be string/);
    const typo = await client.callTool({ name: "getMainBalance", arguments: { tikcer: "BTC" } });
    expect(typo.isError).toBe(true);
    expect(resultText(typo)).toMatch(/tikcer.*ticker/);
    expect(sandbox.calls.length).toBe(before);
  });

  it("refuses a state-changing tool that was not allowed, saying how to allow it, and sends nothing", async () => {
    const { client } = await session();
    const before = sandbox.calls.length;
    const result = await client.callTool({ name: "applyCode", arguments: { code: firstCode!.code } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe("applyCode changes state and is not allowed on this server; to allow it, start txc-api mcp with --allow-state-changing applyCode. Nothing was sent.");
    expect(sandbox.calls.length).toBe(before);
  });

  it("shows a dry run as it would be signed, the signature redacted, and sends nothing; then redeems once, and a second redemption is a tool error saying the code is spent", async () => {
    const audit = auditFile("redeem.ndjson");
    const { client } = await session(["--allow-state-changing", "applyCode", "--audit", audit]);
    const before = sandbox.calls.length;
    const dry = await client.callTool({ name: "applyCode", arguments: { code: secondCode!.code, dryRun: true } });
    expect(dry.isError).toBeFalsy();
    const shown = dry.structuredContent as { dryRun: true; method: string; url: string; headers: Record<string, string>; body: string };
    expect(shown).toMatchObject({ dryRun: true, method: "POST", url: sandbox.url + operationIndex.applyCode.path });
    expect(JSON.parse(shown.body)).toMatchObject({ [signing.bodyFields.path]: operationIndex.applyCode.path, code: secondCode!.code });
    expect(shown.headers[signing.headers.signature]).toBe("(redacted: 128 characters)");
    expect(Buffer.from(shown.headers[signing.headers.payload]!, "base64").toString("utf8")).toBe(shown.body);
    expect(sandbox.calls.length).toBe(before);

    const first = await client.callTool({ name: "applyCode", arguments: { code: secondCode!.code } });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ ticker: secondCode!.ticker, amount: secondCode!.amount });
    const again = await client.callTool({ name: "applyCode", arguments: { code: secondCode!.code } });
    expect(again.isError).toBe(true);
    expect(resultText(again)).toMatch(/^applyCode: 400 .*\nthe code was refused: a code is redeemed once, so it may be spent already \(do not retry it\)\n\{"status":400,.*"errors":\{"code":\[/s);

    const lines = readFileSync(audit, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.map(({ tool, outcome, status }) => ({ tool, outcome, status }))).toEqual([
      { tool: "applyCode", outcome: "dry run", status: null },
      { tool: "applyCode", outcome: "answered", status: 200 },
      { tool: "applyCode", outcome: "failed", status: 400 },
    ]);
    expect(lines[0].arguments).toEqual({ code: secondCode!.code, dryRun: true });
    for (const line of lines) expect(line.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("makes every state-changing call a dry run with --dry-run", async () => {
    const { client } = await session(["--allow-state-changing", "all", "--dry-run"]);
    const before = sandbox.calls.length;
    const result = await client.callTool({ name: "applyCode", arguments: { code: firstCode!.code } });
    expect(result.structuredContent).toMatchObject({ dryRun: true });
    expect((await client.listTools()).tools.find((tool) => tool.name === "applyCode")!.description).toMatch(/every call of it is a dry run/);
    expect(sandbox.calls.length).toBe(before);
  });

  it("answers a wrong secret's 401 as a tool error, and stays up for the next call", async () => {
    const audit = auditFile("wrong-secret.ndjson");
    const { client } = await session(["--audit", audit], { TXC_API_KEY: demoKeys.basic.key, TXC_API_SECRET: "not-the-secret" });
    const refused = await client.callTool({ name: "getMainBalance", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(resultText(refused)).toMatch(/^getMainBalance: 401 .*\nthe API refused the key or the signature: check the API key and secret the MCP server was given\n\{"status":401/s);
    const ping = await client.callTool({ name: "ping", arguments: {} });
    expect(ping.isError).toBeFalsy();
    expect(JSON.parse(resultText(ping))).toEqual(operationIndex.ping.publicAnswer);
  });
});

describe("answers", () => {
  it("withholds the fields the document does not describe, names them, and audits their names only", async () => {
    // A server whose key reset answers new key material: the description does not say whether it does.
    const minted = "minted-secret-9f2c";
    const server = createServer((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify({ apiKey: "new-key", apiSecret: minted })));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const audit = auditFile("withheld.ndjson");
    try {
      const started = await mcpSession(["--base-url", `http://127.0.0.1:${(server.address() as AddressInfo).port}`, "--allow-state-changing", "resetSubAccountApiKey", "--audit", audit], credentials);
      sessions.push(started);
      const result = await started.client.callTool({ name: "resetSubAccountApiKey", arguments: { apiKeyId: "sub-1" } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({});
      expect(resultText(result)).toBe("{}\n(withheld: apiKey, apiSecret: fields the document does not describe are not passed on)");
      expect(started.messages.join("\n")).not.toContain(minted);
      expect(JSON.parse(readFileSync(audit, "utf8").trim())).toMatchObject({ tool: "resetSubAccountApiKey", outcome: "answered", status: 200, withheld: ["apiKey", "apiSecret"] });
      expect(readFileSync(audit, "utf8")).not.toContain(minted);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("resources", () => {
  it("lists the OpenAPI document and the Arazzo workflows, and reads them as shipped", async () => {
    const { client } = await session();
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["txc-api://openapi.json", "txc-api://workflows.arazzo.json"]);
    const read = await client.readResource({ uri: "txc-api://openapi.json" });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(document);
    const workflows = await client.readResource({ uri: "txc-api://workflows.arazzo.json" });
    expect((workflows.contents[0] as { text: string }).text).toBe(readFileSync(path.join(generatedDir, "workflows.arazzo.json"), "utf8"));
  });
});

describe("the secret", () => {
  it("is in no message, no stderr line and no audit line of any session; each session ends when its client closes stdin", async () => {
    const secrets = [demoKeys.basic.secret, "not-the-secret"];
    expect(sessions.length).toBeGreaterThan(5);
    for (const started of sessions.splice(0)) {
      expect(await started.close()).toBe(0);
      const seen = [...started.messages, started.stderr()].join("\n");
      expect(started.messages.length).toBeGreaterThan(2);
      for (const secret of secrets) expect(seen).not.toContain(secret);
      expect(started.stderr()).toMatch(/^txc-api mcp: \d+ tools for /);
    }
    for (const file of auditFiles) for (const secret of secrets) expect(readFileSync(file, "utf8")).not.toContain(secret);
  });
});
