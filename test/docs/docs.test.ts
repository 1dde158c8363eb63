// npm run docs builds one self-contained page: Redoc inlined, nothing loaded from outside the file.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateInPage, renderOffline } from "../helpers/chromium.js";
import { loadDocument, operations, root } from "../helpers/project.js";
import { startSandbox, type Sandbox } from "../helpers/sandbox.js";

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

describe("docs served by the sandbox", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());

  it("name the sandbox's own address as the first server and in the samples, not the documented 8080", async () => {
    const page = await (await fetch(`${sandbox.baseUrl}/`)).text();
    expect(page).toContain(`"servers":[{"url":"${sandbox.baseUrl}"`);
    expect(page).not.toContain("http://127.0.0.1:8080");
  });

  it("GET /api/v4/ answers an index of the docs, the document and the operations", async () => {
    const answer = await fetch(`${sandbox.baseUrl}/api/v4/`);
    expect(answer.status).toBe(200);
    const index = await answer.json();
    expect(index.docs).toBe(`${sandbox.baseUrl}/`);
    expect(index.document).toBe(`${sandbox.baseUrl}/openapi.json`);
    expect(index.operations.map((o: { operationId: string }) => o.operationId).sort()).toEqual(
      operations(loadDocument()).filter((entry) => !entry.webhook).map((entry) => entry.operation.operationId).sort(),
    );
  });

  it("render in headless Chromium with the sandbox as first server and the package sections", () => {
    const { dom, log } = renderOffline(`${sandbox.baseUrl}/#/main-account/getmainbalance`);
    expect(log).not.toMatch(/Uncaught/);
    expect(dom).toContain(`${sandbox.baseUrl}/api/v4/main-account/balance`);
    expect(dom).toContain('href="#/section/using-this-package"');
    expect(dom).toContain('href="#/section/one-signed-request-step-by-step"');
  });

  it("offer curl, TypeScript and Python on every operation's page, in headless Chromium", async () => {
    const pages = operations(loadDocument())
      .filter((entry) => !entry.webhook)
      .map(({ operation }) => ({
        route: `#/${String(operation.tags![0]).toLowerCase().replace(/[^a-z0-9]+/g, "-")}/${String(operation.operationId).toLowerCase()}`,
        summary: operation.summary,
      }));
    // Each page: once its heading shows, open the code sample's language menu and read its items.
    const found = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const until = async (probe) => {
        for (let waited = 0; waited < 8000; waited += 50) {
          const value = probe();
          if (value) return value;
          await sleep(50);
        }
        return null;
      };
      const languagesOf = async ({ route, summary }) => {
        location.hash = route;
        const shown = await until(() => [...document.querySelectorAll("h1, h2")].some((h) => h.textContent.trim() === summary));
        if (!shown) return null;
        const menu = await until(() => [...document.querySelectorAll('[data-component-name="Dropdown/Dropdown"]')].find((d) => d.textContent.trim() === "curl"));
        if (!menu) return null;
        // The menu may open in a portal: its items are the ones that appear on the click.
        const before = new Set(document.querySelectorAll('[role="menuitem"]'));
        menu.querySelector("button").click();
        const items = await until(() => {
          const appeared = [...document.querySelectorAll('[role="menuitem"]')].filter((item) => !before.has(item)).map((item) => item.textContent.trim());
          return appeared.includes("curl") ? appeared : null;
        });
        menu.querySelector("button").click();
        return items;
      };
      const found = {};
      for (const page of ${JSON.stringify(pages)}) found[page.route] = await languagesOf(page);
      return found;
    })()`, 120_000)) as Record<string, string[] | null>;
    expect(Object.keys(found)).toHaveLength(10);
    for (const [route, items] of Object.entries(found)) expect(items, route).toEqual(expect.arrayContaining(["curl", "TypeScript", "Python"]));
  }, 150_000);
});
