import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { Account } from "./dataset.js";
import type { SandboxState } from "./state.js";

export type AuthResult = { account: Account; apiKey: string; body: Record<string, unknown> } | { failure: string; status: 400 | 401 };

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/**
 * Checks a private request as the description says: the three headers, the payload equal to the
 * base64 of the exact body received, the HMAC-SHA512 signature (compared in constant time),
 * `request` equal to the path called, and a nonce greater than the last one accepted for the key.
 * The nonce is recorded only when everything holds.
 */
export function authenticate(
  state: SandboxState,
  lastNonce: Map<string, bigint>,
  headers: IncomingHttpHeaders,
  rawBody: Buffer,
  path: string,
): AuthResult {
  const apiKey = header(headers, "x-txc-apikey");
  const payload = header(headers, "x-txc-payload");
  const signature = header(headers, "x-txc-signature");
  const missing = [["X-TXC-APIKEY", apiKey], ["X-TXC-PAYLOAD", payload], ["X-TXC-SIGNATURE", signature]].filter(([, v]) => !v).map(([n]) => n);
  if (missing.length) return { status: 401, failure: `Missing authentication header ${missing.join(", ")}.` };
  const credentials = state.credentials(apiKey!);
  if (!credentials) return { status: 401, failure: "Unknown API key." };
  if (payload !== rawBody.toString("base64")) return { status: 401, failure: "X-TXC-PAYLOAD is not the base64 of the request body." };
  const expected = createHmac("sha512", credentials.secret).update(payload!).digest();
  const given = /^[0-9a-fA-F]+$/.test(signature!) ? Buffer.from(signature!, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { status: 401, failure: "X-TXC-SIGNATURE is not the HMAC-SHA512 of the payload with this key's secret." };
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return { status: 400, failure: "The body is not valid JSON." };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return { status: 400, failure: "The body must be a JSON object." };
  const fields = body as Record<string, unknown>;
  if (fields.request !== path) return { status: 401, failure: `The body's request must be the path called, ${path}.` };
  const nonce = typeof fields.nonce === "string" && /^\d{1,30}$/.test(fields.nonce) ? BigInt(fields.nonce) : undefined;
  if (nonce === undefined) return { status: 401, failure: "The nonce must be a string of digits, such as Unix time in milliseconds." };
  const last = lastNonce.get(apiKey!);
  if (last !== undefined && nonce <= last) return { status: 401, failure: `The nonce must be greater than the last one accepted for this key (${last}).` };
  lastNonce.set(apiKey!, nonce);
  return { account: credentials.account, apiKey: apiKey!, body: fields };
}
