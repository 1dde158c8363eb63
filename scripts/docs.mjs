// npm run docs: <generated>/openapi.json -> dist/docs/index.html, Redoc inlined so that the page
// renders with no network.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { docsFile, generatedDir, isMain, redoclyBin } from "./project.mjs";
import { run } from "./run.mjs";

export function buildDocs(output = docsFile) {
  mkdirSync(path.dirname(output), { recursive: true });
  run(redoclyBin, [
    "build-docs", path.join(generatedDir, "openapi.json"),
    "--output", output,
    "--inlineBundle",
    "--title", "TXC HTTP API v4",
  ]);
  return output;
}

if (isMain(import.meta.url)) buildDocs();
