import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Where the repository keeps its bundled document, read at a git ref. */
export const DOCUMENT_IN_REPO = "generated/openapi.json";

/** One side of a comparison: a file to hand to the differ, and its text. */
export type Side = { label: string; file: string; text: string };

/** A side that is neither a readable file nor a git ref holding the document. */
export class SideError extends Error {
  override name = "SideError";
}

/**
 * `spec` as a document: a file (JSON or YAML, OpenAPI 3.0 or 3.1) when one exists at that path,
 * else a git ref of the repository at `cwd`, whose bundled document is written to `scratch`.
 */
export function resolveSide(spec: string, cwd: string, scratch: string): Side {
  const file = path.resolve(cwd, spec);
  if (existsSync(file)) return { label: spec, file, text: readFileSync(file, "utf8") };
  let text: string;
  try {
    text = execFileSync("git", ["show", `${spec}:${DOCUMENT_IN_REPO}`], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    throw new SideError(`${JSON.stringify(spec.slice(0, 100))} is neither a document file nor a git ref whose ${DOCUMENT_IN_REPO} exists here`);
  }
  const copy = path.join(scratch, `${spec.replace(/[^\w.-]+/g, "_")}-${Math.random().toString(36).slice(2, 8)}.json`);
  writeFileSync(copy, text);
  return { label: `${spec} (git)`, file: copy, text };
}

/** A scratch directory for documents read from git, removed by the returned function. */
export function scratchDirectory(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "txc-diff-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
