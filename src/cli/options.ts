import { UsageError } from "./usage-error.js";

/** A TCP port from an option or the environment, checked. */
export function portFrom(value: string | undefined, fallback: number, option = "--port"): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`${option} must be a port number (0-65535)`);
  return port;
}

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
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
  const usage = "--base-url is required: the server's base address, such as http://127.0.0.1:8080 or https://gateway.example/prefix";
  if (!value) throw new UsageError(usage);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url is not a URL. ${usage}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) throw new UsageError(`--base-url must be http(s) without query or fragment. ${usage}`);
  if (url.username || url.password) throw new UsageError("--base-url must not hold credentials: they come from TXC_API_KEY and TXC_API_SECRET");
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}
