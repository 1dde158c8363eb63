// The README is the front door (at most 250 lines) and the guides under docs/ hold the rest: every
// guide listed and served on the docs page, every link between them landing on a heading, the
// command reference the --help texts as they are, and the README's tables of exports and commands
// what package.json and the command line have.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
// @ts-ignore: build scripts in plain JavaScript
import { commandReference, commandReferenceFile, commandsListed } from "../../scripts/command-reference.mjs";
// @ts-ignore
import { listedGuides, markdownSection } from "../../scripts/served-docs.mjs";
import { loadDocument, operations, root } from "../helpers/project.js";
import { readRepositoryFile as read, servedForPage as served } from "../helpers/served-document.js";

const readme = read("README.md");
const guideFiles = readdirSync(path.join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`).sort();

/** GitHub's anchor of a heading. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, "").replaceAll(" ", "-");
const headingsOf = (markdown: string) =>
  new Set([...markdown.replace(/^ *```[\s\S]*?^ *```$/gm, "").matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1]!)));
/** The first column of a markdown table that follows `heading`'s section, its backticks taken off. */
const tableColumn = (section: string) => [...section.matchAll(/^\| `([^`]+)`/gm)].map((match) => match[1]!);

it("keeps the README a front door of at most 250 lines", () => {
  expect(readme.split("\n").length).toBeLessThanOrEqual(250);
});

it("lists every guide of docs/ under Guides, and each listed one exists", () => {
  expect(listedGuides(readme).map((guide: { file: string }) => guide.file).sort()).toEqual(guideFiles);
});

it("has every link between the README and the guides land on a file and a heading there", () => {
  const broken: string[] = [];
  for (const file of ["README.md", ...guideFiles]) {
    const text = read(file).replace(/^ *```[\s\S]*?^ *```$/gm, "").replace(/`[^`\n]*`/g, "");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(target!)) continue;
      const [linked, anchor] = target!.split("#");
      const full = linked ? path.normalize(path.join(path.dirname(file), linked)) : file;
      let exists = true;
      try { read(full); } catch { exists = linked ? readdirSync(path.join(root, path.dirname(full))).includes(path.basename(full)) : true; }
      if (!exists) broken.push(`${file}: ${target} (no such file)`);
      else if (anchor && full.endsWith(".md") && !headingsOf(read(full)).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
    }
  }
  expect(broken).toEqual([]);
});

it("keeps docs/commands.md what the --help texts say (npm run docs:commands writes it)", () => {
  expect(read(path.relative(root, commandReferenceFile)), "docs/commands.md is stale: run npm run build && npm run docs:commands").toBe(commandReference());
});

it("lists in the README's command table every command the command line has, and no other", () => {
  const section = markdownSection(readme, "## The command line");
  expect(tableColumn(section).map((cell) => cell.replace(/^txc-api /, "")).sort()).toEqual([...commandsListed(), "help"].sort());
});

it("lists in the README's export table every subpath package.json exports, and the bin", () => {
  const manifest = JSON.parse(read("package.json")) as { name: string; exports: Record<string, unknown>; bin: Record<string, string> };
  const section = markdownSection(readme, "## What it exports");
  const cells = [...section.matchAll(/^\| (`[^|]+) \|/gm)].map((match) => match[1]!.trim());
  const subpaths = Object.keys(manifest.exports).map((key) => `\`${manifest.name}${key.slice(1).replace("*", "<operationId>")}\``);
  expect(cells.sort()).toEqual([...subpaths, ...Object.keys(manifest.bin).map((bin) => `\`${bin}\` (bin)`)].sort());
});

/** The served document's page of each guide: a trait tag named as the README lists the guide. */
const guidePages = () => {
  const document = served();
  return { document, pages: listedGuides(readme).map(({ title }: { title: string }) => document.tags.find((tag) => tag.name === title)) };
};

it("serves every listed guide as a page of its own in the page's Guides group, its links to other guides made routes of the page", () => {
  const { document, pages } = guidePages();
  const titles = listedGuides(readme).map(({ title }: { title: string }) => title);
  expect(pages.map((page) => page?.["x-traitTag"])).toEqual(titles.map(() => true));
  expect(document["x-tagGroups"].find((group) => group.name === "Guides")?.tags).toEqual(titles);
  // Every tag of the served document is in a group (Redoc leaves a tag of no group out of the menu).
  expect(document["x-tagGroups"].flatMap((group) => group.tags).sort()).toEqual(document.tags.map((tag) => tag.name).sort());
  for (const page of pages) expect(page!.description).not.toMatch(/\]\([^)]*\.md(#[^)]*)?\)/);
  // A link to a guide's heading lands on that heading's route: docs/client.md#how-it-sends is the route of "How it sends" in "The client".
  const linksToHeadings = pages.flatMap((page) => [...page!.description.matchAll(/\]\((#\/[^)/]+\/[^)]+)\)/g)].map((match) => match[1]));
  expect(linksToHeadings.length).toBeGreaterThan(0);
});

it("keeps every code block and code span of the guides as it is on the docs page, and each paragraph one line (Redoc's search joins lines with nothing between)", () => {
  const { pages } = guidePages();
  const guides = listedGuides(readme) as { file: string }[];
  guides.forEach(({ file }, i) => {
    const description = pages[i]!.description;
    // The guide's title is the page's name, not part of its text.
    for (const [code] of read(file).replace(/^# .+\n/, "").matchAll(/```[\s\S]*?```|`[^`\n]*`/g)) expect(description, `${file}: ${code.slice(0, 80)}`).toContain(code);
    // Outside code blocks, no line goes on with the words of the line before.
    const prose = description.replace(/^ *```[\s\S]*?^ *```$/gm, "CODE");
    expect(prose, file).not.toMatch(/[a-z,]\n[ ]*[a-z]/);
  });
});

it("shows each Arazzo workflow on the docs page: its steps linked to their operations, what each sends, holds and passes on", () => {
  const description: string = served().info.description;
  const section = description.slice(description.indexOf("\n## Workflows\n"), description.indexOf("\n## ", description.indexOf("\n## Workflows\n") + 1));
  const workflows = JSON.parse(read("generated/workflows.arazzo.json")) as { workflows: { workflowId: string; steps: { stepId: string; operationId: string; successCriteria: { condition: string }[] }[] }[] };
  for (const workflow of workflows.workflows) {
    expect(section).toContain(`**${workflow.workflowId}**`);
    for (const step of workflow.steps) {
      const tag = operations(loadDocument()).find(({ operation }) => operation.operationId === step.operationId)!.operation.tags[0]!;
      expect(section).toContain(`\`${step.stepId}\`: [${step.operationId}](#/${tag.toLowerCase().replace(/\s+/g, "-")}/${step.operationId.toLowerCase()})`);
      for (const { condition } of step.successCriteria) expect(section).toContain(`\`${condition}\``);
    }
  }
});
