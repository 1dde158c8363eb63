// <out>/openapi.json -> <out>/signing-vectors.json: published test vectors of the signing rule, for
// anyone signing in another language or tool: a key, a secret, the exact body, and the payload
// (base64 of the body's UTF-8 bytes) and signature (hex HMAC-SHA512 of the payload with the
// secret) it must give, with the headers named as the document names them. Computed here with
// node:crypto alone, apart from the package's own signing, which the suite holds to them.
import { createHmac } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isSigned, nodeHash, operationsOf, signingFacts } from "./document-refs.mjs";
import { isMain, outDirFromArgs } from "./project.mjs";

/** Each vector's key, secret and body: a plain call, non-ASCII text in the body and in the secret, no fields, and a large body. */
const CASES = [
  { name: "a balance request", apiKey: "vector-key", secret: "vector-secret", fields: { ticker: "BTC" } },
  { name: "non-ASCII text in the body", apiKey: "vector-key", secret: "vector-secret", fields: { address: "Grüße ✓ 😀 адрес" } },
  { name: "a non-ASCII secret", apiKey: "vector-key", secret: "sëcret-ключ-✓", fields: { ticker: "ETH" } },
  { name: "no field but the signer's", apiKey: "vector-key", secret: "vector-secret", fields: {} },
  { name: "a large body (8 KiB of one field)", apiKey: "vector-key", secret: "vector-secret", fields: { address: "x".repeat(8 * 1024) } },
];

export function signingVectors(document) {
  const { headers, bodyFields, hmac } = signingFacts(document);
  // The document's first signed operation: the vectors' bodies call it.
  const called = [...operationsOf(document)].find(({ operation }) => isSigned(document, operation)).name;
  return {
    rule: `payload = base64(UTF-8 bytes of the exact body sent); signature = hex(HMAC-${hmac.replace("-", "")}(payload, secret)); sent as the headers ${headers.apiKey} (the key), ${headers.payload} (the payload) and ${headers.signature} (the signature); the body's ${bodyFields.path} is the path called and ${bodyFields.nonce} the nonce, both set by the signer`,
    vectors: CASES.map(({ name, apiKey, secret, fields }, i) => {
      const body = JSON.stringify({ [bodyFields.path]: called, [bodyFields.nonce]: String(1_700_000_000_000 + i), ...fields });
      const payload = Buffer.from(body, "utf8").toString("base64");
      const signature = createHmac(nodeHash(hmac), Buffer.from(secret, "utf8")).update(payload).digest("hex");
      return { name, apiKey, secret, body, payload, signature };
    }),
  };
}

export function generateSigningVectors(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  writeFileSync(path.join(outDir, "signing-vectors.json"), `${JSON.stringify(signingVectors(document), null, 2)}\n`);
}

if (isMain(import.meta.url)) generateSigningVectors(outDirFromArgs());
