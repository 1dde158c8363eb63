// @ts-check
// The sandbox's demo credentials, fixed so that docs, tests and users can rely on them. Plain
// JavaScript, so that the docs build (scripts/docs.mjs) reads them as they are.
export const demoKeys = Object.freeze({
  partner: Object.freeze({ key: "sandbox-partner", secret: "sandbox-partner-secret" }),
  basic: Object.freeze({ key: "sandbox-basic", secret: "sandbox-basic-secret" }),
});
