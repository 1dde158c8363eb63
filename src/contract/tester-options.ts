// The tester's options in one home: what each is called where the user writes it (the CLI's
// flags, the library's options), the rule each must meet, and one resolution for both. Messages
// inside the run name an option through a Wording, so that no flag is spelled outside this file
// and the CLI's help.
import { operationIds, operationIndex, type OperationId } from "../../generated/operations.js";
import { checkBaseUrl } from "../transport/base-url.js";
import { DEFAULT_TIMEOUT_MS } from "../transport/defaults.js";
import { CONNECTIONS_RANGE, DEFAULT_CONNECTIONS } from "../transport/turns.js";
import { MAX_TIMER_MS } from "../rate-limits/waiting.js";
import type { ApiKeyPair } from "../signing/sign.js";
import type { MinCoverage } from "../validation/coverage.js";
import { CHECK_NAMES, DEFAULT_CHECKS, isCheckName, type CheckName } from "./checks/registry.js";
import type { FixtureLists } from "./fixtures.js";
import { oncePerProblem, type OncePer } from "../validation/once-per.js";

/** The options the tester's messages and rules name. */
export type OptionName =
  | "baseUrl" | "operations" | "checks" | "includeMutations" | "seed" | "examplesPerOperation" | "timeoutMs"
  | "concurrency" | "connections" | "maxRateLimitWaitMs" | "maxTimeMs" | "maxFailures" | "fixtures" | "keys"
  | "minCoverage" | "expectNotImplemented" | "proxy" | "oncePer";

/** Each option as the CLI spells it, as the library does, and how many of the library's units one of the CLI's holds. */
const SPELLINGS: Record<OptionName, { flag: string; option: string; flagUnit?: { size: number; name: string } }> = {
  baseUrl: { flag: "--base-url", option: "baseUrl" },
  operations: { flag: "--operation", option: "operations" },
  checks: { flag: "--checks", option: "checks" },
  includeMutations: { flag: "--include-mutations", option: "includeMutations" },
  seed: { flag: "--seed", option: "seed" },
  examplesPerOperation: { flag: "--examples-per-operation", option: "examplesPerOperation" },
  timeoutMs: { flag: "--timeout", option: "timeoutMs" },
  concurrency: { flag: "--concurrency", option: "concurrency" },
  connections: { flag: "--connections", option: "connections" },
  maxRateLimitWaitMs: { flag: "--max-wait", option: "maxRateLimitWaitMs", flagUnit: { size: 1000, name: "s" } },
  maxTimeMs: { flag: "--max-time", option: "maxTimeMs", flagUnit: { size: 1000, name: "s" } },
  maxFailures: { flag: "--max-failures", option: "maxFailures" },
  fixtures: { flag: "--fixtures", option: "fixtures" },
  keys: { flag: "--keys", option: "moreKeys" },
  minCoverage: { flag: "--min-coverage", option: "minCoverage" },
  expectNotImplemented: { flag: "--expect-not-implemented", option: "expectNotImplemented" },
  proxy: { flag: "--proxy", option: "proxy" },
  oncePer: { flag: "--once-per", option: "oncePer" },
};

/** The words of every message that names an option, as the surface the user writes them on spells it (the CLI, the library). */
export type Wording = {
  /** The option as the user writes it: "--max-time", "maxTimeMs". */
  name(option: OptionName): string;
  /** How to turn a boolean option on: "add --include-mutations", "set includeMutations: true". */
  turnOn(option: OptionName): string;
  /** The option given these values: "--operation a --operation b", "operations: [\"a\",\"b\"]". */
  given(option: OptionName, values: readonly string[]): string;
  /** An amount of the option's own unit (milliseconds for the library) as the user writes it: "30 s", "30000 ms". */
  amount(option: OptionName, value: number): string;
  /** How many of the library's units one of the user's holds: 1000 for the CLI's seconds. */
  unitOf(option: OptionName): number;
  /** A main key as the user gave it: "TXC_API_KEY", "key 2 of --keys"; "apiKey", "moreKeys[0]". */
  mainKey(index: number, of: number): string;
  /** The ordinary account's key as the user gave it. */
  basicKey: string;
};

