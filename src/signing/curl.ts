import type { SignedHeaders } from "./sign.js";

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A curl command that sends a signed request byte for byte. It holds no secret. */
export function curlCommand(url: string, signed: { body: string; headers: SignedHeaders }): string {
  return [
    `curl -sS -X POST "${url}"`,
    ...Object.entries(signed.headers).map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    `  --data-raw ${shellQuote(signed.body)}`,
  ].join(" \\\n");
}
