import { defineCheck } from "./check.js";

export const protocol = defineCheck({
  name: "protocol",
  description: "a signed body that is not JSON answers 400; an undocumented method on a documented path answers 4xx",
  cases: ({ method, valid, make }) => [
    make("a signed body that is not JSON", "protocol", { kind: "status", status: 400 }, valid, { kind: "malformed-json" }),
    ...["GET", "PUT", "DELETE"].filter((m) => m !== method).map((other) => ({ ...make(`${other} instead of ${method}`, "protocol", { kind: "client-error" }), method: other })),
  ],
});
