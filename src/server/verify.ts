// Verifying a signed request, as the description says, on the exact bytes received: one
// implementation for the sandbox, the proxy and a server team's own routing.
import { isUtf8 } from "node:buffer";
import { createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { firstDuplicateKey } from "../json/duplicate-keys.js";
import { API_KEY_HEADER, PAYLOAD_HEADER, payloadSignature, SIGNATURE_HEADER } from "../signing/sign.js";
import { NONCE_FIELD, PATH_FIELD } from "../signing/body.js";
import { INTERNAL_ERROR, privateErrorBody } from "./error-bodies.js";
import { isPromise } from "./maybe-promise.js";
import type { HeadersInput } from "./api-handler-types.js";
import { NONCE_DIGITS, type NonceResult, type NonceStore } from "./nonces.js";

/** What `nonceMaxAgeMs` must be, checked by every door that takes it (createApiHandler, startSandbox, txc-api serve). */
export const NONCE_MAX_AGE_RULE = "a positive whole number of milliseconds, such as 300000 for 5 minutes";
export const isNonceMaxAge = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** What a server knows of an API key: its secret (never logged or echoed) and whether it is a business partner's. */
export type KeyRecord = { secret: string | KeyObject; partner?: boolean };
/** What the server has for the API key of a request, or undefined for a key it does not have (401). */
export type KeyLookup<Key extends KeyRecord = KeyRecord> = (apiKey: string) => Key | undefined | PromiseLike<Key | undefined>;


export type SignedRequestInput = {
  /** The path called, without the query: the body's `request` must equal it. */
  path: string;
  headers: HeadersInput;
  /** The body exactly as received: bytes, never a parsed and re-serialised object. */
  rawBody: Uint8Array | string;
  /** Not checked here: routing is the caller's (createApiHandler routes before it verifies). */
  method?: string;
};

/** Why a request was refused: one code per rule, for logs and metrics. */
export type VerifyReason =
  | "missing-header" | "unknown-key" | "payload-mismatch" | "body-reserialised" | "signature" | "content-type" | "not-utf8"
  | "not-json" | "duplicate-field" | "not-object" | "request-path" | "nonce-format" | "nonce-reused" | "nonce-stale"
  | "raw-body-required" | "options-invalid" | "key-store-failed" | "nonce-store-failed";

export type Verified<Key extends KeyRecord = KeyRecord> = {
  ok: true;
  apiKey: string;
  key: Key;
  /** The body, parsed from the bytes that were verified. */
  body: Record<string, unknown>;
  /** Gives the nonce back (the request was refused after all); nothing when it carried none. */
  releaseNonce(): void | Promise<void>;
};
export type VerifyRefusal = {
  ok: false;
  /** The status the document gives this refusal. */
  status: 400 | 401 | 500;
  /** The document's error body to answer with (never a secret). */
  body: { code: number; message: string; errors: Record<string, string[]> };
  reason: VerifyReason;
  /** The field to blame, where one is. */
  field?: string;
  /** For the server's log only, where it says more than the body (a store's failure). */
  detail?: string;
};
export type VerifyResult<Key extends KeyRecord = KeyRecord> = Verified<Key> | VerifyRefusal;

export type VerifyOptions<Key extends KeyRecord = KeyRecord> = {
  keys: KeyLookup<Key>;
  /** Checks and records the nonce where the body carries one; without it the nonce is not checked. */
  nonces?: NonceStore;
  /**
   * Refuses a nonce that, read as Unix time in milliseconds, is further than this from the clock,
   * past or future (reason "nonce-stale"), before the store sees it. Off by default.
   */
  nonceMaxAgeMs?: number;
  /** Checks everything but the signature of a key the lookup does not have (the proxy, which may not hold every secret). */
  unknownKeys?: "refuse" | "skip-signature";
};

function refusal(status: 400 | 401 | 500, reason: VerifyReason, message: string, field?: string, detail?: string): VerifyRefusal {
  const errors = field === undefined ? {} : { [field]: [message] };
  return Object.assign({ ok: false as const, status, body: privateErrorBody(status, message, errors), reason }, field === undefined ? undefined : { field }, detail ? { detail } : undefined);
}

/** A header's value by its lower-case name, case-insensitively (Node's are lower-case already: the first look finds them). */
function headerOf(headers: HeadersInput | undefined, lower: string): string | undefined {
  let value: string | string[] | null | undefined;
  if (!headers || typeof headers !== "object") return undefined;
  if (typeof (headers as Headers).get === "function") value = (headers as Headers).get(lower);
  else {
    const record = headers as Record<string, string | string[] | undefined>;
    value = record[lower] ?? Object.entries(record).find(([given]) => given.toLowerCase() === lower)?.[1];
  }
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === "string" && text !== "" ? text : undefined;
}
const [API_KEY, PAYLOAD, SIGNATURE] = [API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER].map((name) => name.toLowerCase()) as [string, string, string];

const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;
const isJsonContentType = (value: string) => value === "application/json" || JSON_CONTENT_TYPE.test(value);
/** A signature's bytes: exactly 128 hex digits, else empty (Buffer.from stops at the first non-hex digit). */
const signatureBytes = (hex: string) => {
  const bytes = hex.length === 128 ? Buffer.from(hex, "hex") : undefined;
  return bytes?.length === 64 ? bytes : Buffer.alloc(0);
};

// A secret given as text becomes a KeyObject once, not on every request (HMAC keyed by text
// converts it each time); at most this many are kept, then the cache starts over.
const MOST_KEYS = 10_000;
const keyObjects = new Map<string, KeyObject>();
function hmacKey(secret: string | KeyObject): KeyObject {
  if (typeof secret !== "string") return secret;
  let keyObject = keyObjects.get(secret);
  if (!keyObject) {
    if (keyObjects.size >= MOST_KEYS) keyObjects.clear();
    keyObjects.set(secret, (keyObject = createSecretKey(Buffer.from(secret, "utf8"))));
  }
  return keyObject;
}
const noRelease = () => {};

/** The same JSON in other bytes: what a framework that parsed the body and serialised it again sends on. */
function sameJsonOtherBytes(payload: string, text: string): boolean {
  try {
    return JSON.stringify(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))) === JSON.stringify(JSON.parse(text));
  } catch {
    return false;
  }
}

