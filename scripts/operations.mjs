// <out>/openapi.json -> <out>/operations.js + operations.d.ts: the small index of the HTTP
// operations that the client, sandbox and contract tester read (path, method, auth, limits,
// paging bounds), so that none of them types a path, bound or limit by hand.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isSigned, JSON_MEDIA, operationsOf, resolve, signingFacts } from "./document-refs.mjs";
import { isMain, outDirFromArgs } from "./project.mjs";

const HEADER = "// Generated from openapi/ by scripts/operations.mjs. Do not edit: run `npm run generate`.";

/**
 * How a paged operation pages (`x-paging`): the request fields that skip records and bound a page,
 * the answer's list, and the bounds the document gives them; null for an operation that is not
 * paged. A name that is not a field of the request or the answer stops the build.
 */
function pagination(document, operation) {
  const paging = operation["x-paging"];
  if (!paging) return null;
  const body = resolve(document, operation.requestBody?.content?.[JSON_MEDIA]?.schema)?.properties ?? {};
  const ok = resolve(document, resolve(document, operation.responses?.["200"])?.content?.[JSON_MEDIA]?.schema)?.properties ?? {};
  for (const [role, field, fields] of [["offset", paging.offset, body], ["limit", paging.limit, body], ["records", paging.records, ok]]) {
    if (!fields[field]) throw new Error(`${operation.operationId}: x-paging.${role} names ${JSON.stringify(field)}, which is not a field of its ${role === "records" ? "200 answer" : "request"}`);
  }
  const limit = resolve(document, body[paging.limit]);
  const offset = resolve(document, body[paging.offset]);
  return {
    offsetField: paging.offset,
    limitField: paging.limit,
    recordsField: paging.records,
    limitDefault: limit.default ?? null,
    limitMaximum: limit.maximum ?? null,
    offsetMaximum: offset.maximum ?? null,
  };
}

/** The request body's top-level fields, the signing fields included; empty for an operation without a body. */
function requestFields(document, operation) {
  return Object.keys(resolve(document, operation.requestBody?.content?.[JSON_MEDIA]?.schema)?.properties ?? {});
}

/** Defaults the document gives to top-level request fields, such as limit 100 or enabled false. */
function requestDefaults(document, operation) {
  const body = resolve(document, operation.requestBody?.content?.[JSON_MEDIA]?.schema);
  const defaults = {};
  for (const [name, property] of Object.entries(body?.properties ?? {})) {
    const schema = resolve(document, property);
    if (schema.default !== undefined) defaults[name] = schema.default;
  }
  return defaults;
}

/**
 * What the 200 answer must agree with in its request (`x-tied-to-request`): a field equal to a
 * request field (or its default), a list no longer than a request field, only the key asked for.
 */
const tiedToRequest = (document, operation) => resolve(document, operation.responses?.["200"])?.["x-tied-to-request"] ?? [];

/**
 * The request fields whose value the operation accepts once (`x-once-per`): a redeemed code is
 * spent. A name that is not a field of the request stops the build.
 */
function oncePer(document, operation) {
  const fields = operation["x-once-per"] ?? [];
  const known = requestFields(document, operation);
  for (const field of fields) if (!known.includes(field)) throw new Error(`${operation.operationId}: x-once-per names ${JSON.stringify(field)}, which is not a field of its request`);
  return fields;
}

/** What a public (unsigned) operation answers, as its first 200 example gives it (the ping's ["pong"]); null for a signed one. */
function publicAnswer(document, operation) {
  if (isSigned(document, operation)) return null;
  const examples = resolve(document, operation.responses?.["200"])?.content?.[JSON_MEDIA]?.examples ?? {};
  const [first] = Object.values(examples);
  return first === undefined ? null : resolve(document, first).value ?? null;
}

/**
 * What the document's error examples show of each error format: the private error's `code` by
 * status (0 for validation; the status itself in the illustrative ones), and the public error's
 * fields besides its message. Two examples that disagree on a status's code stop the build.
 */
