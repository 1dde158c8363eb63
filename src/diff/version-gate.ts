import type { Change, Verdict } from "./classify.js";

type Version = [major: number, minor: number, patch: number];

const parse = (version: string): Version => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`not a release version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

/** The least version step a contract change needs: breaking a major, compatible a minor, text none. */
export const requiredStep = (verdict: Verdict): "major" | "minor" | "none" =>
  verdict === "breaking" ? "major" : verdict === "compatible" ? "minor" : "none";

/**
 * Why `version` cannot carry a contract that changed as `verdict` says since the release
 * `released`, or undefined when it can. `documentVersion` is the document's info.version, which
 * must be the package's version.
 */
export function versionProblem(released: string, version: string, documentVersion: string, verdict: Verdict): string | undefined {
  if (documentVersion !== version) return `info.version is ${documentVersion} but package.json says ${version}: they must be the same`;
  const [from, to] = [parse(released), parse(version)];
  const order = to[0] - from[0] || to[1] - from[1] || to[2] - from[2];
  if (order < 0) return `version ${version} is older than the released ${released}`;
  const step = requiredStep(verdict);
  if (step === "major" && !(to[0] > from[0])) return `the contract breaks clients since ${released}: the version must be ${from[0] + 1}.0.0 or later, not ${version}`;
  if (step === "minor" && !(to[0] > from[0] || to[1] > from[1])) return `the contract grew since ${released}: the version must be ${from[0]}.${from[1] + 1}.0 or later, not ${version}`;
  return undefined;
}

/** The newest of the released versions (directory names such as 4.0.0). */
export const latestRelease = (versions: readonly string[]): string | undefined =>
  [...versions].filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort((a, b) => {
    const [x, y] = [parse(a), parse(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  }).at(-1);

/** A change since a release that states, for machines, a rule the release's description already held. */
export type Restatement = { since: string; check: string; why: string };

/**
 * The verdict the version gate steps by: the diff's, with each change listed as a restatement of
 * the release (releases/restatements.json) taken as text.
 */
export function gateVerdict(changes: readonly Change[], released: string, restatements: readonly Restatement[]): Verdict {
  const restated = (change: Change) => restatements.some((r) => r.since === released && r.check === change.check);
  const kinds = changes.map((change) => (restated(change) ? "text" : change.kind));
  return kinds.includes("breaking") ? "breaking" : kinds.includes("compatible") ? "compatible" : kinds.length ? "text" : "none";
}
