// txc-api proxy --sign: a request of a signed operation that arrives without the signing headers
// (from curl, a load tool, any HTTP tool) is signed as the client signs: the body's fields kept,
// `request` and a nonce set over any field of those names, the three headers added. A request that
// carries its own API key header passes as it came, so that a tool's own signing is tested too.
import type { IncomingHttpHeaders } from "node:http";
import { operationIndex } from "../../generated/operations.js";
import { operationAt } from "../server/routes.js";
import { bodyText } from "../signing/body.js";
import { API_KEY_HEADER, credentials, signBodyText, type ApiKeyPair } from "../signing/sign.js";
import { timeNonce } from "../signing/nonce.js";

/** The request as it goes on: signed, or as it came; or why it cannot be signed (answered 400, nothing sent). */
export type Signing = { headers: IncomingHttpHeaders; body: Buffer } | { refused: string };

/** Signs with one key; its nonces are the client's (one registry per process), so that they rise in the order requests arrive. */
export function unsignedRequestSigner(key: ApiKeyPair) {
  const keys = credentials(key.apiKey, key.apiSecret);
  return (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Signing => {
    const operationId = operationAt(method, path);
    if (!operationId || !operationIndex[operationId].signed || headers[API_KEY_HEADER.toLowerCase()] !== undefined) return { headers, body };
    let fields: unknown = {};
    try {
      if (body.length) fields = JSON.parse(body.toString("utf8"));
    } catch {
      return { refused: `the body is not JSON, so it cannot be signed: send a JSON object of ${operationId}'s fields` };
    }
    if (fields === null || typeof fields !== "object" || Array.isArray(fields)) return { refused: `the body must be a JSON object of ${operationId}'s fields to be signed` };
    const text = bodyText(operationIndex[operationId].path, timeNonce(keys.apiKey), fields);
    const signed = signBodyText(text, keys);
    const lower = Object.fromEntries(Object.entries(signed).map(([name, value]) => [name.toLowerCase(), value]));
    return { headers: Object.assign({}, headers, lower), body: Buffer.from(text, "utf8") };
  };
}

export type UnsignedRequestSigner = ReturnType<typeof unsignedRequestSigner>;
