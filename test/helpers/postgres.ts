// A real PostgreSQL for a test (Debian's postgresql): its own data folder, initialised and run as
// a non-root user (the server refuses root; as root, the postgres user Debian made, via runuser),
// listening on 127.0.0.1 only, on a free port. Restartable on the same data (a fast shutdown, or
// an immediate shutdown, which PostgreSQL recovers from its write-ahead log as after a crash).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./processes.js";
import { STUCK_MS } from "./project.js";

const VERSIONS = "/usr/lib/postgresql";

function binaries(): string {
  const version = existsSync(VERSIONS) ? readdirSync(VERSIONS).sort().at(-1) : undefined;
  if (!version) throw new Error("PostgreSQL is not installed: apt-get install postgresql (.ci/run installs it)");
  return path.join(VERSIONS, version, "bin");
}

const asRoot = process.getuid?.() === 0;
/** A command as the user PostgreSQL runs as. */
const asPostgres = (command: string, args: string[]): [string, string[]] => (asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]);

export type Postgres = {
  port: number;
  url: string;
  /** Starts the server on its data folder (again, after stop or kill). */
  start(): Promise<void>;
  /** A fast shutdown: open transactions rolled back, the server gone. */
  stop(): Promise<void>;
  /** An immediate shutdown (SIGQUIT): no checkpoint, connections cut, what a crash leaves; recovered from the write-ahead log on the next start. */
  crash(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
};

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });

export async function startPostgres(): Promise<Postgres> {
  const bin = binaries();
  const folder = mkdtempSync(path.join(tmpdir(), "txc-postgres-"));
  const data = path.join(folder, "data");
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(folder, uid, gid);
  }
  const [init, initArgs] = asPostgres(path.join(bin, "initdb"), ["-D", data, "-U", "txc", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  execFileSync(init, initArgs, { stdio: "pipe" });
  const port = await freePort();
  let server: ChildProcess | undefined;
  let output = "";
  const exited = () => !server || server.exitCode !== null || server.signalCode !== null;
  const start = async () => {
    const [command, args] = asPostgres(path.join(bin, "postgres"), ["-D", data, "-p", String(port), "-k", folder, "-c", "listen_addresses=127.0.0.1"]);
    server = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + STUCK_MS;
    // Ready once it accepts connections and says so (after recovery from a crash).
    while (!(/ready to accept connections/.test(output.split("database system is shut down").at(-1)!) && (await accepting(port)))) {
      if (exited()) throw new Error(`postgres exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`postgres was not ready within ${STUCK_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    output = "";
  };
  const ended = (signal: NodeJS.Signals) => async () => {
    if (exited()) return;
    const gone = new Promise((resolve) => server!.once("exit", resolve));
    // The server itself, not runuser in front of it.
    const pid = asRoot ? Number(execFileSync("head", ["-1", path.join(data, "postmaster.pid")], { encoding: "utf8" })) : server!.pid!;
    process.kill(pid, signal);
    await gone;
  };
  await start();
  return {
    port, url: `postgres://txc@127.0.0.1:${port}/postgres`,
    start, stop: ended("SIGINT"), crash: ended("SIGQUIT"),
    async close() {
      await ended("SIGINT")();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
