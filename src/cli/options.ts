import { checkBaseUrl } from "../transport/base-url.js";
import { UsageError } from "./usage-error.js";

/** A TCP port from an option or the environment, checked. */
export function portFrom(value: string | undefined, fallback: number, option = "--port"): number {
  if (value === undefined) return fallback;
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) throw new UsageError(`${option} must be a port number, an integer from 0 to 65535`);
  return port;
}

/** How often a process started through npm looks whether npm is still there. */
const PARENT_CHECK_MS = 250;

/**
 * Resolves when the process is asked to stop (Ctrl-C or SIGTERM), or, when it was started
 * through npm (`npm start`, `npx txc-api serve`), when its parent has gone: npm does not pass a
 * SIGTERM on to the script's processes, so CI's `kill $!` to npm would leave them running. Run
 * directly (`node dist/bundle/cli.js serve &`, `nohup`), a process outlives its shell as usual.
 */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const parent = process.ppid;
    const orphaned = process.env.npm_command ? setInterval(() => process.ppid !== parent && stop("SIGTERM"), PARENT_CHECK_MS) : undefined;
    orphaned?.unref();
    const stop = (signal: NodeJS.Signals) => {
      clearInterval(orphaned);
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** A base URL without credentials, query or fragment; errors never repeat what was given. */
export function checkedBaseUrl(value: string | undefined): string {
  const checked = checkBaseUrl(value);
  if ("problem" in checked) throw new UsageError(`--base-url ${checked.problem}`);
  return checked.url;
}

/** Why a server cannot listen on host and port, in one line, or the error itself when it is something else. */
export function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host}:${port}`;
  switch (error.code) {
    case "EADDRINUSE": return new UsageError(`port ${port} on ${host} is in use: pass --port or PORT`);
    case "EADDRNOTAVAIL": return new UsageError(`cannot listen on ${where}: no network interface of this machine has that address (--host)`);
    case "ENOTFOUND":
    case "EAI_AGAIN": return new UsageError(`cannot listen on ${where}: the host name does not resolve (--host)`);
    case "EACCES": return new UsageError(`cannot listen on ${where}: permission denied (ports below 1024 need privileges; pass --port)`);
    default: return error;
  }
}

/** Checks that host and port can be listened on, for a server another program will start. */
export async function checkListenable(host: string, port: number): Promise<void> {
  const { createServer } = await import("node:net");
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, host, port)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
