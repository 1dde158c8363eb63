// The `dispatcher` option with undici's MockAgent, as the README shows it: a user's unit test of
// their own code, with no server at all; the package's rules hold on it too.
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, RedirectError } from "../../src/index.js";
import { createSignedFetchClient } from "../../src/openapi-fetch.js";

const baseUrl = "http://exchange.invalid";
const keys = { apiKey: "mock-key", apiSecret: "mock-secret-never-shown" };
const json = { headers: { "content-type": "application/json" } };
const agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});
function mockAgent() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  return agent;
}

describe("a MockAgent as dispatcher", () => {
  it("answers createClient's call, and sees the signed request", async () => {
    const mock = mockAgent();
    let seen: { headers: Record<string, string>; body: string } | undefined;
    mock.get(baseUrl).intercept({ path: "/api/v4/main-account/balance", method: "POST" }).reply(200, (options) => {
      seen = { headers: options.headers as Record<string, string>, body: String(options.body) };
      return { BTC: { main_balance: "1" } };
    }, json);
    const client = createClient({ baseUrl, ...keys, dispatcher: mock });
    expect(await client.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "1" } });
    expect(JSON.parse(seen!.body)).toMatchObject({ request: "/api/v4/main-account/balance", ticker: "BTC" });
    expect(seen!.headers["X-TXC-APIKEY"] ?? seen!.headers["x-txc-apikey"]).toBe("mock-key");
    mock.assertNoPendingInterceptors();
  });

  it("answers createSignedFetchClient's call", async () => {
    const mock = mockAgent();
    mock.get(baseUrl).intercept({ path: "/api/v4/main-account/balance", method: "POST" }).reply(200, { ETH: { main_balance: "2" } }, json);
    const client = createSignedFetchClient({ baseUrl, ...keys, dispatcher: mock });
    const { data } = await client.POST("/api/v4/main-account/balance", { body: {} as never });
    expect(data).toEqual({ ETH: { main_balance: "2" } });
  });

  it("a mocked redirect is refused as a real one is", async () => {
    const mock = mockAgent();
    mock.get(baseUrl).intercept({ path: "/api/v4/main-account/balance", method: "POST" }).reply(302, "", { headers: { location: "http://elsewhere.invalid/" } });
    const failure = await createClient({ baseUrl, ...keys, dispatcher: mock }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(RedirectError);
    expect(failure.location).toBe("http://elsewhere.invalid");
  });

  it("fetch and dispatcher together are refused: which one sends?", () => {
    expect(() => createClient({ baseUrl, ...keys, dispatcher: mockAgent(), fetch })).toThrow(/fetch or dispatcher, not both/);
  });
});