function asBytes(rawBody: unknown): Buffer | undefined {
  if (typeof rawBody === "string") return Buffer.from(rawBody, "utf8");
  if (Buffer.isBuffer(rawBody)) return rawBody;
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  if (rawBody instanceof ArrayBuffer) return Buffer.from(rawBody);
  return undefined;
}

/**
 * Checks a private request as the description says, in this order: the three headers, the key,
 * the payload equal to the base64 of the exact body received, the HMAC-SHA512 signature (compared
 * in constant time), the JSON content type, a UTF-8 JSON object naming no field twice, the body's
 * `request` equal to the path, then the nonce through the store. An absent `request` or `nonce`
 * is left to the operation's schema (required where the document says so). Never throws: a
 * refusal is a result with the document's status and body and a reason code.
 */
export async function verifySignedRequest<Key extends KeyRecord = KeyRecord>(request: SignedRequestInput, options: VerifyOptions<Key>): Promise<VerifyResult<Key>> {
  // The rule the kit and the sandbox hold once at their start (their pipeline calls verifyNow),
  // held here per call: a negative age would refuse every nonce and NaN would turn the check off.
  if (options.nonceMaxAgeMs !== undefined && !isNonceMaxAge(options.nonceMaxAgeMs)) {
    return refusal(500, "options-invalid", INTERNAL_ERROR, undefined, `nonceMaxAgeMs must be ${NONCE_MAX_AGE_RULE} (got ${String(options.nonceMaxAgeMs)})`);
  }
  return verifyNow(request, options);
}

/**
 * verifySignedRequest, answering at once when the key lookup and the nonce store do (the
 * sandbox's): the kit's pipeline makes no promise for a request no store made wait.
 */
export function verifyNow<Key extends KeyRecord>(request: SignedRequestInput, options: VerifyOptions<Key>): VerifyResult<Key> | Promise<VerifyResult<Key>> {
  const apiKey = headerOf(request.headers, API_KEY);
  const payload = headerOf(request.headers, PAYLOAD);
  const signature = headerOf(request.headers, SIGNATURE);
  if (!apiKey || !payload || !signature) {
    const missing = [[API_KEY_HEADER, apiKey], [PAYLOAD_HEADER, payload], [SIGNATURE_HEADER, signature]].filter(([, v]) => !v).map(([n]) => n);
    return refusal(401, "missing-header", `Missing ${missing.join(", ")}.`);
  }
  const rawBody = asBytes(request.rawBody);
  if (!rawBody) {
    return refusal(500, "raw-body-required", INTERNAL_ERROR, undefined,
      `verifySignedRequest was given a parsed body (${typeof request.rawBody}): pass the bytes as received (a Buffer or string), or the signature cannot be checked`);
  }
  const signed = { request, apiKey, payload, signature, rawBody };
  try {
    const found = options.keys(apiKey);
    return isPromise(found) ? Promise.resolve(found).then((key) => afterKey(signed, key, options), keyFailed) : afterKey(signed, found, options);
  } catch (error) {
    return keyFailed(error);
  }
}

