import type { SignedHeaders } from "./sign.js";
import { curlCommand, shellQuote } from "./shell.js";

/** A curl command that sends a request already signed, byte for byte. It holds no secret. */
export function signedCurlCommand(url: string, signed: { body: string; headers: SignedHeaders }): string {
  const headers = Object.entries(signed.headers).map(([name, value]) => shellQuote(`${name}: ${value}`));
  return curlCommand("POST", `"${url}"`, headers, shellQuote(signed.body));
}
