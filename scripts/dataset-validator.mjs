// <out>/openapi.json -> <out>/dataset-validator.js + .d.ts: the check of a sandbox dataset
// (`txc-api serve --data FILE`), compiled ahead of time like the operations' validators, so that
// the sandbox needs no ajv at run time. A dataset is the sandbox's own shape, built from the
// document's schemas (tickers, decimals, investments, ...).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMain, outDirFromArgs } from "./project.mjs";
import { DOCUMENT_ID, documentAjv, withoutAnnotations } from "./validators/ajv.mjs";
import { validatorCode } from "./validators/standalone.mjs";

const component = (name) => ({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` });
const list = (items) => ({ type: "array", items });
const record = (properties, optional = []) => ({
  type: "object",
  additionalProperties: false,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});

export const datasetSchema = record({
  currencies: list(component("Ticker")),
  serviceAddresses: list({ type: "string" }),
  codes: list(record({ code: { type: "string", minLength: 1 }, passphrase: { type: "string" }, ticker: component("Ticker"), amount: component("Decimal") }, ["passphrase"])),
  accounts: list(record({
    id: { type: "string", minLength: 1 },
    businessPartner: { type: "boolean" },
    apiKeys: list(record({ key: { type: "string", minLength: 1 }, secret: { type: "string", minLength: 1 } })),
    balances: { type: "object", additionalProperties: component("Decimal") },
    deposits: list(record({ transactionId: component("Uuid"), ticker: component("Ticker"), amount: component("Decimal"), status: { enum: ["canceled", "completed"] } })),
    investments: list(component("Investment")),
    interestPayments: list(component("InterestPayment")),
    flexPlans: list(record({ id: component("Uuid"), ticker: component("Ticker"), autoReinvest: { type: "boolean" } })),
    miningAccounts: list({ allOf: [component("MiningPayoutDestination"), { type: "object", required: ["accountName"], properties: { accountName: { type: "string", minLength: 1 } } }] }),
    fundingRecords: list(component("FundingRecord")),
    subAccountApiKeys: list({ type: "string", minLength: 1 }),
  })),
});

const GENERATED = "// Generated from openapi/ by scripts/dataset-validator.mjs. Do not edit: run `npm run generate`.";

export function generateDatasetValidator(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const ajv = documentAjv(withoutAnnotations(document));
  ajv.addSchema(datasetSchema, "dataset");
  // Run once per `serve --data`: ajv's own checks, not the quicker ones.
  const code = validatorCode(ajv, { validateDataset: "dataset" }, { quick: false });
  writeFileSync(path.join(outDir, "dataset-validator.js"), `${GENERATED}\n${code}\n`);
  writeFileSync(path.join(outDir, "dataset-validator.d.ts"), [
    GENERATED,
    'import type { ValidateFunction } from "./validator-types.js";',
    "",
    "/** Whether a value is a sandbox dataset of the right shape (the sandbox's Dataset type). */",
    "export declare const validateDataset: ValidateFunction;",
    "",
  ].join("\n"));
}

if (isMain(import.meta.url)) generateDatasetValidator(outDirFromArgs());
