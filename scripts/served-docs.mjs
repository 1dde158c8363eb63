// The document as the page the sandbox serves shows it: the sandbox first among the servers, the
// samples and the signing walk-through with the sandbox's demo credentials (marked as such), and
// the package's own pages: what it picked where the description is silent (docs/sandbox.md), its
// guides (docs/, in the README's order), and the changelog. The static page (`npm run docs`) keeps
// the document as it is.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { addCodeSamples } from "./code-samples.mjs";
import { isSandboxServer, signingFacts } from "./document-refs.mjs";

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

function walkThroughWithDemoKey(description, demo, headers) {
  const signature = (secret, payload) => createHmac("sha512", secret).update(payload).digest("hex");
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

/** Redoc's anchor of a section of the page's introduction. */
const sectionAnchor = (title) => `#section/${title.toLowerCase().replace(/[^\w\s-]/g, "").trim().replace(/\s+/g, "-")}`;

/**
 * A guide as a section of the page: its own title dropped (the section has one), its headings in
 * bold, a link to another guide made a link to that guide's section, a link to a file of the
 * repository left as its words.
 */
function guideSection(markdown, guides) {
  const sectionOf = new Map(guides.map(({ title, file }) => [path.basename(file), sectionAnchor(title)]));
  const body = markdown.replace(/^# .+\n+/, "");
  return headingsInBold(body).replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (link, words, target) => {
    if (/^(https?:|#)/.test(target)) return link;
    const section = sectionOf.get(path.basename(target.split("#")[0]));
    return section ? `[${words}](${section})` : words;
  });
}

/**
 * A copy of `document` for the served page. `demo` is the sandbox's business-partner key,
 * `readme` and `changelog` the texts of README.md and CHANGELOG.md, `readGuide` reads a file of
 * docs/ by its path from the repository's root.
 */
export function servedDocument(document, { demo, readme, changelog, readGuide }) {
  const served = structuredClone(document);
  served.servers = [...served.servers.filter(isSandboxServer), ...served.servers.filter((server) => !isSandboxServer(server))];
  addCodeSamples(served, demo);
  served.info.description = introduction(document);
  served.tags = served.tags.filter((tag) => !tag["x-traitTag"]);
  const guides = listedGuides(readme);
  const picks = markdownSection(readGuide("docs/sandbox.md"), "## What the description leaves open, and what this package picked");
  served.info.description = [
    walkThroughWithDemoKey(served.info.description, demo, signingFacts(document).headers).trimEnd(),
    "",
    "## Trying it here",
    "",
    `This page is served by the package's sandbox (\`txc-api serve\`). Its samples carry the sandbox's demo credentials: the key \`${demo.key}\` and the secret \`${demo.secret}\` (a business partner's account). They work only here; use your own key and secret anywhere else. The **Try it** button at the bottom right signs a request in the page (WebCrypto HMAC-SHA512) and sends it to this sandbox only. \`POST /sandbox/reset\` restores the sandbox's data and nonces.`,
    "",
    "## What this package picked where the description is silent",
    "",
    picks.split("\n\n`txc-api mock`")[0],
    "",
    ...guides.flatMap(({ title, file }) => [`## ${title}`, "", guideSection(readGuide(file), guides), ""]),
    "## Changelog",
    "",
    // The page's menu lists "Changelog" alone, not each entry's sections.
    headingsInBold(changelog.replace(/^# Changelog\n+/, "")),
  ].join("\n");
  return served;
}
