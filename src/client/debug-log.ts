import type { AttemptEvent } from "../transport/attempt-event.js";
import type { ClientHooks } from "./hooks.js";

/** TXC_DEBUG=1 (or any value but 0/false), or DEBUG naming txc-api as the `debug` package reads it (`txc-api`, `txc-*`, `*`). */
export function debugWanted(env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env): boolean {
  const txc = env.TXC_DEBUG?.trim().toLowerCase();
  if (txc && txc !== "0" && txc !== "false") return true;
  const names = (env.DEBUG ?? "").split(/[\s,]+/).filter(Boolean);
  const on = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`).test("txc-api");
  return names.some((name) => !name.startsWith("-") && on(name)) && !names.some((name) => name.startsWith("-") && on(name.slice(1)));
}

const ms = (value: number | undefined) => (value === undefined ? "-" : `${Math.round(value)}ms`);

/** One line for an attempt: time, operation, attempt, status or error, duration, retry wait, queue wait. */
export function debugLine(kind: "request" | "response" | "retry" | "error", event: AttemptEvent): string {
  const outcome = event.status !== undefined ? `status ${event.status}` : event.error !== undefined ? `error ${(event.error as Error)?.name ?? "Error"}` : "sent";
  const parts = [
    new Date().toISOString(), "txc-api", kind, event.operationId, `attempt ${event.attempt}`, outcome,
    `duration ${ms(event.durationMs)}`, `retry-in ${ms(event.retryInMs)}${event.reason ? ` (${event.reason})` : ""}`, `queued ${ms(event.queuedMs)}`,
    `nonce ${event.nonce ?? "-"}`, `body ${event.bodyBytes}B`,
  ];
  return parts.join(" ");
}

/** The debug log as hooks: one line per attempt to stderr, an answer that ends the call, a retry, or the call's failure. */
export function debugHooks(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): ClientHooks {
  return {
    onResponse: (event) => {
      if (event.status !== undefined && event.status >= 200 && event.status < 300) write(debugLine("response", event));
    },
    onRetry: (event) => write(debugLine("retry", event)),
    onError: (event) => write(debugLine("error", event)),
  };
}
