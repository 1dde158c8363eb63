import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { startSandbox } from "txc-api/sandbox";
import { refunder } from "../src/refunds.js";

const transactionId = "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34";
const delivery = JSON.stringify({ uniqueId: transactionId });
const address = "TQ5Nd2xWJbT8u9tK3vRzYpL6mC1aF4eH7s";
let sandbox;
let app;

beforeAll(async () => {
  sandbox = await startSandbox();
  app = refunder({ baseUrl: sandbox.url, ...sandbox.keys.partner, refundAddressOf: () => address });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

it("refunds the deposit the webhook names, to the customer's address", async () => {
  expect(await app.onDepositCanceled(delivery)).toEqual({ refunded: transactionId });
  const [call] = sandbox.calls;
  expect(call).toMatchObject({ operationId: "refundDeposit", status: 200 });
  expect(call.fields).toMatchObject({ transaction_id: transactionId, address });
});

it("waits out two 429s (Retry-After: 1) and refunds once", async () => {
  sandbox.fault({ operationId: "refundDeposit", status: 429, retryAfterSeconds: 1, times: 2 });
  expect(await app.onDepositCanceled(delivery)).toEqual({ refunded: transactionId });
  expect(sandbox.calls.map((call) => call.status)).toEqual([429, 429, 200]);
});

it("gives up for later when the exchange keeps refusing", async () => {
  sandbox.fault({ operationId: "refundDeposit", status: 429, retryAfterSeconds: 60, times: 10 });
  expect(await app.onDepositCanceled(delivery)).toEqual({ later: 60_000 });
});

it("does not send a refund twice when the answer was lost: the error says it may have been made", async () => {
  sandbox.fault({ operationId: "refundDeposit", drop: "after" });
  const failure = await app.onDepositCanceled(delivery).catch((error) => error);
  expect(failure.name).toBe("NetworkError");
  expect(failure.mayHaveReachedServer).toBe(true);
  expect(sandbox.calls).toHaveLength(1);
});

it("refuses a delivery that is not a deposit.canceled payload, sending nothing", async () => {
  await expect(app.onDepositCanceled("{}")).rejects.toThrow(/uniqueId/);
  expect(sandbox.calls).toEqual([]);
});
