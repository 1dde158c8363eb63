import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { STUCK_MS } from "./project.js";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Throws one line naming the fix when there is no browser to start. */
function requireChromium() {
  if (!existsSync(chromiumPath)) {
    throw new Error(`these tests need Chromium, which is not at ${chromiumPath}: install it (apt-get install chromium, or bash .ci/run) or set CHROMIUM_PATH`);
  }
}

/** Headless, with every outside address unreachable: names resolve to nothing, proxied requests go to a closed port. */
const offlineArgs = (profile: string) => [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-quic", `--user-data-dir=${profile}`,
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=http://127.0.0.1:9",
];

/**
 * Renders a page in headless Chromium with every outside address unreachable: host names resolve
 * to nothing and any proxied request goes to a closed loopback port. Returns the rendered DOM and
 * Chromium's log, which carries what the page wrote to its console.
 */
export function renderOffline(url: string): { dom: string; log: string } {
  requireChromium();
  const profile = mkdtempSync(path.join(tmpdir(), "txc-chromium-"));
  try {
    const result = spawnSync(
      chromiumPath,
      [...offlineArgs(profile), "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", url],
      { encoding: "utf8", timeout: STUCK_MS, maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.error) throw result.error;
    return { dom: result.stdout, log: result.stderr };
  } finally {
    removeProfile(profile);
  }
}

/**
 * Removes a profile folder. Chromium's helper processes may still be writing to it for a moment
 * after the browser exited; a folder that cannot be removed then is left in the temporary
 * directory rather than failing a test about the page.
 */
function removeProfile(profile: string) {
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch {}
}

/** One browser per test file (each file runs in a process of its own), started at its first page; the file closes it (afterAll). */
let shared: { profile: string; browser: Promise<Browser> } | undefined;

/** The file's browser. Its own limits are a stuck browser's: each page keeps the time limit its caller gives. */
function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const profile = mkdtempSync(path.join(tmpdir(), "txc-chromium-"));
    const browser = puppeteer.launch({
      executablePath: chromiumPath,
      args: offlineArgs(profile).filter((arg) => arg !== "--headless"),
      headless: true,
      timeout: STUCK_MS,
      protocolTimeout: STUCK_MS,
    });
    shared = { profile, browser };
  }
  return shared.browser;
}

/** Closes the file's browser, if one was started. */
export async function closeChromium() {
  if (!shared) return;
  const { profile, browser } = shared;
  shared = undefined;
  // A browser that failed to start has said so to every page already.
  await (await browser.catch(() => undefined))?.close();
  removeProfile(profile);
}

/**
 * Opens a page in headless Chromium (no outside network, as above) through puppeteer-core and runs
 * `expression` in it; resolves with its value (a promise is awaited). For what a static DOM dump
 * cannot show, such as the items of a menu that opens on click. Each page has a browser context of
 * its own (no storage, cache or permission shared with another page); the browser is the file's.
 */
export async function evaluateInPage(
  url: string,
  expression: string,
  timeoutMs = 60_000,
  { width, screenshot, colorScheme }: { width?: number; screenshot?: string; colorScheme?: "light" | "dark" } = {},
): Promise<unknown> {
  requireChromium();
  const context = await (await sharedBrowser()).createBrowserContext();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    // A phone (below 600 px) is emulated as one: touch-sized, mobile viewport.
    if (width) await page.setViewport({ width, height: 900, deviceScaleFactor: 1, isMobile: width < 600, hasTouch: width < 600 });
    if (colorScheme) await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: colorScheme }]);
    await page.goto(url, { waitUntil: "load" });
    const ran = page.evaluate(expression).catch((error: Error) => {
      throw new Error(`the page threw: ${error.message}`);
    });
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the page's script ran past ${timeoutMs} ms`)), timeoutMs);
    });
    const value = await Promise.race([ran, stuck]);
    if (screenshot) writeFileSync(screenshot, await page.screenshot({ type: "png" }));
    return value;
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}
