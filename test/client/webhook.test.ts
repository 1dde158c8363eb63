// A deposit.canceled payload, validated and typed, feeds a refund.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root, STUCK_MS } from "../helpers/project.js";
import { createClient, parseDepositCanceled, TxcApiError, TxcError, WebhookError, WebhookPayloadError } from "../../src/index.js";
import { startVerifyingServer, type VerifyingServer } from "../helpers/verifying-server.js";

const apiKey = "webhook-key";
const apiSecret = "webhook-secret";
const uniqueId = "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34";
let server: VerifyingServer;

beforeAll(async () => {
  server = await startVerifyingServer({ [apiKey]: apiSecret }, ({ body }) => ({ status: 200, body: { id: body.transaction_id } }));
});
afterAll(() => server?.close());

describe("parseDepositCanceled", () => {
  it("returns the typed event from the raw body, and its uniqueId refunds the deposit", async () => {
    const event = parseDepositCanceled(Buffer.from(JSON.stringify({ uniqueId, ticker: "USDT" })));
    expect(event.uniqueId).toBe(uniqueId);
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret });
    const refund = await client.refundDeposit({ transaction_id: event.uniqueId, address: "TQ5Nd2xWJbT8u9tK3vRzYpL6mC1aF4eH7s" });
    expect(refund).toEqual({ id: uniqueId });
    expect(server.received.at(-1)!.signatureProblem).toBeNull();
  });

  it("reads raw bytes in the browsers' entry, where there is no Buffer", async () => {
    const script = `globalThis.Buffer = undefined;
      const { parseDepositCanceled } = await import(${JSON.stringify(path.join(root, "dist", "bundle", "browser.js"))});
      console.log(parseDepositCanceled(new TextEncoder().encode(JSON.stringify({ uniqueId: "${uniqueId}", ticker: "€" }))).ticker);`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { timeout: STUCK_MS });
    expect(stdout.trim()).toBe("€");
  });

  it("accepts parsed JSON and text alike", () => {
    expect(parseDepositCanceled({ uniqueId })).toEqual({ uniqueId });
    expect(parseDepositCanceled(JSON.stringify({ uniqueId }))).toEqual({ uniqueId });
  });

  it.each([
    ["not JSON", "{uniqueId", "(body)", "json"],
    ["without uniqueId", { id: uniqueId }, "uniqueId", "required"],
    ["with a uniqueId that is not a UUID", { uniqueId: "42" }, "uniqueId", "format"],
    ["an array", [uniqueId], "(body)", "type"],
  ])("rejects a payload %s, naming the field", (_name, payload, field, rule) => {
    expect(() => parseDepositCanceled(payload)).toThrow(WebhookPayloadError);
    try {
      parseDepositCanceled(payload);
    } catch (error) {
      expect((error as WebhookPayloadError).issues).toEqual([expect.objectContaining({ field, rule })]);
    }
  });

  it("throws a webhook error, under its own base: named by the event, not as an API call", () => {
    const error = (() => {
      try {
        parseDepositCanceled("{}");
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toBeInstanceOf(TxcError);
    expect(error).not.toBeInstanceOf(TxcApiError);
    expect(error).toMatchObject({ name: "WebhookPayloadError", event: "deposit.canceled" });
    expect((error as Error).message).toBe("deposit.canceled: invalid webhook payload: uniqueId is required");
  });
});
