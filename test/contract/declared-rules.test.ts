// A once-only rule the team declares where the document is silent (a deposit refunded once per
// transaction_id): the kit holds it, and the tester, given the same declaration, races it and
// reports a second success. Against the kit in this process, on node:http.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { ContractTestStoppedError, runContractTest } from "../../src/contract-entry.js";
import { createApiHandler, notImplemented, type Handlers, type OncePer } from "../../src/server-entry.js";
import { operationIndex } from "../../generated/operations.js";
import { teamKeys } from "../helpers/cluster-team.js";

const keys = teamKeys(4);
const declared: OncePer = { refundDeposit: ["transaction_id"] };
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});
// Every signed operation not implemented, from the document; refundDeposit written.
const notWritten = Object.fromEntries(Object.keys(operationIndex).filter((id) => operationIndex[id as keyof typeof operationIndex].signed).map((id) => [id, notImplemented]));

/** A server whose refunds pay every request: `oncePer` given to the kit, or not (the planted defect). */
async function refundServer(oncePer: OncePer | undefined): Promise<{ baseUrl: string; paid: string[] }> {
  const paid: string[] = [];
  const api = createApiHandler({
    keys: (apiKey) => {
      const key = keys.find((k) => k.apiKey === apiKey);
      return key && { secret: key.apiSecret };
    },
    ...(oncePer ? { oncePer } : {}),
    log: () => {},
    handlers: { ...notWritten, refundDeposit: async ({ body }) => (paid.push(body.transaction_id), { id: body.transaction_id }) } as Handlers,
  });
  const server = createServer(api.listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paid };
}

const run = (baseUrl: string, transactionId: string, oncePer: OncePer | "none" = declared) =>
  runContractTest({
    baseUrl, ...keys[0]!, moreKeys: keys.slice(1), includeMutations: true, operations: ["refundDeposit"], checks: ["races"],
    fixtures: { refundDeposit: [{ transaction_id: transactionId, address: "bc1qrefunddestination0000000000000000" }] },
    ...(oncePer === "none" ? {} : { oncePer }),
  });

it("the kit holding the declared rule passes the race: one refund paid of four sent at once", async () => {
  const server = await refundServer(declared);
  const result = await run(server.baseUrl, "5d0c3b2a-1e4f-4a6b-8c9d-0e1f2a3b4c5d");
  expect(result.notes).toContainEqual(expect.stringMatching(/^races: refundDeposit: 4 requests raced, 1 accepted, 3 refused/));
  expect(result.results).toEqual([expect.objectContaining({ operationId: "refundDeposit", check: "races", passed: true })]);
  expect(result.exitStatus).toBe(0);
  expect(server.paid).toHaveLength(1);
});

it("planted (the server holds no such rule): the tester given the declaration reports the second refund", async () => {
  const server = await refundServer(undefined);
  const result = await run(server.baseUrl, "6e1d4c3b-2f5a-4b7c-9d0e-1f2a3b4c5d6e");
  const race = result.results.find((r) => r.check === "races");
  expect(race?.passed).toBe(false);
  expect(race?.failures[0]?.message).toMatch(/^one transaction_id sent 4 times at once .*; [2-4] of 4 requests with one transaction_id, sent at once, were accepted: the declared rule says it succeeds once$/);
  expect(race?.failures[0]?.expected).toBe("at most one of 4 requests accepted (declared once per transaction_id)");
  expect(result.exitStatus).toBe(1);
});

it("without the declaration the tester does not race it: the document is silent", async () => {
  const server = await refundServer(undefined);
  const result = await run(server.baseUrl, "7f2e5d4c-3a6b-4c8d-8e1f-2a3b4c5d6e7f", "none");
  expect(result.results.filter((r: { check: string }) => r.check === "races")).toEqual([]);
  // Only "races" was asked for, and it ran nowhere: a named check that ran nowhere fails the run.
  expect(result.exitStatus).toBe(1);
});

it("a declaration naming no field of the body is refused before anything is sent, naming the option", async () => {
  const server = await refundServer(declared);
  const refused = await run(server.baseUrl, "8a3f6e5d-4b7c-4d9e-9f2a-3b4c5d6e7f8a", { refundDeposit: ["transactionId"] }).catch((error) => error);
  expect(refused).toBeInstanceOf(ContractTestStoppedError);
  expect(refused.message).toBe('oncePer gives refundDeposit "transactionId", which is no field of its request body (its fields: transaction_id, address)');
  expect(server.paid).toHaveLength(0);
});