// Module functions, not closures per request: the usual request makes none of them.
const keyFailed = (error: unknown) => refusal(500, "key-store-failed", INTERNAL_ERROR, undefined, `the key lookup failed: ${(error as Error)?.message ?? String(error)}`);
const nonceFailed = (error: unknown) => refusal(500, "nonce-store-failed", INTERNAL_ERROR, undefined, `the nonce store failed: ${(error as Error)?.message ?? String(error)}`);

function verified<Key extends KeyRecord>(apiKey: string, key: Key | undefined, fields: Record<string, unknown>, result?: NonceResult): VerifyResult<Key> {
  if (result && !result.accepted) return refusal(401, result.reason, result.message);
  return { ok: true, apiKey, key: key as Key, body: fields, releaseNonce: result ? result.release : noRelease };
}

type Signed = { request: SignedRequestInput; apiKey: string; payload: string; signature: string; rawBody: Buffer };

/** The steps after the key is known: the bytes, the signature, the body, the path, then the nonce. */
function afterKey<Key extends KeyRecord>({ request, apiKey, payload, signature, rawBody }: Signed, key: Key | undefined, { nonces, nonceMaxAgeMs, unknownKeys = "refuse" }: VerifyOptions<Key>): VerifyResult<Key> | Promise<VerifyResult<Key>> {
  if (!key && unknownKeys === "refuse") return refusal(401, "unknown-key", "Unknown API key.");
  const text = rawBody.toString("utf8");
  if (payload !== rawBody.toString("base64")) {
    if (sameJsonOtherBytes(payload, text)) {
      return refusal(401, "body-reserialised", `${PAYLOAD_HEADER} holds the same JSON as the body but not the same bytes: the body was parsed and serialised again between signing and this check. The signature covers the bytes as signed.`,
        undefined, "verify the raw body as received: Fastify addContentTypeParser('application/json', { parseAs: 'buffer' }), Express express.raw({ type: 'application/json' }), a Fetch handler await request.arrayBuffer()");
    }
    return refusal(401, "payload-mismatch", `${PAYLOAD_HEADER} is not the base64 of the request body.`);
  }
  if (key) {
    const expected = payloadSignature(payload, hmacKey(key.secret));
    const given = signatureBytes(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return refusal(401, "signature", `${SIGNATURE_HEADER} is not the hex HMAC-SHA512 of the payload with this key's secret (128 hex digits).`);
    }
  }
  // The description: private requests carry Content-type: application/json (parameters allowed).
  if (!isJsonContentType(headerOf(request.headers, "content-type") ?? "")) return refusal(400, "content-type", "A private request carries Content-Type: application/json.");
  // RFC 8259: JSON text is UTF-8. Decoding other bytes with U+FFFD would make different byte
  // strings equal as keys, codes or addresses.
  if (!isUtf8(rawBody)) return refusal(400, "not-utf8", "The body is not valid UTF-8, so it is not JSON.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refusal(400, "not-json", "The body is not valid JSON.");
  }
  // JSON.parse keeps the last of repeated keys; which one a request means is not for us to guess.
  const repeated = firstDuplicateKey(text, body);
  if (repeated !== undefined) return refusal(400, "duplicate-field", `The body holds the field ${JSON.stringify(repeated)} more than once.`, repeated);
  if (!body || typeof body !== "object" || Array.isArray(body)) return refusal(400, "not-object", "The body must be a JSON object.");
  const fields = body as Record<string, unknown>;
  const calledPath = fields[PATH_FIELD];
  if (typeof calledPath === "string" && calledPath !== request.path) {
    return refusal(401, "request-path", `The body's ${PATH_FIELD} must be the path called, ${request.path}.`);
  }
  const nonce = fields[NONCE_FIELD];
  if (nonceMaxAgeMs !== undefined && typeof nonce === "string" && NONCE_DIGITS.test(nonce)) {
    const offMs = Math.abs(Number(nonce) - Date.now());
    if (offMs > nonceMaxAgeMs) {
      return refusal(401, "nonce-stale", `The ${NONCE_FIELD}, read as Unix time in milliseconds, is ${offMs > 86_400_000 ? "more than a day" : `${offMs} ms`} away from the server's clock: this server accepts nonces within ${nonceMaxAgeMs} ms of it.`);
    }
  }
  if (!nonces || typeof nonce !== "string") return verified(apiKey, key, fields);
  try {
    const checked = nonces.checkAndRecord(apiKey, nonce);
    return isPromise(checked) ? Promise.resolve(checked).then((result) => verified(apiKey, key, fields, result), nonceFailed) : verified(apiKey, key, fields, checked);
  } catch (error) {
    return nonceFailed(error);
  }
}
