// The README's openapi-fetch example: signingMiddleware adds request and nonce, and SignedPaths
// says so to the types, so that no cast is needed.
import createFetchClient from "openapi-fetch";
import { signingMiddleware, type SignedPaths } from "txc-api";

export async function balanceOverOwnClient(baseUrl: string) {
  const api = createFetchClient<SignedPaths>({ baseUrl });
  api.use(signingMiddleware({ apiKey: "sandbox-partner", apiSecret: "sandbox-partner-secret" }));
  const { data, error } = await api.POST("/api/v4/main-account/balance", { body: { ticker: "BTC" } });
  const btc: string | undefined = data?.BTC?.main_balance;
  return { btc, error };
}
