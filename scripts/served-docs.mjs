// The document as the page the sandbox serves shows it: the sandbox first among the servers, the
// samples and the signing walk-through with the sandbox's demo credentials (marked as such), and
// the package's own pages: what it picked where the description is silent (docs/sandbox.md), its
// guides (docs/, in the README's order, each a page of the menu) and the changelog. The static
// page (`npm run docs`) keeps the document as it is.
import { readFileSync } from "node:fs";
import path from "node:path";
import { addCodeSamples } from "./code-samples.mjs";
import { isSandboxServer, operationsOf, signingFacts } from "./document-refs.mjs";
import { RUN_LINK } from "./docs-assets/run-link.js";

const WALK_THROUGH_KEY = "example-key";
const WALK_THROUGH_SECRET = "example-secret";

/** The markdown section under `heading`, down to the next heading of the same or a higher level. */
export function markdownSection(markdown, heading) {
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.indexOf(" ");
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && line.indexOf(" ") <= level);
  return lines.slice(start + 1, end < 0 ? lines.length : end).join("\n").trim();
}

/**
 * A file's headings as lines in bold: Redoc lists every heading of the description in its menu,
 * whatever its level, and the changelog's would fill the menu before the API's operations.
 */
const headingsInBold = (markdown) => markdown.replace(/^#+ (.+)$/gm, "**$1**");

/** `signature(secret, payload)`: the package's own signing (signing/sign.ts, built), so that the page shows what the client sends. */
function walkThroughWithDemoKey(description, demo, headers, signature) {
  const payload = new RegExp(`\`${headers.payload}\`, the base64 of those bytes[^\`]*\`([^\`]+)\``).exec(description)?.[1];
  if (!payload) throw new Error("the signing walk-through has no payload step");
  const exampleSignature = signature(WALK_THROUGH_SECRET, payload);
  if (!description.includes(exampleSignature)) throw new Error("the walk-through's signature is not the one of its example secret");
  return description
    .replace(
      `With the API key \`${WALK_THROUGH_KEY}\`, the secret \`${WALK_THROUGH_SECRET}\``,
      `With this sandbox's demo API key \`${demo.key}\` and its secret \`${demo.secret}\` (demo credentials of the sandbox only)`,
    )
    .replace(exampleSignature, signature(demo.secret, payload))
    .replace(new RegExp(`(\`${headers.apiKey}:\\s+)${WALK_THROUGH_KEY}\``), `$1${demo.key}\``);
}

/** The package's own guide, on the page the package serves (the document itself stays about the API). */
const USING_THIS_PACKAGE = readFileSync(new URL("./using-this-package.md", import.meta.url), "utf8").trim();

/**
 * The page's introduction: the document's keeps to a short summary (generators copy it into every
 * file they write), its guide being the trait tags (x-traitTag); a reader of the page gets them as
 * one introduction again, with the package's guide after the authentication.
 */
function introduction(document) {
  const summary = document.info.description.split("\n\n")[0];
  const sections = (document.tags ?? []).filter((tag) => tag["x-traitTag"]).flatMap((tag) => [
    `## ${tag.name}`, "", tag.description.trimEnd(), "",
    ...(tag.name === "Authentication" ? ["## Using this package", "", USING_THIS_PACKAGE, ""] : []),
  ]);
  return [summary, "", ...sections].join("\n");
}

/** The guides the README lists under "## Guides", in its order: `[Title](docs/file.md)`, docs/ only. */
export function listedGuides(readme) {
  return [...markdownSection(readme, "## Guides").matchAll(/^- \[([^\]]+)\]\((docs\/[a-z-]+\.md)\)/gm)].map(([, title, file]) => ({ title, file }));
}

/**
 * Redoc's route of a title (a section of the introduction, a tag, a heading of a tag's text): the
 * slugify package's defaults, as Redoc 3 calls it, lower-cased: punctuation dropped but
 * $*_+~.()'"!:@ (an apostrophe and a colon stay), spaces made hyphens.
 */
