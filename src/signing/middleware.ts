import type { Middleware } from "openapi-fetch";
import { bodyText, credentials, signBodyText } from "./sign.js";
import { timeNonce, type NonceSource } from "./nonce.js";

export type SigningMiddlewareOptions = { apiKey: string; apiSecret: string; nonce?: NonceSource };

/**
 * openapi-fetch middleware that signs every request with a JSON body: it sets `request` to the
 * path called and `nonce` to a fresh value, then sends exactly the bytes it signed.
 *
 *   const client = createClient<paths>({ baseUrl });
 *   client.use(signingMiddleware({ apiKey, apiSecret }));
 */
export function signingMiddleware({ apiKey, apiSecret, nonce = timeNonce }: SigningMiddlewareOptions): Middleware {
  const keys = credentials(apiKey, apiSecret);
  return {
    async onRequest({ request }) {
      if (request.method === "GET" || request.method === "HEAD") return undefined;
      const sent = await request.text();
      const fields = sent ? (JSON.parse(sent) as object) : {};
      const body = bodyText(new URL(request.url).pathname, nonce(keys.apiKey), fields);
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(signBodyText(body, keys))) headers.set(name, value);
      return new Request(request.url, { method: request.method, headers, body, signal: request.signal, redirect: request.redirect });
    },
  };
}