export function errorFormats(document) {
  const privateCodes = {};
  let publicFields = null;
  for (const { operation } of operationsOf(document)) {
    const signed = isSigned(document, operation);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!/^[45]\d\d$/.test(status)) continue;
      for (const example of Object.values(resolve(document, response)?.content?.[JSON_MEDIA]?.examples ?? {})) {
        const { message: _message, errors: _errors, ...fields } = resolve(document, example).value;
        if (!signed) publicFields ??= fields;
        else if (privateCodes[status] !== undefined && privateCodes[status] !== fields.code) {
          throw new Error(`${operation.operationId}: its ${status} example has code ${fields.code}, another ${status} example has ${privateCodes[status]}`);
        } else privateCodes[status] = fields.code;
      }
    }
  }
  return { privateCodes, publicFields };
}

export function operationIndex(document) {
  const index = {};
  for (const { name, method, operation } of operationsOf(document)) {
    index[operation.operationId] = {
      method: method.toUpperCase(),
      path: name,
      signed: isSigned(document, operation),
      stateChanging: operation["x-state-changing"] === true,
      businessPartnerOnly: operation["x-business-partner-only"] === true,
      rateLimits: operation["x-rate-limits"]?.limits ?? [],
      pagination: pagination(document, operation),
      requestFields: requestFields(document, operation),
      requestDefaults: requestDefaults(document, operation),
      tiedToRequest: tiedToRequest(document, operation),
      oncePer: oncePer(document, operation),
      publicAnswer: publicAnswer(document, operation),
    };
  }
  return index;
}

export function serverList(document) {
  return document.servers.map(({ url, description, variables }) => ({
    url,
    description,
    variables: Object.fromEntries(Object.entries(variables ?? {}).map(([name, v]) => [name, { default: v.default }])),
  }));
}

/** The directory part shared by every path given, ending in "/": "/api/v4/" for the whole API. */
function sharedDirectory(paths) {
  const directories = paths.map((apiPath) => apiPath.slice(0, apiPath.lastIndexOf("/") + 1));
  let shared = directories[0] ?? "/";
  for (const directory of directories) while (!directory.startsWith(shared)) shared = shared.slice(0, shared.slice(0, -1).lastIndexOf("/") + 1);
  return shared;
}

/**
 * Where the API's paths live. Whether a path is public is each operation's own security
 * requirement (src/server/public-paths.ts), never a shared directory: one unsigned operation
 * outside /api/v4/public/ would make that directory "/".
 */
export function pathPrefixes(document) {
  return { api: sharedDirectory([...operationsOf(document)].map(({ name }) => name)) };
}

/** The module's exports, each a JSON value with the comment that says what it is. */
function exportsOf(document) {
  const operations = operationIndex(document);
  return [
    ["operationIndex", "The HTTP operations of the document by operationId.", operations],
    ["operationIds", "The operationIds of the HTTP operations, in the document's order.", Object.keys(operations)],
    ["servers", "The servers of the document.", serverList(document)],
    ["signing", "How a private request is signed: the header names, the body fields the signer sets, the HMAC's hash and the encodings (x-txc-signing).", signingFacts(document)],
    ["pathPrefixes", "Where the API's paths live (the directory all its operations share).", pathPrefixes(document)],
    ["errorFormats", "What the error examples show: the private error's code by status, the public error's fields besides its message.", errorFormats(document)],
    ["webhookEvents", "The event name of each webhook, by operationId.", Object.fromEntries([...operationsOf(document, "webhooks")].map(({ name, operation }) => [operation.operationId, name]))],
  ];
}

export function generateOperations(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const entries = exportsOf(document).map(([name, comment, value]) => [name, comment, JSON.stringify(value, null, 2)]);
  const module = (declare) => entries.map(([name, comment, json]) => `/** ${comment} */\n${declare(name, json)}\n`).join("\n");
  writeFileSync(path.join(outDir, "operations.js"), `${HEADER}\n${module((name, json) => `export const ${name} = ${json};`)}`);
  // A JSON value is also a valid TypeScript type: the declarations keep every literal.
  writeFileSync(
    path.join(outDir, "operations.d.ts"),
    `${HEADER}\n${module((name, json) => `export declare const ${name}: ${json};`)}\n` +
      "/** The operationIds of the HTTP operations (the webhooks are not among them). */\nexport type OperationId = keyof typeof operationIndex;\n",
  );
}

if (isMain(import.meta.url)) generateOperations(outDirFromArgs());
