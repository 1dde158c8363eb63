import { operationIndex } from "../../../generated/operations.js";
import { defineCheck } from "./check.js";

export const partnerOnly = defineCheck({
  name: "partner-only",
  needs: "basic-identity",
  description: "an ordinary account (TXC_API_KEY_BASIC) is refused 403 on the business-partner-only operations",
  cases: ({ operationId, valid, fixture, make }, plan) =>
    plan.hasBasicIdentity && operationIndex[operationId].businessPartnerOnly
      ? [{ ...make("an ordinary account is refused", "partner-only", { kind: "status", status: 403 }, fixture ?? valid), identity: "basic" as const }]
      : [],
});
