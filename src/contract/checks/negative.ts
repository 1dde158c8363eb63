import { mutations } from "../mutations.js";
import { defineCheck } from "./check.js";

export const negative = defineCheck({
  name: "negative",
  description: "a request breaking one rule of the request schema is rejected with a documented 4xx",
  cases: ({ schema, valid, make }) => mutations(schema).map((mutation) => make(mutation.name, "negative", { kind: "rejected" }, mutation.apply(valid))),
});
