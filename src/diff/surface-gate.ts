// The version gate's second half: the package's public surface (docs/public-surface.txt, written
// by scripts/public-surface.mjs) against the latest release's. A name, member or flag removed, or
// its line changed, breaks users (a major); one added is compatible (a minor). A line marked as
// following the document counts only when removed: how the document changes is its own gate's.
import type { Verdict } from "./classify.js";

export const FOLLOWS_THE_DOCUMENT = "  # follows the document";

export type SurfaceChange = { kind: "breaking" | "compatible"; key: string; message: string };

/** The lines of a surface report by key: "entry > name" for a name or flag, "entry > name.member" for a member. */
function surfaceLines(report: string): Map<string, string> {
  const lines = new Map<string, string>();
  let section = "";
  let parent = "";
  for (const line of report.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (!line.startsWith(" ")) {
      section = line;
      continue;
    }
    const member = line.startsWith("    ");
    const name = /^\s+(?:(?:const|function|type|class)\s+)?(--[\w-]+|[\w$]+)/.exec(line)?.[1] ?? line.trim();
    if (!member) parent = name;
    lines.set(`${section} > ${member ? `${parent}.${name}` : name}`, line.trim());
  }
  return lines;
}

const followsTheDocument = (line: string) => line.endsWith(FOLLOWS_THE_DOCUMENT.trim());

/** What changed between the released surface report and the current one. */
export function surfaceChanges(released: string, current: string): SurfaceChange[] {
  const [before, after] = [surfaceLines(released), surfaceLines(current)];
  const changes: SurfaceChange[] = [];
  for (const [key, line] of before) {
    const now = after.get(key);
    if (now === undefined) changes.push({ kind: "breaking", key, message: `${key} is gone` });
    else if (now !== line && !followsTheDocument(line) && !followsTheDocument(now)) changes.push({ kind: "breaking", key, message: `${key} changed: ${line} → ${now}` });
  }
  for (const key of after.keys()) if (!before.has(key)) changes.push({ kind: "compatible", key, message: `${key} is new` });
  return changes;
}

/** The verdict of the surface's changes, as the document's diff gives one. */
export function surfaceVerdict(changes: readonly SurfaceChange[]): Verdict {
  return changes.some((change) => change.kind === "breaking") ? "breaking" : changes.length ? "compatible" : "none";
}

/** The stricter of two verdicts: the version must fit both the document's changes and the surface's. */
export function stricterVerdict(a: Verdict, b: Verdict): Verdict {
  const order: Verdict[] = ["none", "text", "compatible", "breaking"];
  return order[Math.max(order.indexOf(a), order.indexOf(b))]!;
}
