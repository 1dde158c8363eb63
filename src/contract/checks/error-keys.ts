import { contractFacts } from "../../../generated/contract-facts.js";
import { mutations } from "../mutations.js";
import { errorKeysInWords } from "./document-words.js";
import { defineCheck } from "./check.js";

export const errorKeys = defineCheck({
  name: "error-keys",
  description: `where the document keys errors by field (x-errors-keyed-by: ${errorKeysInWords()}), a refusal of that field is keyed by it`,
  cases: ({ operationId, schema, valid, make }) => {
    const keyed = new Set(contractFacts[operationId].errorKeys);
    return mutations(schema)
      .filter((mutation) => keyed.has(mutation.field))
      .map((mutation) => make(`${mutation.name}: errors keyed ${mutation.field}`, "error-keys", { kind: "rejected", errorKey: mutation.field }, mutation.apply(valid)));
  },
});
