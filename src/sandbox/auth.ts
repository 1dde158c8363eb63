import { isUtf8 } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { firstDuplicateKey } from "../json/duplicate-keys.js";
import { API_KEY_HEADER, NONCE_FIELD, PATH_FIELD, PAYLOAD_HEADER, SIGNATURE_HEADER } from "../signing/sign.js";
import type { Account } from "../../generated/dataset.js";
import type { SandboxState } from "./state.js";

/** A signed request whose headers and signature hold; `nonce` is recorded once the request is also valid. */
export type Authenticated = { account: Account; apiKey: string; body: Record<string, unknown>; nonce?: bigint };
/** A refused request: the status, the message and, where one field is to blame, that field. */
export type AuthResult = Authenticated | { failure: string; status: 400 | 401; field?: string };

/** A header's value by its lower-case name, as Node gives them. */
const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};
const [API_KEY, PAYLOAD, SIGNATURE] = [API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER].map((name) => name.toLowerCase());

const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;
const isJsonContentType = (value: string) => value === "application/json" || JSON_CONTENT_TYPE.test(value);
/** A signature's bytes: exactly 128 hex digits, else empty (Buffer.from stops at the first non-hex digit). */
const signatureBytes = (hex: string) => {
  const bytes = hex.length === 128 ? Buffer.from(hex, "hex") : undefined;
  return bytes?.length === 64 ? bytes : Buffer.alloc(0);
};
// The sandbox's pick for the nonce rule the description leaves open: a string of digits (such as
// Unix time in milliseconds) greater than the last one accepted for the key.
const NONCE_DIGITS = /^\d{1,30}$/;

/**
 * Checks a private request as the description says: the three headers, the payload equal to the
 * base64 of the exact body received, the HMAC-SHA512 signature (compared in constant time), the
 * JSON content type and a UTF-8 JSON object, then `request` equal to the path called and the
 * nonce rule, each where the body carries it. An absent `request` or `nonce` is left to schema
 * validation: required where the document says so, allowed where it makes them optional (funding
 * history, mining, sub-account key reset).
 */
export function authenticate(
  state: SandboxState,
  lastNonce: ReadonlyMap<string, bigint>,
  headers: IncomingHttpHeaders,
  rawBody: Buffer,
  path: string,
): AuthResult {
  const apiKey = header(headers, API_KEY!);
  const payload = header(headers, PAYLOAD!);
  const signature = header(headers, SIGNATURE!);
  if (!apiKey || !payload || !signature) {
    const missing = [[API_KEY_HEADER, apiKey], [PAYLOAD_HEADER, payload], [SIGNATURE_HEADER, signature]].filter(([, v]) => !v).map(([n]) => n);
    return { status: 401, failure: `Missing authentication header ${missing.join(", ")}.` };
  }
  const credentials = state.credentials(apiKey!);
  if (!credentials) return { status: 401, failure: "Unknown API key." };
  if (payload !== rawBody.toString("base64")) return { status: 401, failure: `${PAYLOAD_HEADER} is not the base64 of the request body.` };
  const expected = createHmac("sha512", credentials.secret).update(payload!).digest();
  const given = signatureBytes(signature!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { status: 401, failure: `${SIGNATURE_HEADER} is not the hex HMAC-SHA512 of the payload with this key's secret (128 hex digits).` };
  }
  // The description: private requests carry Content-type: application/json (parameters allowed).
  if (!isJsonContentType(header(headers, "content-type") ?? "")) return { status: 400, failure: "A private request carries Content-Type: application/json." };
  // RFC 8259: JSON text is UTF-8. Decoding other bytes with U+FFFD would make different byte
  // strings equal as keys, codes or addresses.
  if (!isUtf8(rawBody)) return { status: 400, failure: "The body is not valid UTF-8, so it is not JSON." };
  const text = rawBody.toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, failure: "The body is not valid JSON." };
  }
  // JSON.parse keeps the last of repeated keys; which one a request means is not for us to guess.
  const repeated = firstDuplicateKey(text);
  if (repeated !== undefined) return { status: 400, failure: `The body holds the field ${JSON.stringify(repeated)} more than once.`, field: repeated };
  if (!body || typeof body !== "object" || Array.isArray(body)) return { status: 400, failure: "The body must be a JSON object." };
  const fields = body as Record<string, unknown>;
  const calledPath = fields[PATH_FIELD];
  if (typeof calledPath === "string" && calledPath !== path) {
    return { status: 401, failure: `The body's ${PATH_FIELD} must be the path called, ${path}.` };
  }
  const nonceText = fields[NONCE_FIELD];
  if (typeof nonceText !== "string") return { account: credentials.account, apiKey: apiKey!, body: fields };
  if (!NONCE_DIGITS.test(nonceText)) return { status: 401, failure: `The ${NONCE_FIELD} must be a string of digits, such as Unix time in milliseconds.` };
  const nonce = BigInt(nonceText);
  const last = lastNonce.get(apiKey!);
  if (last !== undefined && nonce <= last) return { status: 401, failure: `The nonce must be greater than the last one accepted for this key (${last}).` };
  return { account: credentials.account, apiKey: apiKey!, body: fields, nonce };
}
