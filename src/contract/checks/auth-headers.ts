import { authHeaderNames } from "../../signing/sign.js";
import { defineCheck } from "./check.js";

export const authHeaders = defineCheck({
  name: "auth-headers",
  description: "a request missing any of the three signing headers is refused with 401",
  cases: ({ valid, make }) => authHeaderNames.map((header) => make(`without ${header}`, "auth-headers", { kind: "status", status: 401 }, valid, { kind: "omit-header", header })),
});
