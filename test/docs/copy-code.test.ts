// Every code block of the page's text has a copy button, and what it copies is exactly a code block
// of the guides (or of the document's descriptions): what a reader pastes is what the guide says.
// Measured in real Chromium, the clipboard's writeText recorded.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { evaluateInPage } from "../helpers/chromium.js";
import { generatedDir, root, STUCK_MS } from "../helpers/project.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

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

it("each code block of the page's text, reached by the keyboard, copies exactly a code block of the guides", async () => {
  const copied = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const prose = () => [...document.querySelectorAll(".api-content pre")].filter((pre) => !pre.matches('[data-component-name="CodeBlock/CodeBlockContainer"]'));
    for (let waited = 0; prose().length < 10 || !document.getElementById("txc-copy"); waited += 100) { if (waited > ${STUCK_MS}) throw new Error("no code blocks or no copy button"); await sleep(100); }
    const written = [];
    const button = document.getElementById("txc-copy");
    // The page takes its events once Redoc has settled its first render: wait until a block's focus shows the button.
    const first = prose()[0];
    for (let waited = 0; button.hidden; waited += 50) {
      if (waited > ${STUCK_MS}) throw new Error("a focused block never showed the copy button");
      first.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      await sleep(50);
    }
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text) => void written.push(text) } });
    let focusable = 0;
    // As the keyboard reaches each block: focused, its button shown over it, pressed.
    for (const pre of prose()) {
      if (pre.tabIndex === 0) focusable++;
      pre.focus();
      // A headless page without the window's focus takes focus() without firing focusin: fired here as a focused window would.
      pre.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      if (button.hidden || Math.abs(parseFloat(button.style.top) - (pre.getBoundingClientRect().top + scrollY + 4)) > 1) throw new Error("the button is not over the focused block: " + pre.textContent.slice(0, 60));
      button.click();
      await sleep(0);
    }
    return { blocks: prose().length, buttons: focusable, written };
  })()`, STUCK_MS, { width: 1280 })) as { blocks: number; buttons: number; written: string[] };
  expect(copied.blocks).toBeGreaterThan(20);
  expect(copied.buttons).toBe(copied.blocks);
  expect(copied.written.length).toBe(copied.buttons);
  const known = codeBlocks();
  // The page names the sandbox serving it where the guides name the documented one.
  const asInGuides = (text: string) => comparable(text.replaceAll(sandbox.baseUrl, "http://127.0.0.1:8080"));
  expect(copied.written.map(asInGuides).filter((text) => !known.has(text))).toEqual([]);
});
