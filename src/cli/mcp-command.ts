import { parseArgs } from "node:util";
import { DOCUMENTED_SANDBOX } from "../sandbox/docs-page.js";
import { readCredentials } from "./credentials.js";
import { checkedBaseUrl, listenError, portFrom, untilStopped } from "./options.js";
import { UsageError } from "./usage-error.js";
import { checkedAllowed, offeredOperations, stateChangingOperations } from "../mcp/tool-policy.js";

export const SDK_PACKAGE = "@modelcontextprotocol/sdk";
export const SDK_INSTALL = `npm install ${SDK_PACKAGE}@^1.32.2`;

export const mcpHelp = `Usage: txc-api mcp --base-url URL [--allow-state-changing ID|all]... [--dry-run] [--audit FILE]
                  [--port N [--host H]] [--api-secret-file FILE]

Serves the API to agents as an MCP server (over stdio, or Streamable HTTP with --port): one
tool per operation of the document, named by its operationId, with the document's description,
the request's schema as input (request and nonce are the server's to set) and the 200 schema as
output. Each call is validated, signed and sent by the package's client, which keeps to the
documented rate limits and waits out a 429.

Safe by default: only the read-only operations are tools. A state-changing one (${stateChangingOperations.join(", ")})
is a tool only when allowed, and then takes dryRun: true to show the request as it would be
signed (signature redacted) without sending it. Errors are tool errors with the API's status,
message and errors. Fields of an answer the document does not describe are withheld.

Options:
  --base-url URL                the API, such as the sandbox at ${DOCUMENTED_SANDBOX} (required)
  --allow-state-changing ID|all  offer a state-changing operation as a tool (repeatable, or a
                                comma list; all: every one)
  --dry-run                     every state-changing call is a dry run: shown, never sent
  --audit FILE                  append one NDJSON line per tool call: tool, arguments, outcome,
                                status, duration (never the secret or the signature)
  --port N                      serve Streamable HTTP at http://HOST:N/mcp instead of stdio
                                (0: any free port, printed on stderr)
  --host H                      with --port, the address to listen on (default 127.0.0.1)
  --api-secret-file FILE        read the API secret from FILE instead of TXC_API_SECRET

Environment (the credentials never pass through the agent):
  TXC_API_KEY      the public API key (required)
  TXC_API_SECRET   the API secret (required unless --api-secret-file is given)

Needs the MCP SDK: ${SDK_INSTALL}. Over stdio, stdout is the protocol's: every message of the
server's own goes to stderr.

Example (an MCP client's configuration runs this; the sandbox's demo key):
  TXC_API_KEY=sandbox-basic TXC_API_SECRET=... txc-api mcp --base-url ${DOCUMENTED_SANDBOX}`;

/** The MCP modules, or a usage error saying what to install. */
async function loadMcp() {
  try {
    return await import("./mcp-serve.js");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes(SDK_PACKAGE)) {
      throw new UsageError(`txc-api mcp needs the MCP SDK: ${SDK_INSTALL}`);
    }
    throw error;
  }
}

/** The flags, as parseArgs reads them (and the public surface report lists them). */
export const mcpFlags = {
  "base-url": { type: "string" },
  "allow-state-changing": { type: "string", multiple: true },
  "dry-run": { type: "boolean", default: false },
  audit: { type: "string" },
  port: { type: "string" },
  host: { type: "string" },
  "api-secret-file": { type: "string" },
} as const;

export async function mcpCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: mcpFlags,
    strict: true,
  });
  if (values["base-url"] === undefined) throw new UsageError(`--base-url is required: the API's address, such as the sandbox's ${DOCUMENTED_SANDBOX}`);
  const baseUrl = checkedBaseUrl(values["base-url"]);
  const named = (values["allow-state-changing"] ?? []).flatMap((list) => list.split(",").map((id) => id.trim()).filter(Boolean));
  let allowed;
  try {
    allowed = checkedAllowed(named.includes("all") ? "all" : named, "--allow-state-changing");
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.host !== undefined && values.port === undefined) throw new UsageError("--host needs --port: without it the server speaks over stdio");
  const port = values.port === undefined ? undefined : portFrom(values.port, 0);
  const { apiKey, apiSecret } = readCredentials(values["api-secret-file"]);
  const { serveMcp } = await loadMcp();
  const tools = offeredOperations(allowed);
  try {
    await serveMcp({ baseUrl, apiKey, apiSecret, allowed, dryRunOnly: values["dry-run"], audit: values.audit, port, host: values.host ?? "127.0.0.1", tools }, untilStopped);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (port !== undefined && code?.startsWith("E") && (error as NodeJS.ErrnoException).syscall === "listen") throw listenError(error as NodeJS.ErrnoException, values.host ?? "127.0.0.1", port);
    if (values.audit && code && (error as NodeJS.ErrnoException).path === values.audit) throw new UsageError(`cannot write --audit ${values.audit}: ${code}`);
    throw error;
  }
}
