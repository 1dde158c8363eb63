import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { signing } from "../../generated/operations.js";
import { OptionsError } from "../errors/options.js";
import { bodyText } from "./body.js";

import { API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER } from "./headers.js";

export { API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER };

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
  if (typeof apiKey !== "string" || apiKey === "") throw new OptionsError("apiKey is required: the public API key (a non-empty string)");
  if (typeof apiSecret !== "string" || apiSecret === "") throw new OptionsError("apiSecret is required: the API secret (a non-empty string)");
  return Object.freeze({ apiKey, secretKey: createSecretKey(Buffer.from(apiSecret, "utf8")) });
}

/** The HMAC's hash, as the document states it (x-txc-signing: "SHA-512"), as node:crypto names it ("sha512"). */
const HMAC_HASH = signing.hmac.replace("-", "").toLowerCase();
/** The signing rule's one home: the document's HMAC of the payload (the body's base64) with the secret. */
const payloadHmac = (payload: string, secretKey: KeyObject) => createHmac(HMAC_HASH, secretKey).update(payload);
/** The signature as bytes, as a verifier compares it. */
export const payloadSignature = (payload: string, secretKey: KeyObject): Buffer => payloadHmac(payload, secretKey).digest();
/** The signature as the header carries it (hex), digested straight into text (no Buffer between). */
export const payloadSignatureHex = (payload: string, secretKey: KeyObject): string => payloadHmac(payload, secretKey).digest(signing.signatureEncoding);

/** The headers of a body given as its UTF-8 bytes: hex(HMAC-SHA512(payload, secret)) of payload = base64(the exact body that is sent). */
export function signBodyBytes(bytes: Buffer, { apiKey, secretKey }: Credentials): SignedHeaders {
  const payload = bytes.toString(signing.payloadEncoding);
  return {
    "Content-Type": "application/json",
    [API_KEY_HEADER]: apiKey,
    [PAYLOAD_HEADER]: payload,
    [SIGNATURE_HEADER]: payloadSignatureHex(payload, secretKey),
  };
}

/** The headers of a body text (encoded as UTF-8, as it is sent). */
export const signBodyText = (body: string, keys: Credentials): SignedHeaders => signBodyBytes(Buffer.from(body, "utf8"), keys);

/** An API key and its secret, as a caller gives them. */
export type ApiKeyPair = { apiKey: string; apiSecret: string };

export type SignRequestInput = {
  path: string;
  body?: object;
  apiKey: string;
  apiSecret: string;
  nonce: string | number;
};

/**
 * Signs a request for any HTTP client: returns the exact body text to send and the headers
 * (Content-Type and the three signing headers). Send the body byte for byte as returned.
 */
export function signRequest({ path, body, apiKey, apiSecret, nonce }: SignRequestInput): { body: string; headers: SignedHeaders } {
  const text = bodyText(path, String(nonce), body);
  return { body: text, headers: signBodyText(text, credentials(apiKey, apiSecret)) };
}
