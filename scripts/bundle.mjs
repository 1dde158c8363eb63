// openapi/**/*.yaml -> <out>/openapi.json: the single bundled document everything else reads.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMain, outDirFromArgs, redoclyBin, sourceDocument } from "./project.mjs";
import { addCodeSamples } from "./code-samples.mjs";
import { run } from "./run.mjs";

export function bundle(outDir) {
  mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, "openapi.json");
  run(redoclyBin, ["bundle", sourceDocument, "--output", target, "--ext", "json"]);
  // Re-serialise so the file's form does not depend on the bundler's formatting; the code samples
  // are generated from the document, never written by hand.
  const document = addCodeSamples(JSON.parse(readFileSync(target, "utf8")));
  writeFileSync(target, JSON.stringify(document, null, 2) + "\n");
  return document;
}

if (isMain(import.meta.url)) bundle(outDirFromArgs());
