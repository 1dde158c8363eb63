import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Renders a page in headless Chromium with every outside address unreachable: host names resolve
 * to nothing and any proxied request goes to a closed loopback port. Returns the rendered DOM and
 * Chromium's log, which carries what the page wrote to its console.
 */
export function renderOffline(url: string): { dom: string; log: string } {
  const profile = mkdtempSync(path.join(tmpdir(), "txc-chromium-"));
  try {
    const result = spawnSync(
      chromiumPath,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-quic", `--user-data-dir=${profile}`,
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=http://127.0.0.1:9",
        "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", url,
      ],
      { encoding: "utf8", timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.error) throw result.error;
    return { dom: result.stdout, log: result.stderr };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
