// <out>/openapi.json -> <out>/bruno/: the API as a Bruno collection (.bru files, the format teams
// keep in git), run by `bru run`. One request per operation with its first documented example; a
// collection-level pre-request script that signs as the package does (the body rule and header
// names from the document's security schemes, HMAC-SHA512 over the base64 body with the crypto-js
// Bruno's sandbox provides); tests per request holding the answer to 200 and the 200's schema. The
// key and secret come from the environment of the run (TXC_API_KEY, TXC_API_SECRET): never a file.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { JSON_MEDIA, isSandboxServer, isSigned, operationsOf, requestExamples, resolve, signingFacts } from "./document-refs.mjs";
import { indented, signedPathsOf, signingLines, testedSchema } from "./collection-signing.mjs";
import { isMain, outDirFromArgs } from "./project.mjs";

/** A block of a .bru file: its name, and its text indented under it. */
const block = (name, text) => `${name} {\n${indented(text)}\n}\n`;

/** The collection's pre-request script: as the Postman collection's, in Bruno's API. */
function signingScript(facts, { signed, prefix }) {
  const { headers, hmac } = facts;
  return `// Signs each signed request as txc-api does: ${hmac} HMAC of base64(body) with the secret, hex.
const CryptoJS = require("crypto-js");
const SIGNED = ${JSON.stringify(signed)};
const full = req.getUrl().replace(/^[a-z]+:\\/\\/[^/]+/i, "").split("?")[0];
const path = full.slice(full.indexOf(${JSON.stringify(prefix)}));
if (SIGNED.includes(path)) {
  const apiKey = bru.getProcessEnv("TXC_API_KEY");
  const apiSecret = bru.getProcessEnv("TXC_API_SECRET");
  if (!apiKey || !apiSecret) throw new Error("set TXC_API_KEY and TXC_API_SECRET in the environment of the run (the secret is never stored in the collection)");
  const given = req.getBody();
  const fields = typeof given === "string" ? JSON.parse(given || "{}") : (given || {});
  const lastNonce = Number(bru.getVar("lastNonce") || 0);
${indented(signingLines(facts))}
  bru.setVar("lastNonce", String(nonce));
  req.setBody(text);
  req.setHeader("Content-Type", "application/json");
  req.setHeader(${JSON.stringify(headers.apiKey)}, apiKey);
  req.setHeader(${JSON.stringify(headers.payload)}, payload);
  req.setHeader(${JSON.stringify(headers.signature)}, signature);
}`;
}

function testScript(schema) {
  return `const answer = res.getBody();
const reason = answer && typeof answer === "object" ? answer.message : undefined;
test("answers 200, as the document says for this example", function () {
  expect(res.getStatus(), "the API said: " + (reason || res.getStatus())).to.equal(200);
});
test("the answer is valid for the document's 200 schema", function () {
  expect(answer).to.have.jsonSchema(${JSON.stringify(schema)});
});`;
}

/** One request's .bru file. */
function requestFile(document, { name, method, operation }, seq) {
  const [example] = requestExamples(document, operation);
  const schema = operation.responses?.["200"] && resolve(document, operation.responses["200"]).content?.[JSON_MEDIA]?.schema;
  const signed = isSigned(document, operation);
  return [
    block("meta", `name: ${operation.operationId}\ntype: http\nseq: ${seq}`),
    block(method, `url: {{baseUrl}}${name}\nbody: ${signed ? "json" : "none"}\nauth: none`),
    ...(signed ? [block("body:json", JSON.stringify(example?.fields ?? {}, null, 2))] : []),
    block("tests", testScript(schema ? testedSchema(document, schema) : {})),
    block("docs", [operation.summary, operation.description].filter(Boolean).join("\n\n")),
  ].join("\n");
}

export function brunoCollection(document) {
  const operations = [...operationsOf(document)];
  return {
    "bruno.json": `${JSON.stringify({ version: "1", name: `${document.info.title} ${document.info.version}`, type: "collection", ignore: ["node_modules", ".git"] }, null, 2)}\n`,
    "collection.bru": block("script:pre-request", signingScript(signingFacts(document), signedPathsOf(document))),
    "environments/sandbox.bru": block("vars", `baseUrl: ${document.servers.find(isSandboxServer)?.url ?? ""}`),
    ...Object.fromEntries(operations.map((entry, i) => [`${entry.operation.operationId}.bru`, requestFile(document, entry, i + 1)])),
  };
}

export function generateBruno(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const folder = path.join(outDir, "bruno");
  rmSync(folder, { recursive: true, force: true });
  for (const [file, text] of Object.entries(brunoCollection(document))) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
}

if (isMain(import.meta.url)) generateBruno(outDirFromArgs());
