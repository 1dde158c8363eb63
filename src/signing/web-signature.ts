// The signature in a browser (the docs page's panels): the rule of sign.ts's payloadSignature,
// the document's HMAC (x-txc-signing) of the payload with the secret, hex, through WebCrypto.
import { signing } from "../../generated/operations.js";

/** The payload of a body text: base64 of its UTF-8 bytes. */
export const webPayloadOf = (text: string): string => btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(""));

/** hex(HMAC-SHA512(payload, secret)), as the signature header carries it. */
export async function webPayloadSignatureHex(payload: string, secretText: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(secretText), { name: "HMAC", hash: signing.hmac }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(payload));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
