// Every code block of the page's text has a copy button, and what it copies is exactly a code block
// of the guides (or of the document's descriptions): what a reader pastes is what the guide says.
// Measured in real Chromium, the clipboard's writeText recorded.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { closeChromium, evaluateInPage } from "../helpers/chromium.js";
import { generatedDir, root, STUCK_MS } from "../helpers/project.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

afterAll(closeChromium);

const sandbox = sandboxPerFile();

/**
 * A block's text as compared: without blank lines (Redoc drops them from a block inside a list
 * item, in what it shows and so in what is copied) and with trailing space trimmed.
 */
const comparable = (code: string) => code.split("\n").filter((line) => line.trim() !== "").join("\n").trimEnd();

/** Every fenced block's text in the Markdown the page is made of: the guides, the README and the document's descriptions. */
function codeBlocks(): Set<string> {
  const markdown = [
    ...readdirSync(path.join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => readFileSync(path.join(root, "docs", file), "utf8")),
    readFileSync(path.join(root, "README.md"), "utf8"),
  ];
  const document = JSON.parse(readFileSync(path.join(generatedDir, "openapi.json"), "utf8"));
  const descriptions: string[] = [];
  JSON.stringify(document, (key, value) => (key === "description" && typeof value === "string" && descriptions.push(value), value));
  const blocks = new Set<string>();
  for (const text of [...markdown, ...descriptions]) {
    // A fence indented in a list item: its lines lose that indentation.
    for (const [, indent, code] of text.matchAll(/^( *)```[a-z]*\n([\s\S]*?)^ *```/gm)) {
      blocks.add(comparable(code!.split("\n").map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line)).join("\n")));
    }
  }
  return blocks;
}

it("each code block of the page's text, on every route (each guide's own), reached by the keyboard, copies exactly a code block of the guides", async () => {
  const copied = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const isProse = (pre) => !pre.matches('[data-component-name="CodeBlock/CodeBlockContainer"]');
    for (let waited = 0; !document.getElementById("txc-copy"); waited += 100) { if (waited > ${STUCK_MS}) throw new Error("no copy button"); await sleep(100); }
    const written = [];
    const button = document.getElementById("txc-copy");
    // The page takes its events once Redoc has settled its render: wait until the first block's focus shows the button.
    let settled = false;
    const settle = async (pre) => {
      for (let waited = 0; button.hidden; waited += 50) {
        if (waited > ${STUCK_MS}) throw new Error("a focused block never showed the copy button");
        pre.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
        await sleep(50);
      }
      settled = true;
    };
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text) => void written.push(text) } });
    let blocks = 0;
    let focusable = 0;
    const done = new WeakSet();
    // Every section of the page, each opened as its route (Redoc renders a section, and a guide's headings, once opened).
    const routes = [];
    const seen = new Set();
    const collect = () => {
      for (const section of document.querySelectorAll("[data-section-id]")) {
        const route = section.getAttribute("data-section-id");
        if (!seen.has(route)) { seen.add(route); routes.push(route); }
      }
    };
    collect();
    for (let route; (route = routes.shift()) !== undefined; ) {
      if (route === "/") continue;
      location.hash = route;
      const id = decodeURIComponent(route.slice(1));
      for (let waited = 0; waited < 60000 && !document.getElementById(id); waited += 50) await sleep(50);
      // Redoc lays out the sections it renders around the route: the blocks are measured once the route's element has kept its place for ten frames.
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const place = () => (document.getElementById(id)?.getBoundingClientRect().top ?? 0) + scrollY;
      for (let still = 0, last = place(), waited = 0; still < 10 && waited < 60000; waited += 16) {
        await frame();
        const now = place();
        still = now === last ? still + 1 : 0;
        last = now;
      }
      collect();
      // As the keyboard reaches each block: focused, its button shown over it, pressed.
      for (const pre of document.querySelectorAll(".api-content pre")) {
        if (!isProse(pre) || done.has(pre)) continue;
        done.add(pre);
        if (!settled) await settle(pre);
        blocks++;
        if (pre.tabIndex === 0) focusable++;
        pre.focus();
        // A headless page without the window's focus takes focus() without firing focusin: fired here as a focused window would.
        pre.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
        if (button.hidden || Math.abs(parseFloat(button.style.top) - (pre.getBoundingClientRect().top + scrollY + 4)) > 1) throw new Error("the button is not over the focused block: " + pre.textContent.slice(0, 60));
        button.click();
        await sleep(0);
      }
    }
    return { blocks, buttons: focusable, written };
  })()`, STUCK_MS, { width: 1280 })) as { blocks: number; buttons: number; written: string[] };
  expect(copied.blocks).toBeGreaterThan(40);
  expect(copied.buttons).toBe(copied.blocks);
  expect(copied.written.length).toBe(copied.buttons);
  const known = codeBlocks();
  // The page names the sandbox serving it where the guides name the documented one.
  const asInGuides = (text: string) => comparable(text.replaceAll(sandbox.baseUrl, "http://127.0.0.1:8080"));
  expect(copied.written.map(asInGuides).filter((text) => !known.has(text))).toEqual([]);
});
