// Real fronts on 127.0.0.1, started and stopped by the tests: nginx (Debian's nginx-light) with a
// config written here, and a forward proxy (Debian's tinyproxy) that logs what it relays.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startProcess, type Started } from "./processes.js";

export type Front = Started & { port: number; ports: number[]; folder: string; log: () => string; close: () => Promise<void> };

const listening = (port: number) => () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });

const installHint = (name: string, pkg: string) => `${name} is not installed: apt-get install ${pkg} (.ci/run installs it)`;

/**
 * nginx in the foreground, its pid, logs and temp paths in a scratch folder. `servers` writes the
 * `server { }` blocks (and any upstreams) for the free ports given; `prepare` makes files first.
 */
export async function startNginx(
  servers: (ports: number[], folder: string) => string,
  { ports: count = 1, prepare }: { ports?: number; prepare?: (folder: string) => Promise<void> } = {},
): Promise<Front> {
  const folder = mkdtempSync(path.join(tmpdir(), "txc-nginx-"));
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const port = ports[0];
  await prepare?.(folder);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `${name}_temp_path ${folder}/${name};`).join(" ");
  writeFileSync(path.join(folder, "nginx.conf"), `
${process.getuid?.() === 0 ? "user root;" : ""}
daemon off; master_process off; worker_processes 1;
pid ${folder}/nginx.pid; error_log ${folder}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${folder}/access.log;
  ${temp}
  ${servers(ports, folder)}
}`);
  const started = await startProcess("nginx", ["-p", folder, "-c", path.join(folder, "nginx.conf")], listening(port)).catch((error) => {
    throw error?.code === "ENOENT" ? new Error(installHint("nginx", "nginx-light")) : error;
  });
  return {
    ...started, port, ports, folder,
    log: () => readFileSync(path.join(folder, "access.log"), "utf8"),
    close: async () => {
      await started.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** tinyproxy in the foreground on a free port, every port allowed for CONNECT, each relayed request logged. */
export async function startTinyproxy(): Promise<Front> {
  const folder = mkdtempSync(path.join(tmpdir(), "txc-tinyproxy-"));
  const port = await freePort();
  const logFile = path.join(folder, "tinyproxy.log");
  writeFileSync(path.join(folder, "tinyproxy.conf"), [
    ...(process.getuid?.() === 0 ? ["User root", "Group root"] : []),
    `Port ${port}`, "Listen 127.0.0.1", "Timeout 30", `LogFile "${logFile}"`, "LogLevel Info", "MaxClients 50", "Allow 127.0.0.1",
  ].join("\n") + "\n");
  const started = await startProcess("tinyproxy", ["-d", "-c", path.join(folder, "tinyproxy.conf")], listening(port)).catch((error) => {
    throw error?.code === "ENOENT" ? new Error(installHint("tinyproxy", "tinyproxy")) : error;
  });
  return {
    ...started, port, ports: [port], folder,
    log: () => { try { return readFileSync(logFile, "utf8"); } catch { return ""; } },
    close: async () => {
      await started.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
