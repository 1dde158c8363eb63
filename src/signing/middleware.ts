import { RedirectError } from "../errors/index.js";
import { redirectFailure } from "../transport/exchange.js";
import { bodyText, credentials, SIGNATURE_HEADER, signBodyText } from "./sign.js";
import { timeNonce, type NonceSource } from "./nonce.js";

export type SigningMiddlewareOptions = { apiKey: string; apiSecret: string; nonce?: NonceSource };

/**
 * The part of openapi-fetch's `Middleware` this one fills, spelt out here so that the package's
 * declarations read no file of openapi-fetch: `client.use()` takes it as it is.
 */
export type SigningMiddleware = {
  onRequest(options: { request: Request }): Promise<Request | undefined>;
  onResponse(options: { request: Request; response: Response }): undefined;
};

/**
 * openapi-fetch middleware that signs every request with a JSON body: it sets `request` to the
 * path called and `nonce` to a fresh value, then sends exactly the bytes it signed. Signed
 * requests go with `redirect: "manual"`, and a 3xx answer throws: the signed headers never
 * follow a redirect (a fetch passed to openapi-fetch must honour `redirect`, as the global one does).
 *
 *   const client = createClient<paths>({ baseUrl });
 *   client.use(signingMiddleware({ apiKey, apiSecret }));
 */
export function signingMiddleware({ apiKey, apiSecret, nonce = timeNonce }: SigningMiddlewareOptions): SigningMiddleware {
  const keys = credentials(apiKey, apiSecret);
  return {
    async onRequest({ request }) {
      if (request.method === "GET" || request.method === "HEAD") return undefined;
      const sent = await request.text();
      const fields = sent ? (JSON.parse(sent) as object) : {};
      const body = bodyText(new URL(request.url).pathname, nonce(keys.apiKey), fields);
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(signBodyText(body, keys))) headers.set(name, value);
      return new Request(request.url, { method: request.method, headers, body, signal: request.signal, redirect: "manual" });
    },
    onResponse({ request, response }) {
      const redirected = response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400);
      if (redirected && request.headers.has(SIGNATURE_HEADER)) {
        void response.body?.cancel();
        const failure = redirectFailure(response.status, response.headers.get("location"), request.url);
        throw new RedirectError(new URL(request.url).pathname, response.status, failure.detail.location, failure.message);
      }
      return undefined;
    },
  };
}
