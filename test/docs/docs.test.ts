// npm run docs builds one self-contained page: Redoc inlined, nothing loaded from outside the file.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderOffline } from "../helpers/chromium.js";
import { loadDocument, operations, root } from "../helpers/project.js";

const summaries = operations(loadDocument()).map((entry) => entry.operation.summary);
const dir = mkdtempSync(path.join(tmpdir(), "txc-docs-"));
const page = path.join(dir, "index.html");
let html = "";

beforeAll(() => {
  const result = spawnSync("node", ["scripts/docs.mjs", "--output", page], { cwd: root, encoding: "utf8" });
  expect(result.stderr).not.toMatch(/Error/);
  expect(result.status).toBe(0);
  html = readFileSync(page, "utf8");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("rendered docs", () => {
  it("carries every operation's summary and the webhook", () => {
    expect(summaries).toHaveLength(11);
    for (const summary of summaries) expect(html).toContain(summary);
    expect(html).toContain("deposit.canceled");
  });

  it("loads no script, style or font from outside the file, and forbids it by policy", () => {
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+href=["']?https?:/i);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'unsafe-inline'");
    expect(policy).not.toMatch(/https?:/);
  });

  it("renders in headless Chromium with no network", () => {
    const { dom, log } = renderOffline(pathToFileURL(page).href);
    expect(log).toMatch(/CONSOLE[^\n]*\n[^\n]*Redoc/); // Redoc's own banner: its script ran
    expect(log).not.toMatch(/Uncaught/);
    for (const summary of summaries) expect(dom).toContain(summary);
    expect(dom).toContain("Deposit cancelled");
  });
});
