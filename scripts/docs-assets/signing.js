// Signing in the served page (WebCrypto HMAC-SHA512 over the base64 body), shared by the try-it
// panel and the workflow panel: one nonce sequence for both, as the sandbox requires nonces of a
// key to increase whichever panel sends. The secret goes into the signature only.

import { bodyText } from "../../src/signing/body.ts";
import { webPayloadOf, webPayloadSignatureHex } from "../../src/signing/web-signature.ts";

let lastNonce = 0;
const nextNonce = () => (lastNonce = Math.max(Date.now(), lastNonce + 1));

/** Throws when the page cannot sign: browsers give WebCrypto only to secure pages (and loopback). */
export function requireWebCrypto() {
  if (!globalThis.crypto?.subtle) {
    throw new Error(`Not sent: signing in the page needs WebCrypto, which browsers give only to secure pages: open this page at http://127.0.0.1:${location.port || 80}/ or http://localhost:${location.port || 80}/`);
  }
}

/**
 * The request for `operation` with `fields`, signed with `key` and `secret` where the operation is
 * signed, by the package's body rule (the path and the nonce set over any field of those names);
 * `signing` is the document's: the header names.
 */
export async function signedRequest(operation, fields, { key, secret }, signing) {
  if (!operation.signed) return { headers: {}, body: undefined };
  requireWebCrypto();
  const { headers: names } = signing;
  const text = bodyText(operation.path, String(nextNonce()), fields);
  const payload = webPayloadOf(text);
  return {
    headers: { "Content-Type": "application/json", [names.apiKey]: key, [names.payload]: payload, [names.signature]: await webPayloadSignatureHex(payload, secret) },
    body: text,
  };
}

/** The request as sent, as the panels show it: its line, headers and body. */
export const requestText = (operation, request) =>
  [`${operation.method} ${operation.path}`, ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`), "", request.body ?? ""].join("\n");

/**
 * Sends `request` to the page's own origin (a path, never a URL: the page's policy allows no
 * other) and reads the answer: its status, its text, and its JSON where it is JSON.
 */
export async function sendFromPage(operation, request) {
  const response = await fetch(operation.path, { method: operation.method, headers: request.headers, body: request.body, redirect: "error", credentials: "omit", cache: "no-store" })
    .catch((error) => Promise.reject(new Error(`the request failed on its way (is the sandbox still running?): ${error.message}`)));
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, statusText: response.statusText, text, json };
}
