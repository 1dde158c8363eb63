// npm run changelog: writes the "Contract changes" section of the next CHANGELOG entry (the first
// "## " heading) from the diff between the latest released document and generated/openapi.json.
// Options for trying it elsewhere: --changelog FILE, --base FILE, --head FILE.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { diffDocuments } from "../dist/diff/diff.js";
import { formatReport } from "../dist/diff/format.js";
import { latestRelease } from "../dist/diff/version-gate.js";
import { generatedDir, root } from "./project.mjs";

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? path.resolve(process.argv[at + 1]) : fallback;
};

/** The entry's text with its "### Contract changes" section replaced, or added after the heading. */
export function withContractChanges(changelog, section) {
  const lines = changelog.split("\n");
  const entry = lines.findIndex((line) => line.startsWith("## "));
  if (entry < 0) throw new Error("the changelog has no entry (a line starting with ## )");
  const nextEntry = lines.findIndex((line, i) => i > entry && line.startsWith("## "));
  const end = nextEntry < 0 ? lines.length : nextEntry;
  const start = lines.findIndex((line, i) => i > entry && i < end && line === "### Contract changes");
  const block = ["### Contract changes", "", ...section.split("\n"), ""];
  if (start >= 0) {
    const after = lines.findIndex((line, i) => i > start && (line.startsWith("### ") || line.startsWith("## ")));
    lines.splice(start, (after < 0 ? lines.length : after) - start, ...block);
  } else {
    lines.splice(entry + 1, 0, "", ...block.slice(0, -1));
  }
  return lines.join("\n");
}

const releases = path.join(root, "releases");
const released = latestRelease(readdirSync(releases));
const base = option("--base", path.join(releases, released, "openapi.json"));
const head = option("--head", path.join(generatedDir, "openapi.json"));
const file = option("--changelog", path.join(root, "CHANGELOG.md"));
const report = await diffDocuments(base, head);
const section = [`Against the released ${released}: ${report.verdict === "none" ? "no change" : report.verdict}.`, "", formatReport(report, "markdown", report)].join("\n");
writeFileSync(file, withContractChanges(readFileSync(file, "utf8"), section));
console.log(`${path.relative(process.cwd(), file)}: Contract changes written (${report.verdict})`);