const slug = (text) => text.toLowerCase().replace(/[^\w\s$*+~.()'"!:@-]/g, "").trim().replace(/\s+/g, "-");

/** Redoc's anchor of an operation: its first tag and its operationId, as the page routes them. */
function operationAnchor(document, operationId) {
  for (const { operation } of operationsOf(document)) if (operation.operationId === operationId) return `#/${slug(operation.tags[0])}/${operationId.toLowerCase()}`;
  throw new Error(`no operation ${operationId} in the document`);
}

/** A runtime expression's assignments (a payload, outputs) as "name ← `expression`". */
const assignments = (values) => Object.entries(values ?? {}).map(([name, value]) => `${name} ← \`${typeof value === "string" ? value : JSON.stringify(value)}\``).join(", ");

/**
 * The Arazzo workflows (generated/workflows.arazzo.json) as a section of the page: each workflow's
 * summary, words and inputs, then its steps, each linked to its operation, with what it sends, what
 * must hold and what it passes on to the next; and a link that runs it on the sandbox serving the
 * page (the workflow panel, docs-assets/run-workflow.js).
 */
export function workflowsSection(document, workflows) {
  return workflows.workflows.flatMap((workflow) => [
    `**${workflow.workflowId}**: ${workflow.summary}`,
    "",
    workflow.description.trim(),
    "",
    `[Run ${workflow.workflowId} on this sandbox](${RUN_LINK}${workflow.workflowId})`,
    "",
    ...(Object.keys(workflow.inputs?.properties ?? {}).length === 0 ? ["Inputs: none."] : [
      "Inputs:",
      "",
      ...Object.entries(workflow.inputs.properties).map(([name, schema]) => `- \`${name}\`: ${schema.description ?? schema.type}`),
    ]),
    "",
    "Steps:",
    "",
    ...workflow.steps.map((step, i) => [
      `${i + 1}. \`${step.stepId}\`: [${step.operationId}](${operationAnchor(document, step.operationId)}). ${step.description ?? ""}`,
      Object.keys(step.requestBody?.payload ?? {}).length ? `   Sends ${assignments(step.requestBody.payload)}.` : "   Sends no field of its own (the signing adds request and nonce).",
      `   Holds: ${step.successCriteria.map((criterion) => `\`${criterion.condition}\``).join("; ")}.`,
      Object.keys(step.outputs ?? {}).length ? `   Passes on ${assignments(step.outputs)}.` : "",
    ].filter(Boolean).join("\n")),
    "",
  ]).join("\n");
}

/** A line that starts a block of its own, and one after which no text goes on (a heading, a table row, a fence, HTML). */
const BLOCK_START = /^(#|\||```|>|[-*+] |\d+[.)] |<)/;
const ENDS_ITS_LINE = /^(#|\||```|<)/;

/**
 * Markdown whose paragraphs (and list items) are each one line: a line that goes on with the text
 * of the line before joins it with a space. The guides are wrapped at 100 columns, and Redoc's
 * search joins a text's lines with nothing between them ("signin the language"); the page shows
 * the same text either way. Fenced code, headings, tables and a line after a hard break stay.
 */
function unwrapped(markdown) {
  const lines = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    const text = line.trimStart();
    const before = lines.at(-1) ?? "";
    const goesOn = !fenced && text !== "" && !BLOCK_START.test(text) && before.trim() !== "" && !ENDS_ITS_LINE.test(before.trimStart()) && !/( {2}|\\)$/.test(before);
    if (goesOn) lines[lines.length - 1] = `${before.trimEnd()} ${text}`;
    else lines.push(line);
    if (text.startsWith("```")) fenced = !fenced;
  }
  return lines.join("\n");
}

/** GitHub's anchor of a heading, as the guides' links name it. */
const githubAnchor = (heading) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, "").replaceAll(" ", "-");

/** A guide's route on the page: its tag (x-traitTag), and a heading of it below the tag's. */
const guideRoute = (title, heading) => `#/${slug(title)}${heading ? `/${slug(heading)}` : ""}`;

/** The headings of a guide's text (code blocks left out), by their GitHub anchors. */
const headingsByAnchor = (markdown) =>
  new Map([...markdown.replace(/^ *```[\s\S]*?^ *```$/gm, "").matchAll(/^#{2,} (.+)$/gm)].map(([, heading]) => [githubAnchor(heading), heading]));

/** The page's route of a link to a guide or to a heading of one (`client.md#how-it-sends`), if it names a listed guide. */
function guideRoutes(guides, readGuide) {
  const routes = new Map(guides.map(({ title, file }) => [path.basename(file), { title, headings: headingsByAnchor(readGuide(file)) }]));
  return (target) => {
    const [file, anchor] = target.split("#");
    const guide = routes.get(path.basename(file));
    if (!guide) return undefined;
    return guideRoute(guide.title, anchor ? guide.headings.get(anchor) : undefined);
  };
}

/**
 * A guide as a page of its own (a trait tag of the served document: its route, each of its
 * headings a route and a search entry): its own title dropped (the tag has it), a link to another
 * guide or to one of its headings made that route (`routeOf`), a link to a file of the repository
 * left as its words.
 */
function guidePage(markdown, routeOf) {
  const body = markdown.replace(/^# .+\n+/, "");
  // Code (fenced blocks and inline spans) is left as it is: `responses["200"](x)` is no link.
  // The suite's notes to itself (<!-- checked with: ... -->) are for the repository's readers, not the page's or its search.
  return unwrapped(body.split(/(```[\s\S]*?```|`[^`\n]*`)/).map((part, i) => (i % 2 === 1 ? part : part.replace(/[ \t]*<!--[\s\S]*?-->\n?/g, "").replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (link, words, target) => {
    if (/^(https?:|#)/.test(target)) return link;
    const route = routeOf(target);
    return route ? `[${words}](${route})` : words;
  }))).join(""));
}

/**
 * CSS that names, above a search result of a guide's heading, the guide it is in: Redoc's result
 * shows the heading alone. A rule per guide, matched on the result's route.
 */
export function guideSearchLabels(readme) {
  const cssString = (text) => JSON.stringify(text);
  return listedGuides(readme)
    .map(({ title }) => `[data-component-name="Search/SearchItem"][href^=${cssString(`${guideRoute(title)}/`)}] > section::before { content: ${cssString(`${title} ›`)}; }`)
    .join("\n");
}

/**
 * The served page's menu in three groups (x-tagGroups): the guides, the API's own tags, and the
 * changelog; the introduction stays above them.
 */
function menuGroups(guideTags, apiTags, changelogTag) {
  return [
    { name: "Guides", tags: guideTags.map((tag) => tag.name) },
    { name: "API reference", tags: apiTags.map((tag) => tag.name) },
    { name: "Releases", tags: [changelogTag.name] },
  ];
}

/**
 * A copy of `document` for the served page. `demo` is the sandbox's business-partner key,
 * `readme` and `changelog` the texts of README.md and CHANGELOG.md, `readGuide` reads a file of
 * docs/ by its path from the repository's root, `workflows` the bundled Arazzo document.
 */
export function servedDocument(document, { demo, readme, changelog, readGuide, workflows, signature }) {
  const served = structuredClone(document);
  served.servers = [...served.servers.filter(isSandboxServer), ...served.servers.filter((server) => !isSandboxServer(server))];
  addCodeSamples(served, demo);
  served.info.description = introduction(document);
  const apiTags = served.tags.filter((tag) => !tag["x-traitTag"]);
  const guides = listedGuides(readme);
  const picks = markdownSection(readGuide("docs/sandbox.md"), "## What the description leaves open, and what this package picked");
  served.info.description = unwrapped([
    walkThroughWithDemoKey(served.info.description, demo, signingFacts(document).headers, signature).trimEnd(),
    "",
    "## Trying it here",
    "",
    `This page is served by the package's sandbox (\`txc-api serve\`). Its samples carry the sandbox's demo credentials: the key \`${demo.key}\` and the secret \`${demo.secret}\` (a business partner's account). They work only here; use your own key and secret anywhere else. The **Try it** button at the bottom right signs a request in the page (WebCrypto HMAC-SHA512) and sends it to this sandbox only. \`POST /sandbox/reset\` restores the sandbox's data and nonces. [The Postman collection](/postman-collection.json) of this API signs its own requests, its \`baseUrl\` this sandbox: import it in Postman, or run it with newman.`,
    "",
    "## What this package picked where the description is silent",
    "",
    picks.split("\n\n`txc-api mock`")[0],
    "",
    "## Workflows",
    "",
    `The flows that span operations, as the package's Arazzo document (\`txc-api/workflows.arazzo.json\`) states them; [the workflows guide](${guideRoute(guides.find((guide) => guide.file === "docs/workflows.md")?.title ?? "Workflows")}) runs them with Redocly's Respect and \`txc-api contract-test\`. Each workflow's **Run … on this sandbox** link runs it from this page: each step signed in the page and sent to this sandbox, held to the workflow's criteria, what it sent and got shown.`,
    "",
    workflowsSection(document, workflows),
  ].join("\n"));
  const routeOf = guideRoutes(guides, readGuide);
  const guideTags = guides.map(({ title, file }) => ({ name: title, description: guidePage(readGuide(file), routeOf), "x-traitTag": true }));
  // The page's menu lists "Changelog" alone, not each entry's sections.
  const changelogTag = { name: "Changelog", description: unwrapped(headingsInBold(changelog.replace(/^# Changelog\n+/, ""))), "x-traitTag": true };
  served.tags = [...guideTags, ...apiTags, changelogTag];
  served["x-tagGroups"] = menuGroups(guideTags, apiTags, changelogTag);
  return served;
}
