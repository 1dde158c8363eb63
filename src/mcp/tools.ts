// The API as an agent's tools: what is listed, and one call from arguments to result. Shared by
// every MCP session of a server (stdio has one; Streamable HTTP one per request), so that one
// client keeps one key's nonces in order and the documented rate limits.
import { DRY_RUN_ARGUMENT, mcpTools, type McpToolDefinition } from "../../generated/mcp-tools.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { createClient, type ClientOptions, type TxcClient } from "../client/create-client.js";
import { credentials, type Credentials } from "../signing/sign.js";
import { timeNonce } from "../signing/nonce.js";
import { printable } from "../text/printable.js";
import type { AuditEntry, AuditSink } from "./audit.js";
import { dryRun } from "./dry-run.js";
import { isAllowed, refusalOf, type AllowWording, type StateChangingAllowed } from "./tool-policy.js";
import { answerResult, errorResult, failureResult, shownAnswer, type ToolResult } from "./tool-results.js";

export type ToolsSetup = {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  allowed: StateChangingAllowed;
  /** Every state-changing call a dry run, whatever its arguments. */
  dryRunOnly: boolean;
  audit: AuditSink | undefined;
  wording: AllowWording;
  client: Omit<ClientOptions, "baseUrl" | "apiKey" | "apiSecret">;
};

const DRY_RUN_ONLY_NOTE = " On this server every call of it is a dry run: the request is shown, never sent.";

export class ApiTools {
  readonly #client: TxcClient;
  readonly #keys: Credentials;
  readonly #setup: Omit<ToolsSetup, "apiSecret">;

  constructor({ apiSecret, ...setup }: ToolsSetup) {
    // The client queues within the documented limits and waits out a 429, as any caller's would.
    this.#client = createClient({ rateLimit: true, ...setup.client, baseUrl: setup.baseUrl, apiKey: setup.apiKey, apiSecret });
    this.#keys = credentials(setup.apiKey, apiSecret);
    this.#setup = setup;
  }

  /** The tools offered, as tools/list gives them. */
  list(): McpToolDefinition[] {
    const tools = mcpTools.filter((tool) => isAllowed(this.#setup.allowed, tool.name));
    if (!this.#setup.dryRunOnly) return tools;
    return tools.map((tool) => (tool.annotations.readOnlyHint ? tool : { ...tool, description: tool.description + DRY_RUN_ONLY_NOTE }));
  }

  /** One call of a tool, audited; never throws. */
  async call(name: string, args: Record<string, unknown> | undefined): Promise<ToolResult> {
    const started = performance.now();
    const time = new Date().toISOString();
    const { result, ...entry } = await this.#outcome(name, { ...args });
    this.#setup.audit?.({ time, tool: printable(name, 100), arguments: args ?? {}, ...entry, durationMs: Math.round(performance.now() - started) });
    return result;
  }

  async #outcome(name: string, args: Record<string, unknown>): Promise<Omit<AuditEntry, "time" | "tool" | "arguments" | "durationMs"> & { result: ToolResult }> {
    const refusal = refusalOf(name, this.#setup.allowed, this.#setup.wording);
    if (refusal) return { outcome: "not allowed", status: null, error: refusal, result: errorResult(refusal) };
    const operationId = name as OperationId;
    let wantsDryRun = false;
    if (operationIndex[operationId].stateChanging) {
      const asked = args[DRY_RUN_ARGUMENT];
      delete args[DRY_RUN_ARGUMENT];
      if (asked !== undefined && typeof asked !== "boolean") {
        const message = `${operationId}: invalid request, nothing was sent: ${DRY_RUN_ARGUMENT} must be boolean`;
        return { outcome: "refused", status: null, error: message, result: errorResult(message) };
      }
      wantsDryRun = asked === true || this.#setup.dryRunOnly;
    }
    try {
      if (wantsDryRun) {
        const shown = await dryRun(this.#setup.baseUrl, operationId, args, this.#keys, this.#setup.client.nonce ?? timeNonce);
        return { outcome: "dry run", status: null, result: answerResult(shown, []) };
      }
      const answer = await (this.#client[operationId] as (params: object) => Promise<unknown>)(args);
      const { shown, withheld } = shownAnswer(operationId, answer);
      return { outcome: "answered", status: 200, ...(withheld.length ? { withheld } : {}), result: answerResult(shown, withheld) };
    } catch (error) {
      const { result, status } = failureResult(error);
      const refused = (error as Error)?.name === "RequestValidationError";
      return { outcome: refused ? "refused" : "failed", status, error: result.content[0]!.text.split("\n")[0], result };
    }
  }
}
