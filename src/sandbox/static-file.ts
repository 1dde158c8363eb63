import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";

type Loaded = { body: Buffer; etag: string };

/**
 * A file served from memory: read once, on the first request that finds it, then answered with
 * an ETag, and 304 to a request that already holds it. Looping clients cost no disk reads.
 */
export class StaticFile {
  #loaded: Loaded | undefined;

  constructor(
    private readonly file: string,
    private readonly contentType: string,
  ) {}

  /** Answers the request; false when the file does not exist (yet), so that the caller can say so. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const loaded = this.#load();
    if (!loaded) return false;
    const headers = { ETag: loaded.etag, "Cache-Control": "no-cache" };
    if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(loaded.etag)) {
      response.writeHead(304, headers).end();
    } else {
      response.writeHead(200, { ...headers, "Content-Type": this.contentType, "Content-Length": loaded.body.length }).end(loaded.body);
    }
    return true;
  }

  #load(): Loaded | undefined {
    if (this.#loaded) return this.#loaded;
    let body: Buffer;
    try {
      body = readFileSync(this.file);
    } catch {
      return undefined;
    }
    this.#loaded = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    return this.#loaded;
  }
}
