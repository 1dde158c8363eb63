import { validators } from "../../generated/validators.js";
import { printable } from "../text/printable.js";
import { conformanceProblems } from "../validation/answer-conformance.js";
import { UNKNOWN_PATH, UNKNOWN_PATH_CASE, type Case, type Observation } from "./case.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { realFields } from "./fixtures.js";
import { saysAbsent } from "../validation/absent.js";
import { ConnectionError, type Sender } from "./send.js";
import type { Wording } from "./tester-options.js";

/** What the one line of a refusal may add, in the words of the surface it is printed on. */
export type StartHint =
  | { kind: "base-url" }
  | { kind: "test-the-others"; operations: OperationId[] }
  | { kind: "include-mutations" };

/** The run cannot start: nothing answers like this API, or the credentials are refused. Exit 2. */
export class StartError extends Error {
  override name = "StartError";
  constructor(message: string, readonly hint?: StartHint) {
    super(message);
  }
}

/** The refusal as one line, its hint in the words of the surface that prints it. */
export function startErrorText(error: StartError, wording: Wording): string {
  const { hint } = error;
  if (!hint) return error.message;
  const baseUrl = `${error.message} Check ${wording.name("baseUrl")}`;
  if (hint.kind === "base-url") return `${baseUrl}.`;
  if (hint.kind === "include-mutations") return `${baseUrl}; if the server has only state-changing operations so far, ${wording.turnOn("includeMutations")}.`;
  return `${error.message}, or test the others alone (${wording.given("operations", hint.operations)})`;
}

const said = (observed: Observation) => {
  const message = observed.json.ok ? (observed.json.value as { message?: unknown } | null)?.message : undefined;
  return typeof message === "string" ? `: ${printable(message, 120)}` : observed.text ? ` ${printable(observed.text, 80)}` : "";
};

/** "POST /api/v4/main-account/balance 404 text/html": a probe and its answer, as a refusal lists them. */
function tried(operationId: OperationId, observed: Observation): string {
  const call = `${operationIndex[operationId].method} ${operationIndex[operationId].path} ${observed.status}`;
  if (!observed.json.ok) return `${call} ${printable(observed.contentType.split(";")[0] || "no Content-Type", 40)}`;
  if (operationId === PUBLIC_PROBE && observed.status === 200) return `${call} ${printable(JSON.stringify(observed.json.value), 60)} (not ${PUBLIC_ANSWER})`;
  return saysAbsent(operationId, observed.status) ? call : `${call} (not the document's shape)`;
}

/** The public operation (the ping) and what the document says it answers. */
const PUBLIC_PROBE = (Object.keys(operationIndex) as OperationId[]).find((id) => !operationIndex[id].signed)!;
const PUBLIC_ANSWER = JSON.stringify(operationIndex[PUBLIC_PROBE].publicAnswer);

/** This API answers JSON, its errors included (the description: every response is JSON). */
const speaksJson = (observed: Observation) => observed.json.ok && observed.json.value !== null && typeof observed.json.value === "object";

const probeCase = (operationId: OperationId, fields: Record<string, unknown> | undefined, identity?: "basic"): Case => ({
  operationId, check: "positive", name: "start", method: operationIndex[operationId].method, path: operationIndex[operationId].path,
  fields, expect: { kind: "accepted" }, identity,
});

/**
 * The read-only signed operations to prove a key with, in the order they are tried: for a main
 * key the partner-only ones first (their 403 tells a key that is not a partner's).
 */
function probeOrder(operationIds: OperationId[], partner: boolean): OperationId[] {
  const readOnly = operationIds.filter((id) => operationIndex[id].signed && !operationIndex[id].stateChanging);
  const partnerOnly = readOnly.filter((id) => operationIndex[id].businessPartnerOnly);
  const ordinary = readOnly.filter((id) => !operationIndex[id].businessPartnerOnly);
  return partner ? [...partnerOnly, ...ordinary] : ordinary;
}

export type StartOptions = {
  /** The operations of the run (state-changing ones only when it sends them). */
  operationIds: OperationId[];
  /** The operations selected, state-changing ones included, for the hint when none answers. */
  selected: OperationId[];
  /** Whether the run tests the ping. */
  pingPlanned: boolean;
  /** How many main keys there are, each proven on its own worker. */
  mainKeys: number;
  /** How the user named the keys, for a refusal. */
  wording: Wording;
  hasBasic: boolean;
  fixtures: Partial<Record<OperationId, Record<string, unknown>>>;
};

/** A key the start proves: its worker, its name as the user gave it, and whether it must be a business partner's. */
type ProbeKey = { worker: number; name: string; identity?: "basic"; partner: boolean };

/**
 * Proves the target and the credentials before any check, from what the server has: the ping
 * when it answers ["pong"]; else any selected read-only operation that answers as this API does
 * (a documented status, JSON). Each key is proven by a signed call that is not refused 401 (nor
 * 403 where the key must be a business partner's). An operation answering 404, 405 or 501 is one
 * the server does not have yet: the next is tried, and the checks report it "not implemented".
 * A documented path answering JSON of another shape is this API with a defect, which the checks
 * report, unless an undocumented path answers alike (2xx): then it is a server that answers
 * everything, not this API. Throws StartError when nothing answers like this API or a key is
 * refused. Returns notes.
 */
