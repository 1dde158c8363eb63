// <out>/openapi.json -> <out>/dataset.js + .d.ts: the sandbox's dataset (`txc-api serve --data
// FILE`), from one schema: its TypeScript types (openapi-typescript's schema transform) and its
// check (ajv, compiled ahead of time like the operations' validators, so that the sandbox needs no
// ajv at run time). A dataset is the sandbox's own shape, built from the document's schemas.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { astToString, transformSchemaObject } from "openapi-typescript";
import ts from "typescript";
import { isMain, outDirFromArgs } from "./project.mjs";
import { DOCUMENT_ID, documentAjv, withoutAnnotations } from "./validators/ajv.mjs";
import { validatorCode } from "./validators/standalone.mjs";

const component = (name) => ({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` });
const list = (items) => ({ type: "array", items });
const text = { type: "string", minLength: 1 };
const record = (description, properties, optional = []) => ({
  description,
  type: "object",
  additionalProperties: false,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});

/** The dataset's parts that have a name of their own in TypeScript, in the order they are declared. */
const ApiKey = record("A key of an account and its secret.", { key: text, secret: text });
const Deposit = record("A deposit of an account: a canceled one can be refunded.", { transactionId: component("Uuid"), ticker: component("Ticker"), amount: component("Decimal"), status: { type: "string", enum: ["canceled", "completed"] } });
const FlexPlan = record("A flexible plan the account holds.", { id: component("Uuid"), ticker: component("Ticker"), autoReinvest: { type: "boolean" } });
const MiningAccount = { description: "A mining account of the account, by its name, and where it pays out.", type: "object", allOf: [component("MiningPayoutDestination"), { type: "object", required: ["accountName"], properties: { accountName: text } }] };
const Account = record("An account, its keys and everything it holds.", {
  id: text,
  businessPartner: { type: "boolean" },
  apiKeys: list(ApiKey),
  balances: { type: "object", additionalProperties: component("Decimal") },
  deposits: list(Deposit),
  investments: list(component("Investment")),
  interestPayments: list(component("InterestPayment")),
  flexPlans: list(FlexPlan),
  miningAccounts: list(MiningAccount),
  fundingRecords: list(component("FundingRecord")),
  subAccountApiKeys: list(text),
});
const Code = record("A code that can be redeemed once, with its passphrase when it has one.", { code: text, passphrase: { type: "string" }, ticker: component("Ticker"), amount: component("Decimal") }, ["passphrase"]);
const Dataset = record("Everything the sandbox serves. `--data FILE` replaces it with a JSON file of this shape.", {
  currencies: list(component("Ticker")),
  serviceAddresses: { ...list({ type: "string" }), description: "Addresses that belong to the service itself: a refund to one of them is refused." },
  codes: list(Code),
  accounts: list(Account),
});

const namedParts = { ApiKey, Deposit, FlexPlan, MiningAccount, Account, Code, Dataset };

const GENERATED = "// Generated from openapi/ by scripts/dataset.mjs. Do not edit: run `npm run generate`.";

/** The TypeScript declarations of the named parts: the document's schemas as `components`, a named part by its name. */
function datasetTypes() {
  const ctx = typeContext();
  const declarations = Object.entries(namedParts).map(([name, schema]) => {
    const type = transformSchemaObject(forTypes(schema, true), { path: `#/dataset/${name}`, ctx });
    const alias = ts.factory.createTypeAliasDeclaration([ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)], name, undefined, type);
    return `${schema.description ? `/** ${schema.description} */\n` : ""}${astToString(alias)}`;
  });
  return declarations.join("\n");
}

const PART_NAME = "x-dataset-part";
const partNames = new Map(Object.entries(namedParts).map(([name, schema]) => [schema, name]));

/**
 * The schema as openapi-typescript reads it: the document's `$ref`s as it names them, and each
 * named part inside it (not the part being declared) a placeholder that `typeContext` names.
 */
function forTypes(schema, declared = false) {
  if (!declared && partNames.has(schema)) return { type: "object", [PART_NAME]: partNames.get(schema) };
  if (Array.isArray(schema)) return schema.map((item) => forTypes(item));
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === "$ref" ? value.replace(`${DOCUMENT_ID}#/components/`, "#/components/") : forTypes(value)]));
}

/** openapi-typescript's options, as scripts/types.mjs uses them, and a placeholder read as the part's name. */
function typeContext() {
  return {
    additionalProperties: false, alphabetize: false, arrayLength: false, defaultNonNullable: false, discriminators: { objects: {}, refsHandled: [] },
    emptyObjectsUnknown: false, enum: false, enumValues: false, dedupeEnums: false, excludeDeprecated: false, exportType: false, immutable: false,
    injectFooter: [], pathParamsAsTypes: false, propertiesRequiredByDefault: false, silent: true, makePathsEnum: false, generatePathParams: false,
    rootTypes: false, rootTypesNoSchemaPrefix: false, resolve: () => undefined,
    transform: (part) => (part[PART_NAME] ? ts.factory.createTypeReferenceNode(part[PART_NAME]) : undefined),
  };
}

export function generateDataset(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const ajv = documentAjv(withoutAnnotations(document));
  ajv.addSchema(Dataset, "dataset");
  const code = validatorCode(ajv, { validateDataset: "dataset" });
  writeFileSync(path.join(outDir, "dataset.js"), `${GENERATED}\n${code}\n`);
  writeFileSync(path.join(outDir, "dataset.d.ts"), [
    GENERATED,
    'import type { components } from "./schema.js";',
    'import type { ValidateFunction } from "./validator-types.js";',
    "",
    datasetTypes(),
    "/** Whether a value is a sandbox dataset of the right shape (`Dataset`). */",
    "export declare const validateDataset: ValidateFunction;",
    "",
  ].join("\n"));
}

if (isMain(import.meta.url)) generateDataset(outDirFromArgs());
