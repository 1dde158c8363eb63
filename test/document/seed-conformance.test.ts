// The description (../shared/seed/api-v4.md) checked point by point against the bundled document:
// what it states is there, and what it leaves unspecified is not made up.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deref, loadDocument, operations, root, type Operation, type Schema } from "../helpers/project.js";

const document = loadDocument();
const { schemas } = document.components;
const byId = new Map(operations(document).map((entry) => [entry.operation.operationId, entry]));
const op = (operationId: string): Operation => byId.get(operationId)!.operation;
const requestSchema = (operationId: string): Schema => deref(document, op(operationId).requestBody!.content["application/json"].schema);
const property = (schema: Schema, name: string): Schema => deref(document, schema.properties[name]);

const PRIVATE = [
  "getInvestmentsHistory", "getInterestPaymentsHistory", "updateFlexAutoReinvestment", "getMainBalance", "applyCode",
  "refundDeposit", "getMiningPayoutDestination", "getFundingHistory", "resetSubAccountApiKey",
];

describe("the document against the description", () => {
  // The description is version 4.0.0; the document may grow within 4.x (the version gate holds
  // each release to its changes), so the seed's facts are checked as what the document keeps.
  it("is OpenAPI 3.1 at a version 4.x, the package's", () => {
    expect((document as any).openapi).toBe("3.1.0");
    expect(document.info.version).toMatch(/^4\.\d+\.\d+$/);
    expect(document.info.version).toBe(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version);
  });

  it("has the description's operations under their fixed names (among any added since), every path under /api/v4/", () => {
    const table = operations(document).filter((e) => !e.webhook).map((e) => `${e.method.toUpperCase()} ${e.path} ${e.operation.operationId}`);
    for (const entry of operations(document).filter((e) => !e.webhook)) expect(entry.path).toMatch(/^\/api\/v4\//);
    expect(table.sort()).toEqual(expect.arrayContaining([
      "GET /api/v4/public/ping ping",
      "POST /api/v4/collateral-account/funding-history getFundingHistory",
      "POST /api/v4/main-account/balance getMainBalance",
      "POST /api/v4/main-account/codes/apply applyCode",
      "POST /api/v4/main-account/refund-deposit refundDeposit",
      "POST /api/v4/main-account/smart-flex/investments/auto-invest updateFlexAutoReinvestment",
      "POST /api/v4/main-account/smart/interest-payment-history getInterestPaymentsHistory",
      "POST /api/v4/main-account/smart/investments getInvestmentsHistory",
      "POST /api/v4/mining/payout-destination getMiningPayoutDestination",
      "POST /api/v4/sub-account/api-key/reset resetSubAccountApiKey",
    ]));
    for (const { operation } of operations(document)) {
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.description, operation.operationId).toBeTruthy();
      expect(operation.tags.length, operation.operationId).toBeGreaterThan(0);
    }
  });

  it("names no host: the sandbox (loopback) comes first, then the base and regional servers, absolute templates whose defaults never resolve", () => {
    const [sandbox, base, regional] = document.servers;
    for (const [server, placeholder, host] of [[base, "{base_url}", "base-url.invalid"], [regional, "{eu_base_url}", "eu-base-url.invalid"]] as const) {
      expect(server.url).toBe("{scheme}://{host}");
      expect(server.description).toContain(placeholder);
      expect(server.variables).toMatchObject({ scheme: { default: "https", enum: ["https", "http"] }, host: { default: host } });
      // Every default is a URL of the reserved .invalid domain, which no resolver answers (RFC 6761).
      expect(new URL(`${server.variables!.scheme.default}://${server.variables!.host.default}`).hostname).toMatch(/\.invalid$/);
      // A variable's text is in the server's description: swagger-parser's 3.1 schema refuses a description on a variable.
      for (const variable of Object.values(server.variables!)) expect(variable).not.toHaveProperty("description");
    }
    expect(sandbox.url).toBe("http://127.0.0.1:8080");
    expect(document.servers).toHaveLength(3);
  });

  it("signs private operations with the three headers together; ping needs none", () => {
    const schemes = document.components.securitySchemes;
    expect(Object.values(schemes).map((s) => [s.type, s.in, s.name])).toEqual([
      ["apiKey", "header", "X-TXC-APIKEY"],
      ["apiKey", "header", "X-TXC-PAYLOAD"],
      ["apiKey", "header", "X-TXC-SIGNATURE"],
    ]);
    expect(schemes.Signature.description).toContain("HMAC-SHA512");
    expect(document.security).toEqual([{ ApiKey: [], Payload: [], Signature: [] }]);
    for (const id of PRIVATE) expect(op(id).security, id).toBeUndefined();
    expect(op("ping").security).toEqual([]);
  });

  it("declares the status table's errors on every private operation, in the private error format", () => {
    for (const id of PRIVATE) {
      for (const status of ["200", "400", "401", "403", "404", "429", "500"]) {
        const response = deref(document, op(id).responses[status]);
        expect(response, `${id} ${status}`).toBeDefined();
        if (status !== "200") expect(response.content!["application/json"].schema.$ref).toBe("#/components/schemas/PrivateError");
      }
      expect(op(id).description, id).toMatch(/not cached/);
    }
    for (const status of ["429", "500"]) {
      expect(deref(document, op("ping").responses[status]).content!["application/json"].schema.$ref).toBe("#/components/schemas/PublicError");
    }
  });

  it("shows the investments history 400 keyed by id, ticker and status, and the mining error keyed user at an unstated 4xx, not repeated under 400", () => {
    const examples = deref(document, op("getInvestmentsHistory").responses["400"]).content!["application/json"].examples!;
    const keys = Object.values(examples).map((e) => Object.keys((deref(document, e).value as any).errors));
    expect(keys).toEqual([["id"], ["ticker"], ["status"]]);
    expect(deref(document, op("getInvestmentsHistory").responses["400"])).toHaveProperty("x-errors-keyed-by", ["id", "ticker", "status"]);
    const mining = deref(document, op("getMiningPayoutDestination").responses["4XX"]);
    const values = Object.values(mining.content!["application/json"].examples!).map((e) => deref(document, e).value as any);
    expect(values.map((v) => [v.code, v.message, Object.keys(v.errors)])).toEqual([[0, "Validation failed", ["user"]]]);
    expect(mining.description).toMatch(/does not give the HTTP status/);
    expect(deref(document, op("getMiningPayoutDestination").responses["400"])).not.toEqual(mining);
  });

  it("refuses non-partners on the business-partner-only endpoints", () => {
    for (const id of ["getInvestmentsHistory", "getInterestPaymentsHistory"]) {
      expect(op(id)["x-business-partner-only"]).toBe(true);
      expect(op(id).description).toMatch(/business-partner/);
      expect(op(id).responses["403"].$ref).toBe("#/components/responses/BusinessPartnerOnly");
    }
  });

  it("marks the four state-changing operations, so that nothing retries or contract-tests them blindly", () => {
    const changing = PRIVATE.filter((id) => op(id)["x-state-changing"] === true);
    expect(changing.sort()).toEqual(["applyCode", "refundDeposit", "resetSubAccountApiKey", "updateFlexAutoReinvestment"]);
  });

  it("carries the documented rate limits machine-readably, and marks the undocumented ones", () => {
    const limits = (id: string) => op(id)["x-rate-limits"];
    expect(limits("ping").limits).toEqual([{ scope: "/api/v4/public/*", requests: 20000, periodSeconds: 10, enforcement: "per-ip-address" }]);
    const mainAccount = { scope: "/api/v4/main-account/*", requests: 1000, periodSeconds: 10, enforcement: "per-ip-address" };
    for (const id of ["getInterestPaymentsHistory", "updateFlexAutoReinvestment", "getMainBalance", "applyCode", "refundDeposit"]) {
      expect(limits(id)).toMatchObject({ documented: true, limits: [mainAccount] });
    }
    expect(limits("getInvestmentsHistory").limits).toEqual([
      mainAccount,
      { scope: "operation", requests: 1000, periodSeconds: 10, enforcement: "unspecified" },
    ]);
    for (const id of ["getMiningPayoutDestination", "getFundingHistory", "resetSubAccountApiKey"]) {
      expect(limits(id)).toMatchObject({ documented: false, limits: [] });
    }
  });

  it("gives every request body exactly the documented fields, required flags, bounds and defaults, and refuses no unlisted field", () => {
    const shape = (id: string) => {
      const schema = requestSchema(id);
      return { fields: Object.keys(schema.properties).sort(), required: [...(schema.required ?? [])].sort(), refusesUnlistedFields: "additionalProperties" in schema };
    };
    expect(shape("getInvestmentsHistory")).toEqual({ fields: ["id", "limit", "nonce", "offset", "request", "status", "ticker"], required: ["nonce", "request"], refusesUnlistedFields: false });
    expect(shape("getInterestPaymentsHistory")).toEqual({ fields: ["limit", "nonce", "offset", "planId", "request", "ticker"], required: ["nonce", "request"], refusesUnlistedFields: false });
    expect(shape("updateFlexAutoReinvestment")).toEqual({ fields: ["enabled", "nonce", "plan", "request"], required: ["nonce", "plan", "request"], refusesUnlistedFields: false });
    expect(shape("getMainBalance")).toEqual({ fields: ["nonce", "request", "ticker"], required: ["nonce", "request"], refusesUnlistedFields: false });
    expect(shape("applyCode")).toEqual({ fields: ["code", "nonce", "passphrase", "request"], required: ["nonce", "request"], refusesUnlistedFields: false });
    expect(shape("refundDeposit")).toEqual({ fields: ["address", "nonce", "request", "transaction_id"], required: ["address", "nonce", "request", "transaction_id"], refusesUnlistedFields: false });
    expect(shape("getMiningPayoutDestination")).toEqual({ fields: ["accountName", "nonce", "request"], required: [], refusesUnlistedFields: false });
    expect(shape("getFundingHistory")).toEqual({ fields: ["limit", "market", "nonce", "offset", "request"], required: [], refusesUnlistedFields: false });
    expect(shape("resetSubAccountApiKey")).toEqual({ fields: ["apiKeyId", "nonce", "request"], required: ["apiKeyId"], refusesUnlistedFields: false });

    for (const id of ["getInvestmentsHistory", "getInterestPaymentsHistory"]) {
      expect(property(requestSchema(id), "limit")).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 100 });
      expect(property(requestSchema(id), "offset")).toMatchObject({ type: "integer", minimum: 0, maximum: 10000, default: 0 });
    }
    expect(property(requestSchema("getInvestmentsHistory"), "status")).toMatchObject({ type: "integer", enum: [1, 2] });
    expect(property(requestSchema("updateFlexAutoReinvestment"), "enabled")).toMatchObject({ type: "boolean", default: false });
    expect(property(requestSchema("updateFlexAutoReinvestment"), "plan")).toMatchObject({ format: "uuid" });
    expect(property(requestSchema("refundDeposit"), "transaction_id")).toMatchObject({ format: "uuid" });
    const fundingLimit = property(requestSchema("getFundingHistory"), "limit");
    const fundingOffset = property(requestSchema("getFundingHistory"), "offset");
    expect(fundingLimit).toEqual({ type: "integer", default: 100, description: expect.stringMatching(/not shown/) });
    expect(fundingOffset).toEqual({ type: "integer", default: 0, description: expect.stringMatching(/not shown/) });
  });

  it("requires every field of the documented resources", () => {
    const required = (name: string) => [...schemas[name].required].sort();
    expect(required("Investment")).toEqual(["amount", "created", "id", "interestPaid", "paymentTime", "plan", "status", "updated"]);
    expect(required("FixedPlan")).toEqual(["duration", "id", "interestRatio", "interestTicker", "maxInvestment", "maxPossibleInvestment", "minInvestment", "percent", "status", "ticker"]);
    expect(required("InterestPayment")).toEqual(["amount", "investmentId", "planId", "ticker", "timestamp"]);
    expect(required("FundingRecord")).toEqual(["fundingAmount", "fundingRate", "fundingTime", "market", "positionAmount", "rateCalculatedTime", "settlementPrice"]);
    expect(required("CodeApplicationResult")).toEqual(["amount", "external_id", "message", "ticker"]);
    expect(required("MiningPayoutDestination")).toEqual(["externalAddress", "payoutDestination"]);
    expect(required("RefundResult")).toEqual(["id"]);
    expect(required("FlexAutoInvestResult")).toEqual(["data"]);
    expect(required("PrivateError")).toEqual(["code", "errors", "message"]);
    expect(required("PublicError")).toEqual(["message", "params", "success"]);
    for (const page of ["InvestmentsPage", "InterestPaymentsPage", "FundingHistoryPage"]) expect(required(page)).toEqual(["limit", "offset", "records"]);
    expect(schemas.MainBalance.required).toBeUndefined();
  });

  it("types states as integer enums with their meanings, times as seconds, amounts as Decimal", () => {
    expect(schemas.InvestmentStatus).toMatchObject({ enum: [1, 2], "x-enum-descriptions": ["active", "closed"] });
    expect(schemas.FixedPlanStatus).toMatchObject({ enum: [1, 2, 3, 4], "x-enum-descriptions": ["active", "no coins left", "inactive", "pause"] });
    expect(schemas.UnixTime.type).toBe("integer");
    expect(schemas.FundingRecord.properties.fundingTime.$ref).toBe("#/components/schemas/NumericString");
    expect(schemas.FundingRecord.properties.rateCalculatedTime.$ref).toBe("#/components/schemas/NumericString");
    const decimals: [string, string][] = [
      ["Investment", "amount"], ["Investment", "interestPaid"], ["FixedPlan", "percent"], ["FixedPlan", "interestRatio"],
      ["FixedPlan", "minInvestment"], ["FixedPlan", "maxInvestment"], ["FixedPlan", "maxPossibleInvestment"],
      ["InterestPayment", "amount"], ["FundingRecord", "fundingRate"], ["FundingRecord", "fundingAmount"],
      ["FundingRecord", "positionAmount"], ["FundingRecord", "settlementPrice"], ["BalanceEntry", "main_balance"],
      ["CodeApplicationResult", "amount"],
    ];
    for (const [schema, field] of decimals) expect(schemas[schema].properties[field].$ref, `${schema}.${field}`).toBe("#/components/schemas/Decimal");
    expect(new RegExp(schemas.Decimal.pattern).test("-0.00025")).toBe(true);
    expect(schemas.MiningPayoutDestination.properties.externalAddress.type).toEqual(["string", "null"]);
  });

  it("leaves open what the description does not show", () => {
    expect(schemas.MiningPayoutDestination.properties.payoutDestination.enum).toBeUndefined();
    expect(schemas.FlexAutoInvestResult.properties.data.items).toEqual({});
    // Open, and saying so: a generated type then allows fields rather than forbidding every one.
    expect(schemas.SubAccountApiKeyResetResult.additionalProperties).toBe(true);
    expect(schemas.SubAccountApiKeyResetResult).not.toHaveProperty("maxProperties");
    expect(schemas.DepositCanceledEvent).not.toHaveProperty("additionalProperties");
    for (const id of PRIVATE) expect(deref(document, op(id).responses["429"]).headers, id).toBeUndefined();
    const leftOpen = document.tags.find((tag) => tag.name === "What this document leaves open")!.description;
    for (const phrase of ["permissions an API key needs", "nonce validation rule", "transitions", "deprecation policy"]) {
      expect(leftOpen).toContain(phrase);
    }
  });

  it("has the deposit.canceled webhook whose uniqueId feeds refundDeposit", () => {
    const webhook = document.webhooks["deposit.canceled"].post;
    const payload = deref(document, webhook.requestBody!.content["application/json"].schema);
    expect(payload.required).toEqual(["uniqueId"]);
    expect(payload.properties.uniqueId.$ref).toBe("#/components/schemas/Uuid");
    expect(webhook.description).toContain("transaction_id");
  });
});
