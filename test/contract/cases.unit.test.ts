// How the tester makes its cases, as pure functions: one negative mutation per rule of a request
// schema, and the shrinking of a failing generated request.
import { describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import type { Case } from "../../src/contract/case.js";
import { contractFacts } from "../../generated/contract-facts.js";
import { mutations } from "../../src/contract/mutations.js";
import { shrink, SHRINK_TRIES } from "../../src/contract/shrink.js";
import { validators } from "../../generated/validators.js";
import { signedBody, SIGNING_FIELDS } from "../../src/signing/body.js";

const investments = operationIndex.getInvestmentsHistory;

describe("mutations", () => {
  const found = mutations(contractFacts.getInvestmentsHistory.requestSchema!);

  it("breaks each rule of the investments history's request once, and never a signing field", () => {
    expect(found.map((m) => m.name)).toEqual(expect.arrayContaining([
      "limit below its minimum 1", "limit above its maximum 100", "offset above its maximum 10000", "status outside its values 1, 2", "id of the wrong type (not string)",
    ]));
    expect(found.filter((m) => SIGNING_FIELDS.has(m.field))).toEqual([]);
  });

  it("makes requests the document's own validator refuses, each on its own field", () => {
    const validate = validators.getInvestmentsHistory.request;
    for (const mutation of found) {
      const body = signedBody(investments.path, "1", mutation.apply({ limit: 10 }));
      expect(validate(body), mutation.name).toBe(false);
      expect(validate.errors!.some((error) => error.instancePath === `/${mutation.field}` || error.params?.["missingProperty"] === mutation.field), mutation.name).toBe(true);
    }
  });
});

describe("shrink", () => {
  const failing: Case = {
    operationId: "getInvestmentsHistory", check: "positive", name: "generated", method: "POST", path: investments.path,
    fields: { ticker: "BTC", status: 2, limit: 77, offset: 40 }, expect: { kind: "accepted" }, generated: true,
  };

  it("drops fields and brings values to their bounds while the request still fails", async () => {
    // The stand-in server fails any request that sends a limit.
    const { smallest, tries } = await shrink(failing, async (candidate) => (candidate.fields!["limit"] !== undefined ? "fails" : undefined));
    expect(smallest.fields).toEqual({ limit: 1 });
    expect(tries).toBeLessThanOrEqual(SHRINK_TRIES);
  });

  it("keeps the request as it was when nothing smaller fails, within its tries", async () => {
    let asked = 0;
    const { smallest, tries } = await shrink(failing, async () => void asked++);
    expect(smallest).toBe(failing);
    expect(tries).toBe(asked);
    expect(asked).toBeGreaterThan(0);
  });
});
