import { UsageError } from "./usage-error.js";

/** A TCP port from an option or the environment, checked. */
export function portFrom(value: string | undefined, fallback: number, option = "--port"): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`${option} must be a port number (0-65535), not ${value}`);
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
