// The published signing vectors (txc-api/signing-vectors.json, computed with node:crypto alone)
// against every signer of the package and the tools its samples and collections use: the
// client's, the kit's verification, the docs page's WebCrypto, crypto-js (what the Postman and
// Bruno collections sign with), Python's hmac (the Python sample) and openssl (the curl sample).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import CryptoJS from "crypto-js";
import { describe, expect, it } from "vitest";
import { credentials, signBodyText } from "../../src/signing/sign.js";
import { webPayloadOf, webPayloadSignatureHex } from "../../src/signing/web-signature.js";
import { verifySignedRequest } from "../../src/server-entry.js";
import { signing } from "../../generated/operations.js";
import { generatedDir } from "../helpers/project.js";

type Vector = { name: string; apiKey: string; secret: string; body: string; payload: string; signature: string };
const { vectors } = JSON.parse(readFileSync(path.join(generatedDir, "signing-vectors.json"), "utf8")) as { vectors: Vector[] };
const cases = vectors.map((vector) => [vector.name, vector] as const);

describe("the signing vectors", () => {
  it("cover non-ASCII bodies and secrets, and a large body", () => {
    expect(vectors.some((v) => /[^\x00-\x7f]/.test(v.body))).toBe(true);
    expect(vectors.some((v) => /[^\x00-\x7f]/.test(v.secret))).toBe(true);
    expect(Math.max(...vectors.map((v) => v.body.length))).toBeGreaterThan(8000);
  });

  it.each(cases)("the client signs %s as the vector says", (_name, vector) => {
    expect(signBodyText(vector.body, credentials(vector.apiKey, vector.secret))).toEqual({
      "Content-Type": "application/json", [signing.headers.apiKey]: vector.apiKey, [signing.headers.payload]: vector.payload, [signing.headers.signature]: vector.signature,
    });
  });

  it.each(cases)("the kit accepts %s, and refuses it under another secret", async (_name, vector) => {
    const headers = { "Content-Type": "application/json", [signing.headers.apiKey]: vector.apiKey, [signing.headers.payload]: vector.payload, [signing.headers.signature]: vector.signature };
    const path = JSON.parse(vector.body)[signing.bodyFields.path];
    expect(await verifySignedRequest({ path, headers, rawBody: Buffer.from(vector.body, "utf8") }, { keys: () => ({ secret: vector.secret }) })).toMatchObject({ ok: true });
    expect(await verifySignedRequest({ path, headers, rawBody: Buffer.from(vector.body, "utf8") }, { keys: () => ({ secret: `${vector.secret}x` }) })).toMatchObject({ ok: false, status: 401 });
  });

  it.each(cases)("the docs page's WebCrypto signing gives %s", async (_name, vector) => {
    expect(webPayloadOf(vector.body)).toBe(vector.payload);
    expect(await webPayloadSignatureHex(vector.payload, vector.secret)).toBe(vector.signature);
  });

  it.each(cases)("crypto-js, as the Postman and Bruno collections call it, gives %s", (_name, vector) => {
    expect(CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse(vector.body))).toBe(vector.payload);
    expect(CryptoJS.HmacSHA512(vector.payload, vector.secret).toString(CryptoJS.enc.Hex)).toBe(vector.signature);
  });

  it("Python's hmac, as the Python sample signs, gives every vector", () => {
    const script = [
      "import base64, hashlib, hmac, json, sys",
      "for v in json.load(sys.stdin)['vectors']:",
      "    payload = base64.b64encode(v['body'].encode('utf-8')).decode()",
      "    print(json.dumps([payload == v['payload'], hmac.new(v['secret'].encode('utf-8'), payload.encode(), hashlib.sha512).hexdigest() == v['signature']]))",
    ].join("\n");
    const lines = execFileSync("python3", ["-c", script], { input: readFileSync(path.join(generatedDir, "signing-vectors.json")), encoding: "utf8" }).trim().split("\n");
    expect(lines).toEqual(vectors.map(() => "[true, true]"));
  });

  it.each(cases)("openssl, as the curl sample signs, gives %s", (_name, vector) => {
    const script = 'printf %s "$BODY" | base64 -w0; echo; printf %s "$PAYLOAD" | openssl dgst -sha512 -hmac "$SECRET" | sed "s/^.*= //"';
    const [payload, signature] = execFileSync("bash", ["-c", script], { env: { ...process.env, BODY: vector.body, PAYLOAD: vector.payload, SECRET: vector.secret }, encoding: "utf8" }).trim().split("\n");
    expect(payload).toBe(vector.payload);
    expect(signature).toBe(vector.signature);
  });
});
