// The signing rule the document states (x-txc-signing on the Signature scheme) is read at
// generation: what the package's signers cannot do stops the generation, naming the field.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
// @ts-ignore: a build script in plain JavaScript
import { signingFacts } from "../../scripts/document-refs.mjs";
import { signing } from "../../generated/operations.js";
import { generatedDir } from "../helpers/project.js";

const document = () => JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
const withRule = (rule: object) => {
  const edited = document();
  edited.components.securitySchemes.Signature["x-txc-signing"] = { ...edited.components.securitySchemes.Signature["x-txc-signing"], ...rule };
  return edited;
};

it("the generated signing facts are the document's rule", () => {
  expect(signingFacts(document())).toEqual(signing);
  expect(signing).toMatchObject({ hmac: "SHA-512", payloadEncoding: "base64", signatureEncoding: "hex" });
});

it.each([
  [{ algorithm: "RSA-SHA256" }, /x-txc-signing\.algorithm must be HMAC-SHA256, HMAC-SHA384 or HMAC-SHA512/],
  [{ payloadEncoding: "hex" }, /x-txc-signing\.payloadEncoding must be base64/],
  [{ signatureEncoding: "base64" }, /x-txc-signing\.signatureEncoding must be hex/],
])("a rule the signers cannot follow, %j, stops the generation", (rule, message) => {
  expect(() => signingFacts(withRule(rule))).toThrow(message);
});