export const CLI_WORDING: Wording = {
  name: (option) => SPELLINGS[option].flag,
  turnOn: (option) => `add ${SPELLINGS[option].flag}`,
  given: (option, values) => values.map((value) => `${SPELLINGS[option].flag} ${value}`).join(" "),
  amount: (option, value) => {
    const unit = SPELLINGS[option].flagUnit;
    return unit ? `${Math.round(value / unit.size)} ${unit.name}` : String(value);
  },
  unitOf: (option) => SPELLINGS[option].flagUnit?.size ?? 1,
  mainKey: (index, of) => (of > 1 ? `key ${index + 1} of --keys` : "TXC_API_KEY"),
  basicKey: "TXC_API_KEY_BASIC",
};

export const LIBRARY_WORDING: Wording = {
  name: (option) => SPELLINGS[option].option,
  turnOn: (option) => `set ${SPELLINGS[option].option}: true`,
  given: (option, values) => `${SPELLINGS[option].option}: ${JSON.stringify(values)}`,
  amount: (option, value) => (SPELLINGS[option].option.endsWith("Ms") ? `${value} ms` : String(value)),
  unitOf: () => 1,
  mainKey: (index) => (index === 0 ? "apiKey" : `moreKeys[${index - 1}]`),
  basicKey: "basic",
};

/** An option that breaks its rule: worded by the surface that reports it, as "<option> <rule>". */
export class OptionError extends Error {
  override name = "OptionError";
  constructor(readonly option: OptionName, readonly rule: string, wording: Wording) {
    super(`${wording.name(option)} ${rule}`);
  }
}

/** What both surfaces give, in the library's units; the CLI turns its strings into these first (NaN for a number it cannot read). */
export type TesterInput = {
  baseUrl: unknown;
  identities: ApiKeyPair[];
  basic?: ApiKeyPair;
  operations?: readonly string[];
  checks?: readonly string[];
  expectNotImplemented?: readonly string[];
  includeMutations?: boolean;
  seed?: number;
  examplesPerOperation?: number;
  timeoutMs?: number;
  concurrency?: number;
  connections?: number;
  pacing?: boolean;
  maxRateLimitWaitMs?: number;
  maxTimeMs?: number;
  maxFailures?: number;
  fixtures?: FixtureLists;
  minCoverage?: MinCoverage;
  proxy?: string;
  allowPartial?: boolean;
  /** Once-only rules the team declares where the document is silent: `{ refundDeposit: ["transaction_id"] }`. */
  oncePer?: OncePer;
};

/** Most time, over the whole run, spent keeping quiet after 429 answers: a few documented periods. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 60_000;

/** The options of a run, every one checked and defaulted. */
export type TesterOptions = {
  baseUrl: string;
  identities: ApiKeyPair[];
  basic?: ApiKeyPair;
  operations: OperationId[];
  checks: ReadonlySet<CheckName>;
  /** Whether the operations and the checks were named by the user: each named one must then be exercised. */
  named: { operations: boolean; checks: boolean };
  expectNotImplemented: OperationId[];
  includeMutations: boolean;
  seed: number;
  examplesPerOperation: number;
  timeoutMs: number;
  /** Requests in flight; worker i signs with identity i modulo their number. */
  concurrency: number;
  connections: number;
  /** Stay within the document's rate limits. */
  pacing: boolean;
  maxRateLimitWaitMs: number;
  maxTimeMs?: number;
  maxFailures?: number;
  fixtures?: FixtureLists;
  minCoverage?: MinCoverage;
  /** A forward proxy to send through (the library's `proxy`, the CLI's --proxy): not `txc-api proxy`. */
  forwardProxy?: string;
  allowPartial: boolean;
  /** The team's once-only rules (none by default), raced and replayed beside the document's x-once-per. */
  oncePer: OncePer;
  wording: Wording;
};

/** Whether the run sends the operation: selected, and when it changes state, with mutations included. */
export function sends(options: { operations: readonly OperationId[]; includeMutations: boolean }, operationId: OperationId): boolean {
  return options.operations.includes(operationId) && (options.includeMutations || !operationIndex[operationId].stateChanging);
}

function integer(option: OptionName, value: number | undefined, fallback: number, least: number, most: number, wording: Wording): number {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value >= least && value <= most) return value;
  const unit = wording.unitOf(option);
  throw new OptionError(option, `must be an integer from ${Math.ceil(least / unit)} to ${Math.floor(most / unit)}`, wording);
}

