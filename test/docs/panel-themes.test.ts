// The page's panels belong to the page in both of its themes: Redoc follows the reader's light or
// dark preference (html.dark), and so do the Try it and workflow panels, their text, close button
// and native controls readable on their background. Measured in real Chromium with each preference.
import { afterAll, describe, expect, it } from "vitest";
import { closeChromium, evaluateInPage } from "../helpers/chromium.js";
import { sandboxPerFile } from "../helpers/sandbox.js";
import { STUCK_MS } from "../helpers/project.js";

afterAll(closeChromium);

/** Opens each panel and measures its colours: WCAG relative luminance and contrast ratios. */
const MEASURE = `(async () => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let waited = 0; !document.getElementById("txc-try-it-open"); waited += 50) { if (waited > ${STUCK_MS}) throw new Error("no Try it button"); await sleep(50); }
  const rgb = (css) => css.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const luminance = (css) => { const [r, g, b] = rgb(css).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const style = (element) => getComputedStyle(element);
  const measure = (panel) => {
    const background = style(panel).backgroundColor;
    const field = panel.querySelector("textarea");
    return {
      background: luminance(background),
      text: contrast(style(panel).color, background),
      close: contrast(style(panel.querySelector(".txc-close")).color, background),
      field: contrast(style(field).color, style(field).backgroundColor),
    };
  };
  document.getElementById("txc-try-it-open").click();
  const tryIt = measure(document.getElementById("txc-try-it"));
  document.getElementById("txc-try-it-close").click();
  const workflow = document.getElementById("txc-workflow");
  workflow.hidden = false;
  return { dark: document.documentElement.classList.contains("dark"), tryIt, workflow: measure(workflow) };
})()`;

describe("the panels in the page's light and dark themes", () => {
  const sandbox = sandboxPerFile();

  it.each(["light", "dark"] as const)("%s: the page and its panels share the theme, and every panel's text, close button and fields read on it", async (scheme) => {
    const result = (await evaluateInPage(`${sandbox.baseUrl}/`, MEASURE, STUCK_MS, { colorScheme: scheme })) as { dark: boolean; tryIt: Record<string, number>; workflow: Record<string, number> };
    expect(result.dark).toBe(scheme === "dark");
    for (const panel of [result.tryIt, result.workflow]) {
      // A dark page's panel is dark, a light page's light: no white panel on a dark page.
      if (scheme === "dark") expect(panel.background).toBeLessThan(0.1);
      else expect(panel.background).toBeGreaterThan(0.8);
      expect(panel.text).toBeGreaterThanOrEqual(4.5);
      expect(panel.field).toBeGreaterThanOrEqual(4.5);
      expect(panel.close).toBeGreaterThanOrEqual(3);
    }
  });
});
