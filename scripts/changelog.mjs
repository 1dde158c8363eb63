// npm run changelog: writes the "Contract changes" section of the next CHANGELOG entry (the first
// "## " heading) from the diff between the latest released document and generated/openapi.json.
// Options for trying it elsewhere: --changelog FILE, --base FILE, --head FILE.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { diffDocuments } from "../dist/diff/diff.js";
import { formatReport } from "../dist/diff/format.js";
import { latestRelease } from "../dist/diff/version-gate.js";
import { generatedDir, isMain, root } from "./project.mjs";

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? path.resolve(process.argv[at + 1]) : fallback;
};

/**
 * The entry's text with its "### Contract changes" section replaced where it is, or added where
 * the entry's own sections begin: after the hand-written lines under the heading, which stay
 * where they were written (never under a heading of the generated section).
 */
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
    return lines.join("\n");
  }
  const firstSection = lines.findIndex((line, i) => i > entry && i < end && line.startsWith("### "));
  if (firstSection >= 0) {
    lines.splice(firstSection, 0, ...block);
    return lines.join("\n");
  }
  // Only loose lines: the section goes after them, before the next entry.
  let at = end;
  while (at > entry + 1 && lines[at - 1] === "") at--;
  lines.splice(at, 0, "", ...block.slice(0, -1));
  return lines.join("\n");
}

const git = (args) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

/**
 * The document as the previous version left it, so that a version is credited with its own
 * changes only: the newest commit whose package.json names another version than the working
 * tree's. Undefined outside git, or while the version is the latest released one (its baseline
 * is the base then).
 */
function previousVersionDocument(version, released) {
  if (version === released) return undefined;
  try {
    for (const commit of git(["log", "--format=%H", "-n", "200"]).split("\n").filter(Boolean)) {
      const then = JSON.parse(git(["show", `${commit}:package.json`])).version;
      if (then !== version) return { version: then, commit, text: git(["show", `${commit}:generated/openapi.json`]) };
    }
  } catch {}
  return undefined;
}

async function main() {
  const releases = path.join(root, "releases");
  const released = latestRelease(readdirSync(releases));
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const previous = process.argv.includes("--base") ? undefined : previousVersionDocument(version, released);
  let base = option("--base", path.join(releases, released, "openapi.json"));
  if (previous) {
    base = path.join(mkdtempSync(path.join(tmpdir(), "txc-changelog-")), "previous.json");
    writeFileSync(base, previous.text);
  }
  const head = option("--head", path.join(generatedDir, "openapi.json"));
  const file = option("--changelog", path.join(root, "CHANGELOG.md"));
  const report = await diffDocuments(base, head);
  const against = previous ? `${previous.version} as it was last (commit ${previous.commit.slice(0, 12)})` : `the released ${released}`;
  const section = [`Against ${against}: ${report.verdict === "none" ? "no change" : report.verdict}.`, "", formatReport(report, "markdown", report)].join("\n");
  writeFileSync(file, withContractChanges(readFileSync(file, "utf8"), section));
  console.log(`${path.relative(process.cwd(), file)}: Contract changes written (${report.verdict})`);
}

if (isMain(import.meta.url)) await main();
