// The document as the sandbox's page serves it (scripts/served-docs.mjs), built from the
// repository's files as `npm run docs` builds it.
import { createSecretKey } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
// @ts-ignore: a build script in plain JavaScript
import { servedDocument } from "../../scripts/served-docs.mjs";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { payloadSignature } from "../../src/signing/sign.js";
import { loadDocument, root } from "./project.js";

export const readRepositoryFile = (file: string) => readFileSync(path.join(root, file), "utf8");

export function servedForPage(): { info: { description: string }; tags: { name: string; description: string; "x-traitTag"?: boolean }[]; "x-tagGroups": { name: string; tags: string[] }[] } {
  return servedDocument(loadDocument(), {
    signature: (secret: string, payload: string) => payloadSignature(payload, createSecretKey(Buffer.from(secret, "utf8"))).toString("hex"),
    demo: demoKeys.partner,
    readme: readRepositoryFile("README.md"),
    changelog: readRepositoryFile("CHANGELOG.md"),
    readGuide: readRepositoryFile,
    workflows: JSON.parse(readRepositoryFile("generated/workflows.arazzo.json")),
  });
}
