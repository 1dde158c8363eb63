import { closeSync, openSync, writeSync } from "node:fs";

/** NDJSON lines written as they come, to a file (created at once, so a run with none still leaves one) or to stdout for `-`. */
export class NdjsonWriter {
  /** The file's descriptor; undefined for stdout. */
  readonly #fd: number | undefined;

  constructor(readonly file: string) {
    this.#fd = file === "-" ? undefined : openSync(file, "w");
  }

  line(value: unknown) {
    const text = `${JSON.stringify(value)}\n`;
    if (this.#fd === undefined) process.stdout.write(text);
    else writeSync(this.#fd, text);
  }

  close() {
    if (this.#fd !== undefined) closeSync(this.#fd);
  }
}
