// The audit trail of an MCP server: one NDJSON line per tool call, written before the result goes
// back. What was asked and what came of it; never the secret, the signature or the payload.
import { closeSync, openSync, writeSync } from "node:fs";

export type AuditEntry = {
  /** When the call arrived (ISO 8601). */
  time: string;
  tool: string;
  /** The arguments as the agent gave them. */
  arguments: unknown;
  /** answered; dry run (shown, not sent); refused (bad arguments: not sent); not allowed (not sent); failed (the API's error, or the network's). */
  outcome: "answered" | "dry run" | "refused" | "not allowed" | "failed";
  /** The API's status, when it answered. */
  status: number | null;
  durationMs: number;
  /** Fields of the answer the document does not describe, kept from the agent. */
  withheld?: string[];
  /** The error's message, for a call that did not answer. */
  error?: string;
};

export type AuditSink = (entry: AuditEntry) => void;

/** Appends each entry to `file` as a line of its own (the file is created if needed, never truncated). */
export function auditFile(file: string): AuditSink & { close(): void } {
  const fd = openSync(file, "a");
  const sink = (entry: AuditEntry) => void writeSync(fd, `${JSON.stringify(entry)}\n`);
  return Object.assign(sink, { close: () => closeSync(fd) });
}
