// The signing headers as logs and hooks may show them: the payload and the signature as their
// length only (the payload is the body; the signature is a credential of the request).
import { PAYLOAD_HEADER, SIGNATURE_HEADER } from "./sign.js";

const HIDDEN = new Set([PAYLOAD_HEADER.toLowerCase(), SIGNATURE_HEADER.toLowerCase()]);

/** The headers as hooks see them: the payload and the signature as their length only. */
export function redactedHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name in headers) shown[name] = HIDDEN.has(name.toLowerCase()) ? `(${headers[name].length} characters)` : headers[name];
  return shown;
}
