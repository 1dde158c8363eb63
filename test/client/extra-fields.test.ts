// Fields the document does not list: the client sends them when asked, signed with the rest, and
// still refuses a body that breaks a rule the document states.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, RequestValidationError } from "../../src/index.js";
import { startVerifyingServer, type VerifyingServer } from "../helpers/verifying-server.js";

const apiKey = "extra-key";
const apiSecret = "extra-secret-4d1c";
let server: VerifyingServer;

beforeAll(async () => {
  server = await startVerifyingServer({ [apiKey]: apiSecret }, () => ({ status: 200, body: { BTC: { main_balance: "1" } } }));
});
afterAll(() => server?.close());

describe("extra fields", () => {
  it("sends the client's extraFields on every signed call, signed with the rest of the body", async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret, extraFields: { nonceWindow: true } });
    const before = server.received.length;
    await client.getMainBalance({ ticker: "BTC" });
    const [sent] = server.received.slice(before);
    expect(sent.signatureProblem).toBeNull();
    expect(sent.body).toMatchObject({ ticker: "BTC", nonceWindow: true, request: "/api/v4/main-account/balance" });
  });

  it("adds a call's extraFields to the client's, the call's winning", async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret, extraFields: { nonceWindow: true, a: 1 } });
    const before = server.received.length;
    await client.getMainBalance({}, { extraFields: { nonceWindow: false, b: 2 } });
    expect(server.received.slice(before)[0].body).toMatchObject({ nonceWindow: false, a: 1, b: 2 });
  });

  it("still refuses a body that breaks a stated rule, and sends nothing", async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret, extraFields: { nonceWindow: true } });
    const before = server.received.length;
    await expect(client.getInvestmentsHistory({ limit: 101 })).rejects.toBeInstanceOf(RequestValidationError);
    expect(server.received.length).toBe(before);
  });
});
