import { readFileSync } from "node:fs";
import { UsageError } from "./usage-error.js";

/**
 * API key and secret for a command: TXC_API_KEY, and TXC_API_SECRET or a file named by
 * --api-secret-file. Never from argv, where other users of the machine could read the secret.
 */
export function readCredentials(secretFile: string | undefined, env = process.env): { apiKey: string; apiSecret: string } {
  const apiKey = env.TXC_API_KEY;
  if (!apiKey) throw new UsageError("set TXC_API_KEY to the public API key");
  let apiSecret = env.TXC_API_SECRET;
  if (secretFile) {
    try {
      apiSecret = readFileSync(secretFile, "utf8").trim();
    } catch (error) {
      throw new UsageError(`cannot read --api-secret-file ${secretFile}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`);
    }
  }
  if (!apiSecret) throw new UsageError("set TXC_API_SECRET to the API secret, or pass --api-secret-file FILE");
  return { apiKey, apiSecret };
}
