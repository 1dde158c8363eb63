import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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
      { encoding: "utf8", timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
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

/**
 * Opens a page in headless Chromium (no outside network, as above) and runs `expression` in it
 * over the DevTools protocol; resolves with its value (a promise is awaited). For what a static
 * DOM dump cannot show, such as the items of a menu that opens on click.
 */
export async function evaluateInPage(
  url: string,
  expression: string,
  timeoutMs = 60_000,
  { width, screenshot }: { width?: number; screenshot?: string } = {},
): Promise<unknown> {
  requireChromium();
  const { spawn } = await import("node:child_process");
  const { default: WebSocket } = await import("ws");
  const profile = mkdtempSync(path.join(tmpdir(), "txc-chromium-"));
  // In a process group of its own, so that its helper processes end with it.
  const browser = spawn(chromiumPath, [...offlineArgs(profile), "--remote-debugging-port=0", "about:blank"], { stdio: ["ignore", "ignore", "pipe"], detached: true });
  const killAll = () => {
    try {
      process.kill(-browser.pid!, "SIGKILL");
    } catch {}
  };
  const timer = setTimeout(killAll, timeoutMs);
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let log = "";
      browser.stderr!.on("data", (chunk) => {
        log += chunk;
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(log);
        if (found) resolve(found[1]);
      });
      browser.once("exit", () => reject(new Error(`Chromium exited before its DevTools endpoint was up:\n${log}`)));
    });
    const port = new URL(endpoint).port;
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
    const socket = new WebSocket(targets.find((t) => t.type === "page")!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    let id = 0;
    const call = (method: string, params: object = {}) =>
      new Promise<any>((resolve, reject) => {
        const own = ++id;
        const onMessage = (data: Buffer) => {
          const message = JSON.parse(String(data));
          if (message.id !== own) return;
          socket.off("message", onMessage);
          if (message.error) reject(new Error(message.error.message));
          else resolve(message.result);
        };
        socket.on("message", onMessage);
        socket.send(JSON.stringify({ id: own, method, params }));
      });
    await call("Page.enable");
    // A phone (below 600 px) is emulated as one: touch-sized, mobile viewport.
    if (width) await call("Emulation.setDeviceMetricsOverride", { width, height: 900, deviceScaleFactor: 1, mobile: width < 600 });
    const loaded = new Promise((resolve) => socket.on("message", (data) => JSON.parse(String(data)).method === "Page.loadEventFired" && resolve(null)));
    await call("Page.navigate", { url });
    await loaded;
    const { result, exceptionDetails } = await call("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (screenshot) writeFileSync(screenshot, Buffer.from((await call("Page.captureScreenshot", { format: "png" })).data, "base64"));
    socket.close();
    if (exceptionDetails) throw new Error(`the page threw: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  } finally {
    clearTimeout(timer);
    // Chromium writes its profile until it has exited: remove the profile only after that.
    const exited = browser.exitCode !== null || browser.signalCode !== null ? Promise.resolve() : new Promise((resolve) => browser.once("exit", resolve));
    killAll();
    await exited;
    removeProfile(profile);
  }
}
