// <out>/openapi.json -> <out>/schema.d.ts with openapi-typescript.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { isMain, outDirFromArgs } from "./project.mjs";

export async function generateTypes(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const ast = await openapiTS(document, { alphabetize: false, immutable: false, defaultNonNullable: false });
  const header = "// Generated from openapi/ by scripts/types.mjs. Do not edit: run `npm run generate`.\n";
  writeFileSync(path.join(outDir, "schema.d.ts"), header + astToString(ast));
}

if (isMain(import.meta.url)) await generateTypes(outDirFromArgs());
