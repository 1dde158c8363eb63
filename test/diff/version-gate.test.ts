// The version gate: the package's version must step as the contract changed since the latest
// released document (releases/<version>/openapi.json); and npm run changelog writes that change.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffDocuments } from "../../src/diff/diff.js";
import { gateVerdict, latestRelease, versionProblem, type Restatement } from "../../src/diff/version-gate.js";
import { stricterVerdict, surfaceChanges, surfaceVerdict } from "../../src/diff/surface-gate.js";
import { generatedDir, root } from "../helpers/project.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-version-gate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("versionProblem", () => {
  it.each([
    ["breaking", "4.0.0", "4.1.0", /must be 5\.0\.0 or later, not 4\.1\.0/],
    ["breaking", "4.0.0", "4.0.1", /must be 5\.0\.0 or later/],
    ["compatible", "4.0.0", "4.0.1", /must be 4\.1\.0 or later, not 4\.0\.1/],
    ["compatible", "4.2.0", "4.2.0", /must be 4\.3\.0 or later/],
    ["text", "4.1.0", "4.0.9", /older than the released 4\.1\.0/],
  ] as const)("refuses a %s change from %s under %s", (verdict, released, version, message) => {
    expect(versionProblem(released, version, version, verdict)).toMatch(message);
  });

  it.each([
    ["breaking", "4.0.0", "5.0.0"],
    ["compatible", "4.0.0", "4.1.0"],
    ["compatible", "4.0.0", "5.0.0"],
    ["text", "4.0.0", "4.0.1"],
    ["text", "4.0.0", "4.0.0"],
    ["none", "4.0.0", "4.0.0"],
  ] as const)("accepts a %s change from %s under %s", (verdict, released, version) => {
    expect(versionProblem(released, version, version, verdict)).toBeUndefined();
  });

  it("requires info.version to be the package's version", () => {
    expect(versionProblem("4.0.0", "4.1.0", "4.0.0", "compatible")).toMatch(/info\.version is 4\.0\.0 but package\.json says 4\.1\.0/);
  });

  it("takes the newest release by version, not by name", () => {
    expect(latestRelease(["4.0.0", "4.10.0", "4.9.1", "notes"])).toBe("4.10.0");
  });
});

const restatements = (): Restatement[] => JSON.parse(readFileSync(path.join(root, "releases", "restatements.json"), "utf8")).restatements;

describe("this repository", () => {
  it("has a version that fits how the contract changed since the latest release", async () => {
    const released = latestRelease(readdirSync(path.join(root, "releases")));
    expect(released).toBeDefined();
    const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const current = path.join(generatedDir, "openapi.json");
    const report = await diffDocuments(path.join(root, "releases", released!, "openapi.json"), current);
    const documentVersion = JSON.parse(readFileSync(current, "utf8")).info.version;
    // The package's surface too (docs/public-surface.txt against the release's): an export, an option or a flag.
    const surface = surfaceChanges(readFileSync(path.join(root, "releases", released!, "public-surface.txt"), "utf8"), readFileSync(path.join(root, "docs", "public-surface.txt"), "utf8"));
    const verdict = stricterVerdict(gateVerdict(report.changes, released!, restatements()), surfaceVerdict(surface));
    const unlisted = report.changes.filter((c) => c.kind !== "text" && !restatements().some((r) => r.check === c.check));
    expect(versionProblem(released!, version, documentVersion, verdict), JSON.stringify([...unlisted.slice(0, 5), ...surface.slice(0, 5)])).toBeUndefined();
  });

  it("takes as text only the changes restated since that release, each with the description's words", async () => {
    const released = latestRelease(readdirSync(path.join(root, "releases")))!;
    const report = await diffDocuments(path.join(root, "releases", released, "openapi.json"), path.join(generatedDir, "openapi.json"));
    // The extensions added since the release are classed by what they do to a caller, not as text.
    const behavioural = report.changes.filter((c) => c.kind !== "text");
    expect(behavioural.map((c) => c.kind)).not.toContain("breaking");
    for (const restatement of restatements()) {
      expect(restatement.why.length, restatement.check).toBeGreaterThan(40);
      expect(report.changes.some((c) => c.check === restatement.check), `${restatement.check} is a change since ${restatement.since}`).toBe(true);
    }
    // The restated changes count as text; an operation added since the release still makes the change compatible (a minor).
    const restated = report.changes.filter((c) => restatements().some((r) => r.check === c.check));
    expect(restated.length).toBeGreaterThan(0);
    expect(gateVerdict(restated, released, restatements())).toBe("text");
    expect(gateVerdict(restated, released, [])).not.toBe("text");
    expect(gateVerdict(report.changes, released, [])).toBe(behavioural.length ? "compatible" : "text");
    // A restatement of another release does not apply.
    expect(gateVerdict(report.changes, released, restatements().map((r) => ({ ...r, since: "3.9.0" })))).toBe(behavioural.length ? "compatible" : "text");
  });

  it("opens its CHANGELOG with the package's version: released once its baseline exists, unreleased before", () => {
    const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const firstEntry = readFileSync(path.join(root, "CHANGELOG.md"), "utf8").split("\n").find((line) => line.startsWith("## "));
    const hasBaseline = readdirSync(path.join(root, "releases")).includes(version);
    expect(firstEntry).toBe(hasBaseline ? `## ${version}` : `## ${version} (unreleased)`);
  });

  it("fails the gate for a breaking change under a minor bump", async () => {
    const head = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
    head.components.schemas.MainBalanceRequest.required.push("ticker");
    head.info.version = "4.1.0";
    const file = path.join(dir, "breaking.json");
    writeFileSync(file, JSON.stringify(head));
    const report = await diffDocuments(path.join(root, "releases", "4.0.0", "openapi.json"), file);
    expect(report.verdict).toBe("breaking");
    expect(versionProblem("4.0.0", "4.1.0", head.info.version, report.verdict)).toMatch(/must be 5\.0\.0 or later, not 4\.1\.0/);
  });
});

