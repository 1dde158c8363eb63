import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { UsageError } from "./usage-error.js";

import type { ApiKeyPair } from "../signing/sign.js";

/** Largest file of secrets read: a secret or a list of keys is a few hundred bytes. */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

/**
 * Reads a file of secrets: a regular file or a pipe (such as `<(pass show txc)`), at most
 * MAX_SECRET_FILE_BYTES; a device such as /dev/zero, a folder or a larger file is refused.
 * Errors name the option and the file, never what is in it.
 */
export function readSecretFile(file: string, option: string): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (error) {
    throw new UsageError(`cannot read ${option} ${file}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() && !stat.isFIFO()) throw new UsageError(`${option} ${file} is not a regular file or a pipe`);
    const buffer = Buffer.alloc(MAX_SECRET_FILE_BYTES + 1);
    let size = 0;
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buffer, size, buffer.length - size, null);
      } catch (error) {
        throw new UsageError(`cannot read ${option} ${file}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`);
      }
      size += read;
      if (read === 0 || size > MAX_SECRET_FILE_BYTES) break;
    }
    if (size > MAX_SECRET_FILE_BYTES) throw new UsageError(`${option} ${file} is larger than ${MAX_SECRET_FILE_BYTES} bytes`);
    return buffer.subarray(0, size).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/**
 * API key and secret for a command: TXC_API_KEY, and TXC_API_SECRET or a file named by
 * --api-secret-file. Never from argv, where other users of the machine could read the secret.
 */
export function readCredentials(secretFile: string | undefined, env = process.env): ApiKeyPair {
  const apiKey = env.TXC_API_KEY;
  if (!apiKey) throw new UsageError("set TXC_API_KEY to the public API key");
  const apiSecret = secretFile ? readSecretFile(secretFile, "--api-secret-file").trim() : env.TXC_API_SECRET;
  if (!apiSecret) throw new UsageError("set TXC_API_SECRET to the API secret, or pass --api-secret-file FILE");
  return { apiKey, apiSecret };
}

/**
 * Several keys of one account kind from a file (--keys): a JSON array of {"apiKey", "apiSecret"},
 * one per worker, so that each key's nonces stay in order at --concurrency N.
 */
export function readKeysFile(file: string): ApiKeyPair[] {
  let keys: unknown;
  try {
    keys = JSON.parse(readSecretFile(file, "--keys"));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--keys ${file} is not JSON: it holds an array of {"apiKey": "...", "apiSecret": "..."}`);
  }
  if (!Array.isArray(keys) || keys.length === 0) throw new UsageError(`--keys ${file} must hold a non-empty array of {"apiKey": "...", "apiSecret": "..."}`);
  return keys.map((key, index) => {
    const { apiKey, apiSecret } = (key ?? {}) as Record<string, unknown>;
    if (typeof apiKey !== "string" || !apiKey || typeof apiSecret !== "string" || !apiSecret) {
      throw new UsageError(`--keys ${file}: entry ${index + 1} needs a non-empty apiKey and apiSecret (strings)`);
    }
    return { apiKey, apiSecret };
  });
}