export async function proveTarget(sender: Sender, options: StartOptions): Promise<string[]> {
  try {
    return await prove(sender, options);
  } catch (error) {
    if (error instanceof ConnectionError) throw new StartError(`cannot reach the server: ${error.message}`);
    throw error;
  }
}

async function prove(sender: Sender, options: StartOptions): Promise<string[]> {
  const notes: string[] = [];
  const attempts: string[] = [];
  // The ping is public and harmless: asked even when the run does not test it, as proof of the API.
  const ping = await sender.observe(probeCase(PUBLIC_PROBE, undefined));
  const pingProves = ping.status === 200 && ping.json.ok && JSON.stringify(ping.json.value) === PUBLIC_ANSWER;
  if (!pingProves) attempts.push(tried(PUBLIC_PROBE, ping));
  if (!pingProves && options.pingPlanned && saysAbsent(PUBLIC_PROBE, ping.status)) {
    notes.push(`GET ${operationIndex[PUBLIC_PROBE].path} answered ${ping.status}: this server has no ping yet`);
  }
  const probeKeys: ProbeKey[] = [
    ...Array.from({ length: options.mainKeys }, (_, worker) => ({ worker, name: options.wording.mainKey(worker, options.mainKeys), partner: true })),
    ...(options.hasBasic ? [{ worker: 0, name: options.wording.basicKey, identity: "basic" as const, partner: false }] : []),
  ];
  let apiProven = pingProves;
  // Once an operation answered like this API, the other keys are proven on it.
  let answering: OperationId | undefined;
  // A probe answered JSON of another shape than the document's: proven once no undocumented path answers alike.
  let unshaped = false;
  let signedProbes = 0;
  for (const key of probeKeys) {
    const candidates = answering && (key.partner || !operationIndex[answering].businessPartnerOnly)
      ? [answering]
      : probeOrder(key.identity ? Object.keys(operationIndex) as OperationId[] : options.operationIds, key.partner);
    for (const operationId of candidates) {
      const observed = await sender.observe(probeCase(operationId, realFields(operationId, options.fixtures), key.identity), { worker: key.worker });
      signedProbes++;
      const verdict = judgeProbe(operationId, observed, key, options, apiProven);
      if (verdict === "absent") {
        attempts.push(tried(operationId, observed));
        continue;
      }
      if (verdict === "unshaped") attempts.push(tried(operationId, observed));
      else apiProven = true;
      unshaped ||= verdict === "unshaped";
      answering ??= operationId;
      break;
    }
  }
  if (!apiProven && unshaped) {
    // JSON of another shape on a documented path: this API with a defect, unless any path answers so.
    const elsewhere = await sender.observe({ operationId: UNKNOWN_PATH_CASE, check: "public", name: "start", method: "POST", path: UNKNOWN_PATH, expect: { kind: "status", status: 404 } });
    if (elsewhere.status >= 200 && elsewhere.status < 300) attempts.push(`POST ${UNKNOWN_PATH} ${elsewhere.status} (an undocumented path answers too)`);
    else apiProven = true;
  }
  // With no read-only signed operation to ask (a run of state-changing ones), their checks decide.
  if (!apiProven && signedProbes > 0) {
    const mutationsLeftOut = options.selected.some((id) => !options.operationIds.includes(id));
    throw new StartError(`could not test: nothing answered like this API: ${attempts.join("; ")}.`, mutationsLeftOut ? { kind: "include-mutations" } : { kind: "base-url" });
  }
  return notes;
}

/**
 * What one signed probe proves. "answers": the API is there (the checks judge the rest);
 * "unshaped": JSON of another shape than the document's, this API with a defect if no other path
 * answers alike; "absent": the server does not have this operation, or does not speak this API
 * there. Throws StartError for refused credentials.
 */
function judgeProbe(operationId: OperationId, observed: Observation, key: ProbeKey, options: StartOptions, apiProven: boolean): "answers" | "unshaped" | "absent" {
  // An answer cut off (over the size cap) or a redirect is a violation the checks report.
  if (observed.transportProblem) return "answers";
  if (saysAbsent(operationId, observed.status)) return "absent";
  // Without the ping's proof, only an answer of the document's shape is this API's.
  if (!speaksJson(observed)) return apiProven ? "answers" : "absent";
  const call = `${operationIndex[operationId].method} ${operationIndex[operationId].path}`;
  if (observed.status === 401) throw new StartError(`the server refused the credentials of ${key.name} (401 to ${call}${said(observed)}): check the key and its secret; nothing was tested`);
  if (observed.status === 403 && operationIndex[operationId].businessPartnerOnly) {
    const partnerOnly = options.operationIds.filter((id) => operationIndex[id].businessPartnerOnly);
    const others = options.operationIds.filter((id) => !operationIndex[id].businessPartnerOnly);
    const message = `${key.name} is not a business-partner key (403 to ${call}${said(observed)}): ${partnerOnly.join(" and ")} ${partnerOnly.length === 1 ? "needs" : "need"} one; use a partner key`;
    throw new StartError(message, others.length ? { kind: "test-the-others", operations: others } : undefined);
  }
  if (apiProven) return "answers";
  const shapeProblems = conformanceProblems(operationId, validators[operationId], observed).filter((problem) => problem.kind !== "content-type");
  return shapeProblems.length === 0 ? "answers" : "unshaped";
}
