// The package's entry in browser bundles (the "browser" export condition). The client signs with
// node:crypto and needs the API secret, which has no place in a page: createClient says so at
// once. What runs anywhere (portable.ts) is here as on Node.
import { SetupError } from "./errors/index.js";
import type { ClientOptions, TxcClient } from "./client/create-client.js";

export * from "./portable.js";

const SERVER_SIDE_ONLY =
  "txc-api's client runs on servers only (Node 20+, Bun, Deno): it signs with the API secret, which must never reach a browser. " +
  "Call your own server from the page and let it call the API.";

export function createClient(_options: ClientOptions): TxcClient {
  throw new SetupError("createClient", SERVER_SIDE_ONLY);
}
