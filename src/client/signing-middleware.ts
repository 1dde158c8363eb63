import { operationIndex } from "../../generated/operations.js";
import { RedirectError } from "../errors/index.js";
import { isRedirect, redirectFailure } from "../transport/exchange.js";
import { credentials, SIGNATURE_HEADER } from "../signing/sign.js";
import { timeNonce, type NonceSource } from "../signing/nonce.js";
import { loadValidators } from "../validation/operation-validators.js";
import type { ExtraFields } from "./extra-fields.js";
import { operationOfPath, signCall, signUnknownPath } from "./sign-call.js";

export type SigningMiddlewareOptions = {
  apiKey: string;
  apiSecret: string;
  nonce?: NonceSource;
  /** Fields the document does not list, sent with every signed request (as createClient's). */
  extraFields?: ExtraFields;
};

/**
 * The part of openapi-fetch's `Middleware` this one fills, spelt out here so that the package's
 * declarations read no file of openapi-fetch: `client.use()` takes it as it is.
 */
export type SigningMiddleware = {
  onRequest(options: { request: Request }): Promise<Request | undefined>;
  onResponse(options: { request: Request; response: Response }): undefined;
};

/**
 * openapi-fetch middleware that signs every request of a signed operation as createClient does
 * (one signer): a field the operation does not have is refused with RequestValidationError (and a
 * did-you-mean), `request` is the document's path whatever prefix the base URL has, and `nonce` a
 * fresh value; it then sends exactly the bytes it signed. A POST to a path the document does not
 * have is signed as it is. Signed requests go with `redirect: "manual"`, and a redirect (a 3xx but
 * 304) throws: the signed headers never follow it (a fetch passed to openapi-fetch must honour
 * `redirect`, as the global one does).
 *
 *   const client = createClient<SignedPaths>({ baseUrl });
 *   client.use(signingMiddleware({ apiKey, apiSecret }));
 */
export function signingMiddleware({ apiKey, apiSecret, nonce = timeNonce, extraFields }: SigningMiddlewareOptions): SigningMiddleware {
  const keys = credentials(apiKey, apiSecret);
  return {
    async onRequest({ request }) {
      const { pathname } = new URL(request.url);
      const operationId = operationOfPath(pathname, request.method);
      if (operationId ? !operationIndex[operationId].signed : request.method === "GET" || request.method === "HEAD") return undefined;
      const text = await request.text();
      const fields = text ? (JSON.parse(text) as object) : operationId ? undefined : {};
      const { body, headers: signed } = operationId
        ? signCall({ operationId, keys, nonce, fields, extraFields: { client: extraFields }, validators: await loadValidators(operationId) })
        : signUnknownPath(pathname, keys, nonce, fields ?? {});
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(signed)) headers.set(name, value);
      return new Request(request.url, { method: request.method, headers, body, signal: request.signal, redirect: "manual" });
    },
    onResponse({ request, response }) {
      const redirected = response.type === "opaqueredirect" || isRedirect(response.status);
      if (redirected && request.headers.has(SIGNATURE_HEADER)) {
        void response.body?.cancel();
        const failure = redirectFailure(response.status, response.headers.get("location"), request.url);
        throw new RedirectError(new URL(request.url).pathname, response.status, failure.detail.location, failure.message);
      }
      return undefined;
    },
  };
}