describe("npm run changelog", () => {
  it("writes the Contract changes section of the next entry from the diff, and rewrites it in place", () => {
    const changelog = path.join(dir, "CHANGELOG.md");
    writeFileSync(changelog, "# Changelog\n\n## 4.1.0 (unreleased)\n\n### Other\n\n- something\n\n## 4.0.0\n\n- the first\n");
    // The released document with one change, so that the entry holds that change alone, whatever the document holds today.
    const released = latestRelease(readdirSync(path.join(root, "releases")))!;
    const head = JSON.parse(readFileSync(path.join(root, "releases", released, "openapi.json"), "utf8"));
    head.components.schemas.RefundResult.properties.note = { type: "string" };
    const file = path.join(dir, "compatible.json");
    writeFileSync(file, JSON.stringify(head));
    // The base given: whatever version the working tree is at, the entry holds that change alone.
    const base = path.join(root, "releases", released, "openapi.json");
    const run = () => execFileSync(process.execPath, [path.join(root, "scripts", "changelog.mjs"), "--changelog", changelog, "--base", base, "--head", file], { cwd: root, encoding: "utf8" });
    run();
    run();
    const text = readFileSync(changelog, "utf8");
    expect(text.match(/### Contract changes/g)).toHaveLength(1);
    expect(text).toMatch(/## 4\.1\.0 \(unreleased\)\n\n### Contract changes\n\nAgainst the released 4\.0\.0: compatible\.\n\n#### Compatible\n\n- `refundDeposit \(POST \/api\/v4\/main-account\/refund-deposit\) · note`: /);
    expect(text).toContain("### Other\n\n- something\n\n## 4.0.0\n\n- the first\n");
  });
});

describe("npm run changelog, where the entry has only hand-written lines", () => {
  it("adds the Contract changes section after them: they stay where they were written", async () => {
    const { withContractChanges } = await import("../../scripts/changelog.mjs" as string);
    const changelog = "# Changelog\n\n## 4.1.0 (unreleased)\n\n- `getFee`: added by hand.\n\n## 4.0.0\n\n- the first\n";
    expect(withContractChanges(changelog, "Against x: compatible.")).toBe(
      "# Changelog\n\n## 4.1.0 (unreleased)\n\n- `getFee`: added by hand.\n\n### Contract changes\n\nAgainst x: compatible.\n\n## 4.0.0\n\n- the first\n",
    );
  });
});
