// npm run docs builds one self-contained page: Redoc inlined, nothing loaded from outside the file.
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeChromium, evaluateInPage, renderOffline } from "../helpers/chromium.js";
import { loadDocument, operations, root, type OpenApiDocument, STUCK_MS } from "../helpers/project.js";
import { resetSandbox, sandboxPerFile } from "../helpers/sandbox.js";
import { requestExample } from "../helpers/examples.js";
import { signRequest } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";

afterAll(closeChromium);

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

/** The document a served page renders (Redoc's inlined definition). */
function servedDefinition(page: string): OpenApiDocument {
  const start = page.indexOf("const __redoc_definition = ") + "const __redoc_definition = ".length;
  return JSON.parse(page.slice(start, page.indexOf(";\n      const __redoc_options", start)));
}

/** A GET with exactly these headers (fetch would add Accept-Encoding and decode the answer itself). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk) => chunks.push(chunk)).on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject).end();
  });
}

describe("rendered docs", () => {
  it("carries every operation's summary and the webhook", () => {
    expect(summaries, "one summary per operation and webhook of the document").toHaveLength(operations(loadDocument()).length);
    expect(summaries.every(Boolean)).toBe(true);
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
  const sandbox = sandboxPerFile();

  it("name the sandbox's own address as the first server and in the samples, not the documented 8080", async () => {
    const page = await (await fetch(`${sandbox.baseUrl}/`)).text();
    expect(page).toContain(`"servers":[{"url":"${sandbox.baseUrl}"`);
    expect(page).not.toContain("http://127.0.0.1:8080");
  });

  it("list each real server once as an absolute template, and the serving address once, in the page and the document", async () => {
    // Reached under another name, as an API tool importing the document would: that name is the one named.
    const other = sandbox.baseUrl.replace("127.0.0.1", "localhost");
    for (const origin of [sandbox.baseUrl, other]) {
      const document = await (await fetch(`${origin}/openapi.json`)).json();
      const page = servedDefinition(await (await fetch(`${origin}/`)).text());
      for (const { servers } of [document, page]) {
        expect(servers.map((server: { url: string }) => server.url)).toEqual([origin, "{scheme}://{host}", "{scheme}://{host}"]);
        expect(servers.slice(1).map((server: { variables: { host: { default: string } } }) => server.variables.host.default)).toEqual(["base-url.invalid", "eu-base-url.invalid"]);
      }
      expect(JSON.stringify(document)).not.toContain("127.0.0.1:8080");
    }
  });

  it("answer the page and the document gzipped to clients that take it, plain to others, with Vary", async () => {
    for (const target of ["/", "/openapi.json"]) {
      const zipped = await rawGet(`${sandbox.baseUrl}${target}`, { "Accept-Encoding": "gzip, deflate" });
      const plain = await rawGet(`${sandbox.baseUrl}${target}`, {});
      expect(zipped.headers["content-encoding"], target).toBe("gzip");
      expect(plain.headers["content-encoding"], target).toBeUndefined();
      for (const answer of [zipped, plain]) expect(answer.headers.vary, target).toBe("Accept-Encoding");
      expect(gunzipSync(zipped.body).equals(plain.body), target).toBe(true);
      expect(zipped.body.length, target).toBeLessThan(plain.body.length / 3);
      // Each encoding its own ETag: a cache never answers gzip bytes to a client that did not ask.
      expect(zipped.headers.etag).not.toBe(plain.headers.etag);
      const revalidated = await rawGet(`${sandbox.baseUrl}${target}`, { "Accept-Encoding": "gzip", "If-None-Match": zipped.headers.etag as string });
      expect(revalidated.status, target).toBe(304);
    }
    const refused = await rawGet(`${sandbox.baseUrl}/`, { "Accept-Encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("carry the demo credentials, marked, in every signed sample and in the signing walk-through; the static page keeps the environment", async () => {
    const served = servedDefinition(await (await fetch(`${sandbox.baseUrl}/`)).text());
    for (const { operation, webhook } of operations(served)) {
      const signed = (operation.security ?? served.security).some((requirement) => Object.keys(requirement).length > 0);
      if (webhook || !signed) continue;
      for (const sample of operation["x-codeSamples"] as { label: string; source: string }[]) {
        expect(sample.source, `${operation.operationId} ${sample.label}`).toContain(demoKeys.partner.secret);
        expect(sample.source).toContain("the sandbox's demo credentials");
        expect(sample.source).not.toMatch(/process\.env\.TXC_API|os\.environ\["TXC_API/);
      }
    }
    const description = served.info.description;
    // A step's value is the last code span of its line (the page's paragraphs are one line each).
    const step = (n: number) => new RegExp(`\\n${n}\\. [^\\n]*\`([^\`]+)\`[ \\t]*(?:\\n|$)`).exec(description)?.[1];
    const signed = signRequest({ path: "/api/v4/main-account/balance", body: { ticker: "BTC" }, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, nonce: "1700000000000" });
    expect([step(1), step(2), step(3)]).toEqual([signed.body, signed.headers["X-TXC-PAYLOAD"], signed.headers["X-TXC-SIGNATURE"]]);
    expect(description).toMatch(new RegExp(`X-TXC-APIKEY:\\s+${demoKeys.partner.key}`));
    expect(description).not.toContain("example-secret");
    expect(html).not.toContain(demoKeys.partner.secret);
    expect(html).toContain("process.env.TXC_API_SECRET");
  });

  it("run a signed sample copied from the page as it is, with no credentials in the environment", async () => {
    await resetSandbox(sandbox);
    const served = servedDefinition(await (await fetch(`${sandbox.baseUrl}/`)).text());
    const balance = operations(served).find(({ operation }) => operation.operationId === "getMainBalance")!.operation;
    const samples = Object.fromEntries((balance["x-codeSamples"] as { label: string; source: string }[]).map((sample) => [sample.label, sample.source]));
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("TXC_")));
    const curl = spawnSync("bash", ["-c", samples.curl], { encoding: "utf8", env });
    expect(curl.stderr).toBe("");
    expect(JSON.parse(curl.stdout)).toMatchObject({ BTC: { main_balance: "0.01532" } });
    const python = spawnSync("python3", ["-c", samples.Python], { encoding: "utf8", env });
    expect(python.stderr).toBe("");
    expect(JSON.parse(python.stdout)).toMatchObject({ BTC: { main_balance: "0.01532" } });
  });

  it("try-it shows each operation's documented example, and no request or answer of the operation before", async () => {
    const shown = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      document.getElementById("txc-try-it-open").click();
      const choice = document.getElementById("txc-try-it-operation");
      const answer = document.getElementById("txc-try-it-answer");
      choice.value = "ping";
      choice.dispatchEvent(new Event("change"));
      document.getElementById("txc-try-it-send").click();
      for (let waited = 0; waited < 5000 && !answer.dataset.status; waited += 50) await sleep(50);
      const before = answer.dataset.status;
      choice.value = "getFundingHistory";
      choice.dispatchEvent(new Event("change"));
      const send = getComputedStyle(document.getElementById("txc-try-it-send"));
      return { before, request: document.getElementById("txc-try-it-request").textContent, answer: answer.textContent, status: answer.dataset.status ?? null,
        body: document.getElementById("txc-try-it-body").value, sendBackground: send.backgroundColor };
    })()`)) as { before: string; request: string; answer: string; status: string | null; body: string; sendBackground: string };
    expect(shown.before).toBe("200");
    expect({ request: shown.request, answer: shown.answer, status: shown.status }).toEqual({ request: "", answer: "", status: null });
    expect(JSON.parse(shown.body)).toEqual(requestExample("getFundingHistory"));
    expect(shown.sendBackground).toBe("rgb(29, 78, 216)");
  });

  it("try-it opens on the operation the reader went to, its example in the body", async () => {
    const opened = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const until = async (probe) => { for (let waited = 0; waited < 10000 && !probe(); waited += 50) await sleep(50); return probe(); };
      const link = (href) => [...document.querySelectorAll("a[href]")].find((a) => a.getAttribute("href") === href);
      const openedOn = () => {
        document.getElementById("txc-try-it-open").click();
        const shown = { operation: document.getElementById("txc-try-it-operation").value, body: document.getElementById("txc-try-it-body").value };
        document.getElementById("txc-try-it-close").click();
        return shown;
      };
      // Scrolled to: the section's top in the upper part of the window, and still there a frame later.
      let lastTop;
      const scrolledTo = (id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        const settled = top !== undefined && top === lastTop && top <= innerHeight * 0.4;
        lastTop = top;
        return settled;
      };
      (await until(() => link("/main-account"))).click();
      (await until(() => link("#/main-account/refunddeposit"))).click();
      await until(() => location.hash === "#/main-account/refunddeposit" && scrolledTo("main-account/refunddeposit"));
      const fromTheMenu = openedOn();
      (await until(() => link("/collateral-account"))).click();
      (await until(() => link("#/collateral-account/getfundinghistory"))).click();
      await until(() => location.hash === "#/collateral-account/getfundinghistory" && scrolledTo("collateral-account/getfundinghistory"));
      return { fromTheMenu, afterMoving: openedOn() };
    })()`, STUCK_MS)) as Record<string, { operation: string; body: string }>;
    expect(opened.fromTheMenu.operation).toBe("refundDeposit");
    expect(JSON.parse(opened.fromTheMenu.body)).toEqual(requestExample("refundDeposit"));
    expect(opened.afterMoving.operation).toBe("getFundingHistory");
  });

  it("try-it leaves the page's last line clear of its button at 390 px, and opens as a sheet over the whole screen", async () => {
    const layout = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let waited = 0; waited < 20000 && !(document.getElementById("txc-try-it-open") && document.querySelector('#redoc [id^="section/"]')); waited += 50) await sleep(50);
      // Redoc renders sections as they come into view: scroll to the end until the page's end is in
      // view with text there, and the page's height and that text's boxes are the same at two
      // looks in a row (polled, for up to 20 s).
      const page = document.scrollingElement;
      const textsInView = () => [...document.querySelectorAll("#redoc *")].filter((e) => e.childElementCount === 0 && e.textContent.trim())
        .map((e) => e.getBoundingClientRect()).filter((box) => box.height > 0 && box.bottom > 0 && box.top < innerHeight);
      let texts = [];
      for (let waited = 0, before = ""; waited < 20000; waited += 50) {
        window.scrollTo(0, page.scrollHeight);
        await sleep(50);
        texts = textsInView();
        const look = JSON.stringify([page.scrollHeight, page.scrollTop, texts]);
        if (look === before && page.scrollTop + innerHeight >= page.scrollHeight - 1 && texts.length > 0) break;
        before = look;
      }
      const button = document.getElementById("txc-try-it-open").getBoundingClientRect();
      const covered = texts.filter((box) => box.bottom > button.top && box.top < button.bottom && box.left < button.right && box.right > button.left).length;
      document.getElementById("txc-try-it-open").click();
      const sheet = document.getElementById("txc-try-it").getBoundingClientRect();
      return { covered, texts: texts.length, sheet: [sheet.left, sheet.top, sheet.width, sheet.height], innerWidth, innerHeight,
        buttonShown: getComputedStyle(document.getElementById("txc-try-it-open")).display !== "none" };
    })()`, 90_000, { width: 390 })) as { covered: number; texts: number; sheet: number[]; innerWidth: number; innerHeight: number; buttonShown: boolean };
    expect(layout.texts).toBeGreaterThan(3);
    expect(layout.covered).toBe(0);
    expect(layout.sheet).toEqual([0, 0, layout.innerWidth, layout.innerHeight]);
    expect(layout.buttonShown).toBe(false);
  });

  it("has a try-it panel that sends every operation signed to the sandbox and shows the request as sent", async () => {
    await resetSandbox(sandbox);
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(await (await fetch(`${sandbox.baseUrl}/`)).text())?.[1];
    expect(policy).toContain("connect-src 'self'");
    const sent = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      document.getElementById("txc-try-it-open").click();
      const choice = document.getElementById("txc-try-it-operation");
      const shown = {};
      for (const option of [...choice.options]) {
        choice.value = option.value;
        choice.dispatchEvent(new Event("change"));
        const answer = document.getElementById("txc-try-it-answer");
        document.getElementById("txc-try-it-send").click();
        for (let waited = 0; waited < 5000 && !answer.dataset.status; waited += 50) await sleep(50);
        shown[option.value] = { status: answer.dataset.status, answer: answer.textContent, request: document.getElementById("txc-try-it-request").textContent };
      }
      return shown;
    })()`)) as Record<string, { status: string; answer: string; request: string }>;
    const index = operations(loadDocument()).filter((entry) => !entry.webhook);
    expect(Object.keys(sent).sort()).toEqual(index.map(({ operation }) => operation.operationId).sort());
    for (const { operation, path: apiPath } of index) {
      const { status, request, answer } = sent[operation.operationId];
      expect(status, `${operation.operationId}: ${answer}`).toBe("200");
      expect(request).not.toContain(demoKeys.partner.secret);
      if (operation.operationId === "ping") continue;
      // The request as shown holds: its payload is the base64 of its body, its signature the HMAC of the payload with the demo secret.
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(request)?.[1];
      const body = request.split("\n\n")[1];
      expect(request.split("\n")[0]).toBe(`POST ${apiPath}`);
      expect(JSON.parse(body).request).toBe(apiPath);
      expect(header("X-TXC-PAYLOAD")).toBe(Buffer.from(body).toString("base64"));
      expect(header("X-TXC-SIGNATURE")).toBe(createHmac("sha512", demoKeys.partner.secret).update(header("X-TXC-PAYLOAD")!).digest("hex"));
      expect(header("X-TXC-APIKEY")).toBe(demoKeys.partner.key);
    }
  });

  it.each([390, 1400])("keeps every code panel inside its box at %i px, its copy button clear of the code, and no page overflow", async (width) => {
    const screenshot = path.join(dir, `balance-${width}.png`);
    const measured = (await evaluateInPage(`${sandbox.baseUrl}/#/main-account/getmainbalance`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      let panels = [];
      for (let waited = 0; waited < 8000 && panels.length === 0; waited += 100) {
        await sleep(100);
        panels = [...document.querySelectorAll('pre[data-component-name="CodeBlock/CodeBlockContainer"]')].filter((pre) => pre.clientWidth > 0);
      }
      const overlaps = (a, b) => !(a.bottom <= b.top || a.top >= b.bottom || a.right <= b.left || a.left >= b.right);
      const results = panels.map((pre) => {
        const copy = pre.closest('[data-component-name="CodeBlock/CodeBlock"]').querySelector('[data-component-name="Buttons/CopyButton"]');
        const line = pre.querySelector(".th-line");
        const box = pre.getBoundingClientRect();
        return {
          overflow: pre.scrollWidth - pre.clientWidth,
          outside: Math.max(0, box.right - document.documentElement.clientWidth),
          copyOverCode: Boolean(copy && line && overlaps(copy.getBoundingClientRect(), line.getBoundingClientRect())),
        };
      });
      panels[0]?.scrollIntoView();
      return { panels: results, pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
    })()`, 60_000, { width, screenshot })) as { panels: { overflow: number; outside: number; copyOverCode: boolean }[]; pageOverflow: number };
    expect(measured.panels.length).toBeGreaterThan(0);
    for (const panel of measured.panels) expect(panel).toEqual({ overflow: 0, outside: 0, copyOverCode: false });
    expect(measured.pageOverflow).toBe(0);
    // The screenshot is a real rendering of that width (PNG header: width at byte 16).
    expect(readFileSync(screenshot).readUInt32BE(16)).toBe(width);
  });

  it("has the package's picks and the workflows as sections of the introduction, and search reaches them", async () => {
    const searched = () => evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const headings = [...document.querySelectorAll("h1, h2")].map((h) => h.textContent.trim());
      // A click can be lost (on the server-rendered button before React has hydrated it, or while
      // React re-renders under load), and Redoc builds its search index after rendering: the
      // trigger is clicked again each second while no search dialog is open, until the box shows.
      const trigger = () => document.querySelector('[data-testid="search-trigger"]');
      let input;
      let clicks = 0;
      for (let waited = 0; waited < 45000 && !input; waited += 50) {
        if (waited % 1000 === 0 && !document.querySelector('[role="dialog"]') && trigger()) {
          trigger().click();
          clicks++;
        }
        await sleep(50);
        input = document.querySelector('input[placeholder="Search docs..."]');
      }
      if (!input) return { headings, results: "no search box within 45 s (" + clicks + " clicks; a dialog open: " + !!document.querySelector('[role="dialog"]') + "; the trigger there: " + !!trigger() + ")" };
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
      const results = {};
      for (const query of ["One signed request, step by step", "What this package picked where the description is silent"]) {
        setValue.call(input, query);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        const shown = () => input.closest('[role="dialog"]')?.innerText ?? input.parentElement.parentElement.parentElement.parentElement.innerText;
        // The results show once the search has run: waited for, up to 10 s, rather than for a fixed time.
        for (let waited = 0; waited < 10000 && !shown().replace(/\\s+/g, " ").includes(query); waited += 100) await sleep(100);
        results[query] = shown();
      }
      return { headings, results };
    })()`, STUCK_MS) as Promise<{ headings: string[]; results: Record<string, string> | string }>;
    // Twice in full runs on a loaded machine the search box never showed within 45 s of a click,
    // though it shows within seconds otherwise: a fresh page is tried once more before failing,
    // and a failure says what each try saw.
    const first = await searched();
    const found = typeof first.results === "string" ? await searched() : first;
    if (found !== first) console.warn(`docs search, first try: ${first.results}; second try: ${typeof found.results === "string" ? found.results : "the box showed"}`);
    expect(found.results, `first try: ${JSON.stringify(first.results)}`).toBeTypeOf("object");
    expect(found.headings).toEqual(expect.arrayContaining(["Trying it here", "What this package picked where the description is silent", "Workflows"]));
    for (const [query, shown] of Object.entries(found.results)) expect(shown.replace(/\s+/g, " "), query).toContain(query);
  });

  it("follow every internal link of the page, its menu's and its guides' (each route opened, its links followed in turn), to an element of the page", async () => {
    const followed = (await evaluateInPage(`${sandbox.baseUrl}/`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let waited = 0; waited < 20000 && !document.getElementById("section/rate-limits"); waited += 100) await sleep(100);
      // A route of the page as a link names it: "#/route", "/route" (the menu's) or a search result's "#/route#/route"; files (.json) are not routes.
      const isRoute = (href) => /^(#\\/|\\/(?!\\/))/.test(href) && !/\\.json$/.test(href);
      const routeOf = (href) => decodeURIComponent(href.replace(/^#?\\//, "").split("#")[0]);
      const seen = new Set([""]);
      const queue = [];
      // Every section is opened too (a guide's later headings render only when opened), so that the links of every guide's text are followed.
      const collect = () => {
        const hrefs = [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")).filter(isRoute);
        const sections = [...document.querySelectorAll("[data-section-id]")].map((section) => section.getAttribute("data-section-id"));
        for (const route of [...hrefs, ...sections].map(routeOf)) {
          if (seen.has(route)) continue;
          seen.add(route);
          queue.push(route);
        }
      };
      collect();
      // A route's element is rendered once the route is opened: opened as its link does, and waited for.
      const dangling = [];
      for (let route; (route = queue.shift()) !== undefined; ) {
        if (!document.getElementById(route)) {
          location.hash = "/" + route;
          for (let waited = 0; waited < 60000 && !document.getElementById(route); waited += 50) await sleep(50);
        }
        if (document.getElementById(route)) collect();
        else dangling.push(route);
      }
      return { routes: [...seen], dangling };
    })()`, STUCK_MS)) as { routes: string[]; dangling: string[] };
    // The menu's guides and sections, the operations the workflows link, and the guides' links to each other's headings.
    expect(followed.routes).toEqual(expect.arrayContaining(["section/rate-limits", "the-client", "changelog", "main-account/getmainbalance", "the-client/how-it-sends"]));
    expect(followed.dangling).toEqual([]);
  });

  it("answer the page to a browser opening one of its links in a new tab: a section's lands on it, a tag's gets the page; JSON clients still get the 404", async () => {
    // One route: each is a browser of its own, and every section is laid out alike.
    const landed = async (route: string) => (await evaluateInPage(`${sandbox.baseUrl}${route}`, `(async () => {
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      // Landed: the route's element in the upper part of the window, and still there a frame later.
      let lastTop;
      const there = () => {
        const top = document.getElementById(${JSON.stringify(route.slice(1))})?.getBoundingClientRect().top;
        const settled = top !== undefined && top === lastTop && top <= innerHeight * 0.4;
        lastTop = top;
        return settled;
      };
      for (let waited = 0; waited < 20000 && !there(); waited += 100) await sleep(100);
      return { path: location.pathname, hash: location.hash, there: there(), title: document.title };
    })()`, STUCK_MS)) as { path: string; hash: string; there: boolean };
    // The path is made the hash route Redoc opens (route-from-path.js), the address then the one to share.
    expect(await landed("/section/rate-limits")).toMatchObject({ path: "/", hash: "#/section/rate-limits", there: true });
    expect(await landed("/the-client/how-it-sends")).toMatchObject({ path: "/", hash: "#/the-client/how-it-sends", there: true });
    // A tag's link opens its group in the sidebar (no element of its own): a new tab gets the page.
    const tag = await fetch(`${sandbox.baseUrl}/main-account`, { headers: { accept: "text/html" } });
    expect([tag.status, tag.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    const json = await fetch(`${sandbox.baseUrl}/section/rate-limits`, { headers: { accept: "application/json" } });
    expect(json.status).toBe(404);
    expect(json.headers.get("content-type")).toMatch(/application\/json/);
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
    // Nothing refused by the page's policy (Redoc's attribution logo is drawn in the page), no console warning of ours.
    expect(log).not.toMatch(/Content Security Policy|Password field is not contained in a form/);
    expect(dom).toContain('alt="redocly logo"');
    // The changelog is a page of the menu; its entries are bold lines there, not entries of the menu.
    expect(dom).toContain('href="#/changelog"');
    expect(dom).not.toMatch(/changelog\/4\.0\.0/);
    expect(renderOffline(`${sandbox.baseUrl}/#/changelog`).dom).toMatch(/<strong[^>]*>4\.0\.0<\/strong>/);
    expect(dom).toContain(`${sandbox.baseUrl}/api/v4/main-account/balance`);
    expect(dom).toContain('href="#/section/using-this-package"');
    expect(dom).toContain('href="#/section/one-signed-request-step-by-step"');
    // The workflows are a section of the introduction; each guide is a page of the menu.
    expect(dom).toContain('href="#/section/workflows"');
    expect(dom).toContain('href="#/the-client"');
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
    })()`, STUCK_MS)) as Record<string, string[] | null>;
    expect(Object.keys(found), "pages opened against the operations of the document").toHaveLength(pages.length);
    for (const [route, items] of Object.entries(found)) expect(items, route).toEqual(expect.arrayContaining(["curl", "TypeScript", "Python"]));
  });
});
