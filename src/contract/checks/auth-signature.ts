import { operationIndex } from "../../../generated/operations.js";
import { defineCheck } from "./check.js";

export const authSignature = defineCheck({
  name: "auth-signature",
  description: "a wrong signature, a signature over another body, a reused nonce (an accepted request sent again on other connections), or request not the path: 401",
  cases: ({ path, valid, fixture, make }) => {
    const refused = { kind: "status", status: 401 } as const;
    const other = Object.values(operationIndex).find((op) => op.path !== path && op.signed)!.path;
    return [
      make("signed with a wrong secret", "auth-signature", refused, valid, { kind: "wrong-secret" }),
      make("signature over a different body", "auth-signature", refused, valid, { kind: "other-body" }),
      // The replay's first sending must be accepted: a real value (run.ts gives a state-changing one a value of its own).
      make("a reused nonce", "auth-signature", refused, fixture ?? valid, { kind: "replay" }),
      make("request not the path called", "auth-signature", refused, valid, { kind: "request-path", path: other }),
    ];
  },
});
