// The one signed-shell renderer (docs samples, tester reproductions, txc-api sign), run by bash
// with a stand-in curl that prints what it was given.
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER } from "../../src/signing/sign.js";
import { signing } from "../../generated/operations.js";
import { bodyText } from "../../src/signing/body.js";
import { NONCE_MARK, shellQuote, signedShellSnippet } from "../../src/signing/shell.js";

const headerNames = { apiKey: API_KEY_HEADER, payload: PAYLOAD_HEADER, signature: SIGNATURE_HEADER };
const env = { PATH: process.env.PATH ?? "", TXC_API_KEY: "key-1", TXC_API_SECRET: "secret-1" };
/** Runs a snippet with curl replaced by a function that prints its arguments, NUL-separated, one call a line. */
const curlArguments = (snippet: string) =>
  execFileSync("bash", ["-c", `curl() { printf '%s\\0' "$@"; printf '\\n'; }\n${snippet}`], { encoding: "utf8", env })
    .split("\n").filter(Boolean).map((line) => line.split("\0").filter(Boolean));

describe("shellQuote", () => {
  it.each(["plain", "it's", `"$HOME" \`id\` \\n`, "line\nbreak", ""])("gives bash back %j exactly", (text) => {
    expect(execFileSync("bash", ["-c", `printf %s ${shellQuote(text)}`], { encoding: "utf8" })).toBe(text);
  });
});

describe("signedShellSnippet", () => {
  const path = "/api/v4/main-account/balance";
  const request = { method: "POST", url: shellQuote(`http://127.0.0.1:1${path}`), body: bodyText(path, NONCE_MARK, { ticker: "O'Neil $X" }), headerNames, hmac: signing.hmac, apiKey: "$TXC_API_KEY", apiSecret: '"$TXC_API_SECRET"' };

  it("signs the body afresh with a new nonce: the payload is its base64 and the signature the HMAC of that", () => {
    const [args] = curlArguments(signedShellSnippet(request));
    const header = (name: string) => args!.find((arg) => arg.startsWith(`${name}: `))!.slice(name.length + 2);
    const body = args![args!.indexOf("--data-raw") + 1]!;
    expect(JSON.parse(body)).toEqual({ request: path, nonce: expect.stringMatching(/^\d{13}$/), ticker: "O'Neil $X" });
    expect(header(API_KEY_HEADER)).toBe("key-1");
    expect(header(PAYLOAD_HEADER)).toBe(Buffer.from(body).toString("base64"));
    expect(header(SIGNATURE_HEADER)).toBe(createHmac("sha512", "secret-1").update(header(PAYLOAD_HEADER)).digest("hex"));
    expect(signedShellSnippet(request)).not.toContain("secret-1");
  });

  it("leaves a header out, sends a body other than the one signed, or sends twice, as a case asks", () => {
    expect(curlArguments(signedShellSnippet({ ...request, omitHeader: SIGNATURE_HEADER }))[0]!.some((a) => a.startsWith(SIGNATURE_HEADER))).toBe(false);
    const [other] = curlArguments(signedShellSnippet({ ...request, sentSuffix: " " }));
    expect(other![other!.indexOf("--data-raw") + 1]).toMatch(/\} $/);
    expect(curlArguments(signedShellSnippet({ ...request, sendTwice: true }))).toHaveLength(2);
  });

  it("refuses a body without the nonce mark", () => {
    expect(() => signedShellSnippet({ ...request, body: "{}" })).toThrow(/NONCE_MARK/);
  });
});
