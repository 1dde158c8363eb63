import { UNKNOWN_PATH, UNKNOWN_PATH_CASE } from "../case.js";
import { operationIndex, type OperationId } from "../../../generated/operations.js";
import { defineCheck } from "./check.js";

export const publicCheck = defineCheck({
  name: "public",
  description: "ping answers without authentication; an unknown path answers 404",
  casesOnce: (plan) => [
    { operationId: UNKNOWN_PATH_CASE, check: "public" as const, name: "an unknown path answers 404", method: "POST", path: UNKNOWN_PATH, expect: { kind: "status" as const, status: 404 } },
    ...plan.operations
      .filter((id: OperationId) => !operationIndex[id].signed)
      .map((operationId) => ({ operationId, check: "public" as const, name: "answers without authentication", method: operationIndex[operationId].method, path: operationIndex[operationId].path, expect: { kind: "accepted" as const } })),
  ],
});
