// The generated validators against what users would pick instead: stock ajv compiled at run time
// (warm), and a check written by hand for the same page. Valid and invalid 100-record pages.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { validators } from "../generated/validators.js";
import { perCallSamples } from "./measure.mjs";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

/** A 100-record investments page as the sandbox answers it. */
export function investmentsPage() {
  const plan = {
    id: "6f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b", ticker: "USDT", status: 1, percent: "12.5", duration: 43200, interestTicker: "USDT",
    interestRatio: "1", minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "48250.75",
  };
  const records = Array.from({ length: 100 }, (_, i) => ({
    id: `inv-${i}`, plan, status: 1 + (i % 2), created: 1699990000 + i, updated: 1699990000 + i, paymentTime: 1702582000 + i,
    amount: `${1500 + i}.25`, interestPaid: "0",
  }));
  return { offset: 0, limit: 100, records };
}

/** Stock ajv, as a user would set it up: the document added, the page's schema compiled once. */
function stockAjv() {
  const document = JSON.parse(readFileSync(new URL("../generated/openapi.json", import.meta.url), "utf8"));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi.json");
  return ajv.compile({ $ref: "openapi.json#/components/schemas/InvestmentsPage" });
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const isInt = (value) => Number.isInteger(value);
const isDecimal = (value) => typeof value === "string" && DECIMAL.test(value);
/** The same rules written by hand, stopping at the first broken one: the floor of a check. */
function handWritten(page) {
  if (!page || typeof page !== "object" || !isInt(page.offset) || !isInt(page.limit) || !Array.isArray(page.records)) return false;
  for (const r of page.records) {
    if (!r || typeof r !== "object" || typeof r.id !== "string" || (r.status !== 1 && r.status !== 2)) return false;
    if (!isInt(r.created) || !isInt(r.updated) || !isInt(r.paymentTime) || !isDecimal(r.amount) || !isDecimal(r.interestPaid)) return false;
    const p = r.plan;
    if (!p || typeof p !== "object" || typeof p.id !== "string" || typeof p.ticker !== "string" || ![1, 2, 3, 4].includes(p.status)) return false;
    if (!isDecimal(p.percent) || !isInt(p.duration) || typeof p.interestTicker !== "string" || !isDecimal(p.interestRatio)) return false;
    if (!isDecimal(p.minInvestment) || !isDecimal(p.maxInvestment) || !isDecimal(p.maxPossibleInvestment)) return false;
  }
  return true;
}

/** Microseconds per page of each check, per round. */
export async function validatorCost() {
  const valid = investmentsPage();
  const invalid = investmentsPage();
  invalid.records[50].amount = 1500;
  const generated = validators.getInvestmentsHistory.responses["200"];
  const stock = stockAjv();
  for (const [name, check] of [["generated", generated], ["stock ajv", stock], ["hand-written", handWritten]]) {
    if (!check(valid) || check(invalid)) throw new Error(`bench/validators.mjs: ${name} does not tell the pages apart`);
  }
  return perCallSamples({
    generatedValid: () => generated(valid),
    stockAjvValid: () => stock(valid),
    handWrittenValid: () => handWritten(valid),
    generatedInvalid: () => generated(invalid),
    stockAjvInvalid: () => stock(invalid),
  }, { callsPerRound: 500 });
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await validatorCost());