function knownOperations(option: OptionName, given: readonly string[], wording: Wording): OperationId[] {
  const unknown = given.filter((id) => !Object.hasOwn(operationIndex, id));
  if (unknown.length) throw new OptionError(option, `names no operation of the document: ${JSON.stringify(unknown).slice(1, -1)}; operations: ${operationIds.join(", ")}`, wording);
  return [...given] as OperationId[];
}

function knownChecks(given: readonly string[], wording: Wording): CheckName[] {
  const unknown = given.filter((name) => !isCheckName(name));
  if (unknown.length) throw new OptionError("checks", `names no check: ${JSON.stringify(unknown).slice(1, -1)}; checks: ${CHECK_NAMES.join(", ")}`, wording);
  return given as CheckName[];
}

function minCoverageOf(value: MinCoverage | undefined, wording: Wording): MinCoverage | undefined {
  for (const [name, percent] of Object.entries(value ?? {})) {
    if (!["operations", "statuses"].includes(name) || typeof percent !== "number" || !(percent >= 0 && percent <= 100)) {
      throw new OptionError("minCoverage", `${name}: must be a percentage from 0 to 100 (the keys: operations, statuses)`, wording);
    }
  }
  return value;
}

/** A forward proxy's URL; the refusal never repeats the value, which may hold a password. */
function forwardProxyOf(value: string | undefined, wording: Wording): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol)) throw new OptionError("proxy", "needs an http:// or https:// URL, such as http://127.0.0.1:3128", wording);
  return value;
}

function oncePerOf(value: unknown, wording: Wording): OncePer {
  const problem = oncePerProblem(value);
  if (problem) throw new OptionError("oncePer", problem, wording);
  return (value ?? {}) as OncePer;
}

/** The run's options from what the user gave, on either surface: an OptionError names the first one that breaks its rule. */
export function resolveTesterOptions(input: TesterInput, wording: Wording): TesterOptions {
  const baseUrl = checkBaseUrl(input.baseUrl);
  if ("problem" in baseUrl) throw new OptionError("baseUrl", baseUrl.problem, wording);
  return {
    baseUrl: baseUrl.url,
    identities: input.identities,
    ...(input.basic ? { basic: input.basic } : {}),
    operations: knownOperations("operations", input.operations ?? operationIds, wording),
    checks: new Set(knownChecks(input.checks ?? DEFAULT_CHECKS, wording)),
    named: { operations: input.operations !== undefined, checks: input.checks !== undefined },
    expectNotImplemented: knownOperations("expectNotImplemented", input.expectNotImplemented ?? [], wording),
    includeMutations: input.includeMutations ?? false,
    seed: integer("seed", input.seed, 1, 0, Number.MAX_SAFE_INTEGER, wording),
    examplesPerOperation: integer("examplesPerOperation", input.examplesPerOperation, 10, 0, 100_000, wording),
    timeoutMs: integer("timeoutMs", input.timeoutMs, DEFAULT_TIMEOUT_MS, 1, MAX_TIMER_MS, wording),
    concurrency: integer("concurrency", input.concurrency, 1, 1, 1000, wording),
    connections: integer("connections", input.connections, DEFAULT_CONNECTIONS, CONNECTIONS_RANGE.least, CONNECTIONS_RANGE.most, wording),
    pacing: input.pacing ?? true,
    maxRateLimitWaitMs: integer("maxRateLimitWaitMs", input.maxRateLimitWaitMs, DEFAULT_MAX_RATE_LIMIT_WAIT_MS, 0, MAX_TIMER_MS, wording),
    ...(input.maxTimeMs === undefined ? {} : { maxTimeMs: integer("maxTimeMs", input.maxTimeMs, 0, 1, MAX_TIMER_MS, wording) }),
    ...(input.maxFailures === undefined ? {} : { maxFailures: integer("maxFailures", input.maxFailures, 0, 1, Number.MAX_SAFE_INTEGER, wording) }),
    ...(input.fixtures ? { fixtures: input.fixtures } : {}),
    ...(input.minCoverage ? { minCoverage: minCoverageOf(input.minCoverage, wording) } : {}),
    ...(input.proxy === undefined ? {} : { forwardProxy: forwardProxyOf(input.proxy, wording) }),
    allowPartial: input.allowPartial ?? false,
    oncePer: oncePerOf(input.oncePer, wording),
    wording,
  };
}
