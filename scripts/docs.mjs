// npm run docs: <generated>/openapi.json -> dist/docs/index.html, Redoc inlined so that the page
// renders with no network. A Content-Security-Policy keeps it that way: the page may load nothing
// from outside itself (Redoc would otherwise fetch its attribution logo from a CDN).
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "font-src data:",
  "worker-src blob:",
].join("; ");
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
  const page = readFileSync(output, "utf8");
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`;
  writeFileSync(output, page.replace(/<head>/i, `<head>\n  ${meta}`));
  return output;
}

if (isMain(import.meta.url)) {
  const at = process.argv.indexOf("--output");
  console.log(buildDocs(at > 0 ? path.resolve(process.argv[at + 1]) : docsFile));
}
