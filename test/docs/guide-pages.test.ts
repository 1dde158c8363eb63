// The guides on the served page as a reader coming from Stripe's docs expects them: each guide a page
// of the menu, each of its headings a route and a search entry that names its guide, Enter in the
// search box going to the first result; guides across the row (no empty right-hand column), their
// code highlighted in both themes with its text unchanged. Measured in real Chromium.
import { afterAll, describe, expect, it } from "vitest";
// @ts-ignore: build scripts in plain JavaScript
import { listedGuides } from "../../scripts/served-docs.mjs";
import { closeChromium, evaluateInPage } from "../helpers/chromium.js";
import { STUCK_MS } from "../helpers/project.js";
import { sandboxPerFile } from "../helpers/sandbox.js";
import { readRepositoryFile as read, servedForPage } from "../helpers/served-document.js";

afterAll(closeChromium);

const guides = listedGuides(read("README.md")) as { title: string; file: string }[];
/** What the page waits for, at most: only a stuck page takes this long (Redoc searches in a worker, a busy machine takes seconds). */
const PAGE_WAIT_MS = 60_000;

/** Every heading of every guide's page on the served page (the served document's guide tags), with its guide. */
function guideHeadings(): { guide: string; heading: string }[] {
  const served = servedForPage();
  return guides.flatMap(({ title }) => {
    const text = served.tags.find((tag) => tag.name === title)!.description.replace(/^ *```[\s\S]*?^ *```$/gm, "");
    return [...text.matchAll(/^#{2,} (.+)$/gm)].map(([, heading]) => ({ guide: title, heading: heading! }));
  });
}

/** Opens the page's search box, as a reader does (the trigger clicked until the box shows). */
const OPEN_SEARCH = `const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const trigger = () => document.querySelector('[data-testid="search-trigger"]');
  let input;
  for (let waited = 0; !input; waited += 50) {
    if (waited > ${STUCK_MS}) throw new Error("no search box");
    if (waited % 1000 === 0 && !document.querySelector('[data-testid="search-dialog"]') && trigger()) trigger().click();
    await sleep(50);
    input = document.querySelector('[data-testid="search-dialog"] input');
  }
  const type = (words) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, words);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const results = () => [...document.querySelectorAll('[data-testid="search-dialog"] [data-component-name="Search/SearchItem"]')];`;

describe("the guides on the served page", () => {
  const sandbox = sandboxPerFile();
  const headings = guideHeadings();

  it("make every guide heading a search entry of its own, headed by its guide's name, that links its route", async () => {
    expect(headings.length).toBeGreaterThan(20);
    const found = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      ${OPEN_SEARCH}
      const found = [];
      for (const { heading } of ${JSON.stringify(headings)}) {
        type(heading);
        // The entry titled as the heading, once the search has run.
        let entry;
        for (let waited = 0; !entry && waited < ${PAGE_WAIT_MS}; waited += 100) {
          await sleep(100);
          entry = results().find((item) => item.querySelector("section > div > div:nth-child(2)")?.textContent.trim() === heading
            || item.innerText.split("\\n")[0].trim() === heading);
        }
        found.push(entry ? {
          heading,
          href: entry.getAttribute("href"),
          guide: getComputedStyle(entry.querySelector("section"), "::before").content,
          first: results()[0] === entry,
        } : { heading, href: null });
      }
      return found;
    })()`, STUCK_MS)) as { heading: string; href: string | null; guide?: string; first?: boolean }[];
    const menu = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const links = () => [...document.querySelectorAll('[data-component-name="Menu/MenuItem"] > a')].map((a) => ({ text: a.textContent.trim(), href: a.getAttribute("href") }));
      for (let waited = 0; links().length < ${guides.length}; waited += 100) { if (waited > ${STUCK_MS}) throw new Error("no menu"); await new Promise((resolve) => setTimeout(resolve, 100)); }
      return links();
    })()`, STUCK_MS)) as { text: string; href: string }[];
    found.forEach((entry, i) => {
      const { guide } = headings[i]!;
      expect(entry.href, `${guide}: ${entry.heading}`).not.toBeNull();
      // The heading's route is below its guide's, as the menu links the guide (/<guide>).
      const guideLink = menu.find((link) => link.text === guide)!;
      expect(guideLink, guide).toBeDefined();
      expect(entry.href, entry.heading).toMatch(new RegExp(`^#${guideLink.href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/[^/#]+(#|$)`));
      expect(entry.guide).toBe(JSON.stringify(`${guide} ›`));
      // An exact title is the first result.
      expect(entry.first, entry.heading).toBe(true);
    });
  });

  it("go to the first result on Enter, the search closed and the heading at the top", async () => {
    const { heading } = headings.at(-1)!;
    const went = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      ${OPEN_SEARCH}
      type(${JSON.stringify(heading)});
      for (let waited = 0; results().length === 0; waited += 100) { if (waited > ${PAGE_WAIT_MS}) throw new Error("no result"); await sleep(100); }
      const href = results()[0].getAttribute("href");
      document.querySelector('[data-testid="search-dialog"] input').dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      const id = () => decodeURIComponent(location.hash.slice(2).split("#")[0]);
      const top = () => document.getElementById(id())?.getBoundingClientRect().top;
      for (let waited = 0; waited < ${PAGE_WAIT_MS} && !(Math.abs(top() ?? Infinity) < innerHeight * 0.3); waited += 100) await sleep(100);
      return { href, hash: location.hash, top: top(), open: Boolean(document.querySelector('[data-testid="search-dialog"]')), title: document.getElementById(id())?.textContent.trim() };
    })()`, STUCK_MS)) as { href: string; hash: string; top: number; open: boolean; title: string };
    expect(went.hash).toBe(went.href.split("#").slice(0, 2).join("#"));
    expect(went.title).toContain(heading);
    expect(Math.abs(went.top)).toBeLessThan(300);
    expect(went.open).toBe(false);
  });

  it.each(["light", "dark"] as const)("%s: a guide takes the row (no empty right-hand column), and its code is highlighted, readable, and the guide's own text", async (scheme) => {
    const client = guides.find((guide) => guide.file === "docs/client.md")!;
    const blocksOfGuide = [...read(client.file).matchAll(/^( *)```(?:ts|js|sh|json)\n([\s\S]*?)^ *```$/gm)].map(([, indent, code]) =>
      code!.split("\n").map((line) => line.slice(indent!.length)).join("\n").trimEnd());
    const measured = (await evaluateInPage(`${sandbox.baseUrl}/#/the-client/how-it-sends`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      let section;
      for (let waited = 0; !section?.querySelector("pre[data-highlighted]"); waited += 100) {
        if (waited > ${STUCK_MS}) throw new Error("no highlighted block in the section");
        await sleep(100);
        section = document.getElementById("the-client/how-it-sends");
      }
      const rgb = (css) => css.match(/[\\d.]+/g).slice(0, 3).map(Number);
      const luminance = (css) => { const [r, g, b] = rgb(css).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
      const pre = section.querySelector("pre[data-highlighted]");
      const background = getComputedStyle(pre).backgroundColor;
      const tokens = [...pre.querySelectorAll("[class^=hljs-]")].map((token) => ({ kind: token.className, color: getComputedStyle(token).color }));
      return {
        dark: document.documentElement.classList.contains("dark"),
        middle: section.querySelector('[data-testid="middle-panel"]').getBoundingClientRect().width,
        row: section.getBoundingClientRect().width,
        right: section.querySelector('[data-testid="right-panel"]').childElementCount,
        text: [...section.querySelectorAll("pre[data-highlighted]")].map((block) => block.textContent.trimEnd()),
        kinds: [...new Set(tokens.map((token) => token.kind))],
        worst: Math.min(...tokens.map((token) => contrast(token.color, background))),
        colors: new Set(tokens.map((token) => token.color)).size,
      };
    })()`, STUCK_MS, { width: 1400, colorScheme: scheme })) as { dark: boolean; middle: number; row: number; right: number; text: string[]; kinds: string[]; worst: number; colors: number };
    expect(measured.dark).toBe(scheme === "dark");
    expect(measured.right).toBe(0);
    expect(measured.middle / measured.row).toBeGreaterThan(0.95);
    // Each highlighted block is a block of the guide, as written.
    expect(measured.text.length).toBeGreaterThan(0);
    for (const text of measured.text) expect(blocksOfGuide).toContain(text);
    expect(measured.kinds).toEqual(expect.arrayContaining(["hljs-keyword", "hljs-string", "hljs-comment"]));
    expect(measured.colors).toBeGreaterThan(3);
    expect(measured.worst).toBeGreaterThanOrEqual(4.5);
  });
});
