// Signing in the served page (WebCrypto HMAC-SHA512 over the base64 body), shared by the try-it
// panel and the workflow panel: one nonce sequence for both, as the sandbox requires nonces of a
// key to increase whichever panel sends. The secret goes into the signature only.

let lastNonce = 0;
const nextNonce = () => (lastNonce = Math.max(Date.now(), lastNonce + 1));
const base64 = (text) => btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(""));

async function hmacSha512Hex(secretText, message) {
  const cryptoKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(secretText), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(message));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Throws when the page cannot sign: browsers give WebCrypto only to secure pages (and loopback). */
export function requireWebCrypto() {
  if (!globalThis.crypto?.subtle) {
    throw new Error(`Not sent: signing in the page needs WebCrypto, which browsers give only to secure pages: open this page at http://127.0.0.1:${location.port || 80}/ or http://localhost:${location.port || 80}/`);
  }
}

/**
 * The request for `operation` with `fields`, signed with `key` and `secret` where the operation is
 * signed (`signing` is the document's: header names and the body fields the signer sets).
 */
export async function signedRequest(operation, fields, { key, secret }, signing) {
  if (!operation.signed) return { headers: {}, body: undefined };
  requireWebCrypto();
  const { headers: names, bodyFields } = signing;
  const text = JSON.stringify({ [bodyFields.path]: operation.path, [bodyFields.nonce]: String(nextNonce()), ...fields });
  const payload = base64(text);
  return {
    headers: { "Content-Type": "application/json", [names.apiKey]: key, [names.payload]: payload, [names.signature]: await hmacSha512Hex(secret, payload) },
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
