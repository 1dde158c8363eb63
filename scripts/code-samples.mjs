// x-codeSamples for every operation of the bundled document, generated from the document itself:
// each sample sends the operation's first documented example and prints the JSON answer, reading
// TXC_API_KEY, TXC_API_SECRET and TXC_BASE_URL (default: the local sandbox) from the environment.
// Given `demo` credentials (the page the sandbox serves), the samples carry those instead, marked
// as the sandbox's, so that a sample copied from that page runs as it is.
// Redoc shows them as tabs beside the operation; npm test runs every one against the sandbox.

import { NONCE_MARK, shellQuote, signedShellSnippet } from "../src/signing/shell.js";
import { isSandboxServer, isSigned, nodeHash, operationsOf, requestExamples, signingFacts } from "./document-refs.mjs";

const pythonString = (text) => JSON.stringify(text); // a JSON string literal is a Python one too

/** A JSON value as a Python literal. */
function pythonLiteral(value) {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(", ")}]`;
  if (typeof value === "object") return `{${Object.entries(value).map(([key, item]) => `${pythonString(key)}: ${pythonLiteral(item)}`).join(", ")}}`;
  return JSON.stringify(value);
}

/** The first documented example of the request body, without the fields the signer sets. */
const firstExampleFields = (operation, document) => requestExamples(document, operation)[0]?.fields ?? {};

const DEMO_NOTE = "the sandbox's demo credentials: use your own key and secret anywhere else";

function curlSample(method, path, fields, signing, { demo, sandbox }) {
  const url = `"\${TXC_BASE_URL:-${sandbox}}${path}"`;
  if (!signing) return [`curl -sS -X ${method.toUpperCase()} ${url}`, "echo"].join("\n");
  const body = JSON.stringify({ [signing.bodyFields.path]: path, [signing.bodyFields.nonce]: NONCE_MARK, ...fields });
  return [
    "# bash, curl, openssl and base64. The nonce is Unix time in ms (GNU date; gdate on macOS).",
    ...(demo ? [`# ${DEMO_NOTE}`, `TXC_API_KEY=${shellQuote(demo.key)}`, `TXC_API_SECRET=${shellQuote(demo.secret)}`] : []),
    signedShellSnippet({
      method: method.toUpperCase(), url, body, headerNames: signing.headers, hmac: signing.hmac, apiKey: "$TXC_API_KEY", apiSecret: '"$TXC_API_SECRET"',
    }),
    "echo",
  ].join("\n");
}

function typeScriptSample(operationId, fields, signed, { demo, sandbox }) {
  const args = Object.keys(fields).length ? JSON.stringify(fields, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, "$1:") : "";
  return [
    `import { createClient } from "txc-api";`,
    "",
    "const client = createClient({",
    `  baseUrl: process.env.TXC_BASE_URL ?? ${JSON.stringify(sandbox)},`,
    ...(!signed ? [] : demo
      ? [`  // ${DEMO_NOTE}`, `  apiKey: ${JSON.stringify(demo.key)},`, `  apiSecret: ${JSON.stringify(demo.secret)},`]
      : ["  apiKey: process.env.TXC_API_KEY!,", "  apiSecret: process.env.TXC_API_SECRET!,"]),
    "});",
    "",
    `const answer = await client.${operationId}(${args});`,
    "console.log(JSON.stringify(answer));",
  ].join("\n");
}

function pythonSample(method, path, fields, signing, { demo, sandbox }) {
  const signed = Boolean(signing);
  const head = [
    "# Python 3, standard library only.",
    `import ${signed ? "base64, hashlib, hmac, json, os, sys, time" : "json, os, sys"}, urllib.error, urllib.request`,
    "",
    `base_url = os.environ.get("TXC_BASE_URL", ${pythonString(sandbox)})`,
    `path = ${pythonString(path)}`,
    ...(signed && demo ? [`# ${DEMO_NOTE}`, `api_key, api_secret = ${pythonString(demo.key)}, ${pythonString(demo.secret)}`] : []),
    ...(signed && !demo ? [`api_key, api_secret = os.environ["TXC_API_KEY"], os.environ["TXC_API_SECRET"]`] : []),
  ];
  const request = signed
    ? [
        `fields = ${pythonLiteral(fields)}`,
        // The rule of src/signing/body.ts: the path and the nonce first, over any field of those names.
        "# The signer sets the path called and the nonce, first, over any field of those names.",
        `signed = {${pythonString(signing.bodyFields.path)}: path, ${pythonString(signing.bodyFields.nonce)}: str(time.time_ns() // 1_000_000)}`,
        `body = json.dumps({**signed, **{name: value for name, value in fields.items() if name not in signed}}, separators=(",", ":")).encode()`,
        "payload = base64.b64encode(body).decode()",
        `signature = hmac.new(api_secret.encode(), payload.encode(), hashlib.${nodeHash(signing.hmac)}).hexdigest()`,
        "headers = {",
        `    "Content-Type": "application/json",`,
        `    ${pythonString(signing.headers.apiKey)}: api_key,`,
        `    ${pythonString(signing.headers.payload)}: payload,`,
        `    ${pythonString(signing.headers.signature)}: signature,`,
        "}",
        `request = urllib.request.Request(base_url + path, data=body, headers=headers, method=${pythonString(method.toUpperCase())})`,
      ]
    : [`request = urllib.request.Request(base_url + path, method=${pythonString(method.toUpperCase())})`];
  return [
    ...head,
    ...request,
    "try:",
    "    with urllib.request.urlopen(request) as response:",
    "        print(json.dumps(json.load(response)))",
    "except urllib.error.HTTPError as error:",
    "    print(error.read().decode(), file=sys.stderr)",
    "    sys.exit(1)",
  ].join("\n");
}

/**
 * Adds x-codeSamples (curl, TypeScript, Python) to every operation of `document`, in place; with
 * `demo` ({ key, secret }), samples that carry those credentials instead of reading them.
 */
export function addCodeSamples(document, demo) {
  const facts = signingFacts(document);
  // The default base URL of every sample: the local sandbox.
  const context = { demo, sandbox: document.servers.find(isSandboxServer).url };
  for (const { name: path, method, operation } of operationsOf(document)) {
    const signing = isSigned(document, operation) ? facts : null;
    const fields = firstExampleFields(operation, document);
    operation["x-codeSamples"] = [
      { lang: "Shell", label: "curl", source: curlSample(method, path, fields, signing, context) },
      { lang: "TypeScript", label: "TypeScript", source: typeScriptSample(operation.operationId, fields, Boolean(signing), context) },
      { lang: "Python", label: "Python", source: pythonSample(method, path, fields, signing, context) },
    ];
  }
  return document;
}
