// Where things are, for every build step.
import { fileURLToPath } from "node:url";
import path from "node:path";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const sourceDocument = path.join(root, "openapi", "openapi.yaml");
export const generatedDir = path.join(root, "generated");
export const docsFile = path.join(root, "dist", "docs", "index.html");
/** The page `txc-api serve` answers, gzip-compressed (scripts/docs.mjs). */
export const servedDocsFile = path.join(root, "dist", "docs", "sandbox.html.gz");
export const redoclyBin = path.join(root, "node_modules", ".bin", "redocly");

/** The value of `--out DIR` in argv, or the committed generated/ folder. */
export function outDirFromArgs(argv = process.argv.slice(2)) {
  const at = argv.indexOf("--out");
  return at >= 0 && argv[at + 1] ? path.resolve(argv[at + 1]) : generatedDir;
}

export function isMain(importMetaUrl) {
  return process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(importMetaUrl);
}
