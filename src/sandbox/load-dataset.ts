import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { validationIssues } from "../validation/issues.js";
import type { Dataset } from "./dataset.js";

const require = createRequire(import.meta.url);

/** A --data file that cannot be used; the message names the file and the bad entry. */
export class DatasetError extends Error {
  override name = "DatasetError";
}

const component = (name: string) => ({ $ref: `openapi.json#/components/schemas/${name}` });
const list = (items: object) => ({ type: "array", items });
const record = (properties: Record<string, object>, optional: string[] = []) => ({
  type: "object",
  additionalProperties: false,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});

const datasetSchema = record({
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
    miningAccounts: list({ allOf: [component("MiningPayoutDestination"), { required: ["accountName"], properties: { accountName: { type: "string", minLength: 1 } } }] }),
    fundingRecords: list(component("FundingRecord")),
    subAccountApiKeys: list({ type: "string", minLength: 1 }),
  })),
});

let compiled: ValidateFunction | undefined;
function datasetValidator(): ValidateFunction {
  if (compiled) return compiled;
  const Ajv2020 = require("ajv/dist/2020").default;
  const addFormats = require("ajv-formats").default;
  const document = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
  // Not strict: the schema reuses the document's components, whose OpenAPI keywords (x-enum-*)
  // strict mode refuses. Every shape is still checked in full.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv, ["uuid"]);
  ajv.addSchema(document, "openapi.json");
  compiled = ajv.compile(datasetSchema) as ValidateFunction;
  return compiled;
}

function duplicates(values: [where: string, value: string][]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const [where, value] of values) {
    const first = seen.get(value);
    if (first) problems.push(`${where} "${value}" repeats ${first}`);
    else seen.set(value, where);
  }
  return problems;
}

/** Where a number too large for a double sits (JSON.parse reads `1e309` as Infinity), or undefined. */
function nonFiniteNumber(value: unknown, where: string): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : where;
  if (!value || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteNumber(item, Array.isArray(value) ? `${where}[${key}]` : where ? `${where}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Checks a dataset, throwing a DatasetError that names every bad entry. */
export function checkDataset(data: unknown, source: string): Dataset {
  const outOfRange = nonFiniteNumber(data, "");
  if (outOfRange !== undefined) throw new DatasetError(`${source}: ${outOfRange || "the dataset"} is a number beyond the range of a double`);
  const validate = datasetValidator();
  if (!validate(data)) {
    const issues = validationIssues(validate.errors).slice(0, 10).map((issue) => issue.message);
    throw new DatasetError(`${source}: ${issues.join("; ")}`);
  }
  const dataset = data as Dataset;
  const problems = [
    ...duplicates(dataset.accounts.flatMap((a, i) => a.apiKeys.map((k, j): [string, string] => [`accounts[${i}].apiKeys[${j}].key`, k.key]))),
    ...duplicates(dataset.codes.map((c, i): [string, string] => [`codes[${i}].code`, c.code])),
    ...duplicates(dataset.accounts.flatMap((a, i) => a.deposits.map((d, j): [string, string] => [`accounts[${i}].deposits[${j}].transactionId`, d.transactionId]))),
  ];
  if (problems.length) throw new DatasetError(`${source}: ${problems.join("; ")}`);
  return dataset;
}

export function loadDataset(file: string): Dataset {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new DatasetError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the text around the mistake; a dataset may hold secrets, so only the kind.
    const kind = /end of JSON input/.test((error as Error).message) ? "it ends too early" : "it holds an unexpected character";
    throw new DatasetError(`${file}: not JSON (${kind})`);
  }
  return checkDataset(data, file);
}
