import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

export const API_KEY_HEADER = "X-TXC-APIKEY";
export const PAYLOAD_HEADER = "X-TXC-PAYLOAD";
export const SIGNATURE_HEADER = "X-TXC-SIGNATURE";
/** The body fields the signer sets on every private request: the path called and the nonce. */
export const SIGNING_FIELDS: ReadonlySet<string> = new Set(["request", "nonce"]);

/** The three headers of a signed request. */
export const authHeaderNames = [API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER] as const;

export type SignedHeaders = {
  "Content-Type": "application/json";
  [API_KEY_HEADER]: string;
  [PAYLOAD_HEADER]: string;
  [SIGNATURE_HEADER]: string;
};

/**
 * The API key with its secret held as a KeyObject: the secret string is not kept anywhere, and
 * neither `util.inspect` nor JSON of this object can show it.
 */
export type Credentials = { readonly apiKey: string; readonly secretKey: KeyObject };

export function credentials(apiKey: string, apiSecret: string): Credentials {
  if (typeof apiKey !== "string" || apiKey === "") throw new TypeError("apiKey is required: the public API key (a non-empty string)");
  if (typeof apiSecret !== "string" || apiSecret === "") throw new TypeError("apiSecret is required: the API secret (a non-empty string)");
  return Object.freeze({ apiKey, secretKey: createSecretKey(Buffer.from(apiSecret, "utf8")) });
}

/** hex(HMAC-SHA512(payload, secret)) of payload = base64(the exact body text that is sent). */
export function signBodyText(body: string, { apiKey, secretKey }: Credentials): SignedHeaders {
  const payload = Buffer.from(body, "utf8").toString("base64");
  return {
    "Content-Type": "application/json",
    [API_KEY_HEADER]: apiKey,
    [PAYLOAD_HEADER]: payload,
    [SIGNATURE_HEADER]: createHmac("sha512", secretKey).update(payload).digest("hex"),
  };
}

/** The body text of a private request: `request` (the path) and `nonce` first, then the fields. */
export function bodyText(path: string, nonce: string, fields: object = {}): string {
  const { request: _request, nonce: _nonce, ...rest } = fields as Record<string, unknown>;
  return JSON.stringify({ request: path, nonce, ...rest });
}

export type SignRequestInput = {
  path: string;
  body?: object;
  apiKey: string;
  apiSecret: string;
  nonce: string | number;
};

/**
 * Signs a request for any HTTP client: returns the exact body text to send and the headers
 * (Content-Type and the three X-TXC headers). Send the body byte for byte as returned.
 */
export function signRequest({ path, body, apiKey, apiSecret, nonce }: SignRequestInput): { body: string; headers: SignedHeaders } {
  const text = bodyText(path, String(nonce), body);
  return { body: text, headers: signBodyText(text, credentials(apiKey, apiSecret)) };
}
