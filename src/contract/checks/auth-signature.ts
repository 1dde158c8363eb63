import { operationIndex } from "../../../generated/operations.js";
import { defineCheck } from "./check.js";

export const authSignature = defineCheck({
  name: "auth-signature",
  description: "a wrong signature, a signature over another body, a reused nonce (of an accepted request), or request not the path: 401",
  cases: ({ path, valid, make }) => {
    const refused = { kind: "status", status: 401 } as const;
    const other = Object.values(operationIndex).find((op) => op.path !== path && op.signed)!.path;
    return [
      make("signed with a wrong secret", "auth-signature", refused, valid, { kind: "wrong-secret" }),
      make("signature over a different body", "auth-signature", refused, valid, { kind: "other-body" }),
      make("a reused nonce", "auth-signature", refused, valid, { kind: "replay" }),
      make("request not the path called", "auth-signature", refused, valid, { kind: "request-path", path: other }),
    ];
  },
});
