import { printable } from "../text/printable.js";
import type { Case } from "./case.js";
import { operationIndex, realFields, type OperationId } from "./document.js";
import type { Observation } from "./case.js";
import { ConnectionError, type Sender } from "./send.js";

/** The run cannot start: the target is not this API, or the credentials are refused. Exit 2. */
export class StartError extends Error {
  override name = "StartError";
}

const said = (observed: Observation) => {
  const message = observed.json.ok ? (observed.json.value as { message?: unknown } | null)?.message : undefined;
  return typeof message === "string" ? `: ${printable(message, 120)}` : observed.text ? ` ${printable(observed.text, 80)}` : "";
};

/**
 * A read-only signed operation of the run to prove a key with: for the main key, a partner-only
 * one when the run has one (its 403 tells a key that is not a partner's), else an ordinary one;
 * for the ordinary account's key, an ordinary one.
 */
function probeOperation(operationIds: OperationId[], partner: boolean): OperationId | undefined {
  const readOnly = operationIds.filter((id) => operationIndex[id].signed && !operationIndex[id].stateChanging);
  const ordinary = readOnly.find((id) => !operationIndex[id].businessPartnerOnly);
  const partnerOnly = readOnly.find((id) => operationIndex[id].businessPartnerOnly);
  return partner ? partnerOnly ?? ordinary : ordinary;
}

/** The public operation (the ping) and what the document says it answers. */
const PUBLIC_PROBE = (Object.keys(operationIndex) as OperationId[]).find((id) => !operationIndex[id].signed)!;
const PUBLIC_ANSWER = JSON.stringify(operationIndex[PUBLIC_PROBE].publicAnswer);

/** This API answers JSON, its errors included (the description: every response is JSON). */
const speaksThisApi = (observed: Observation) => observed.json.ok && observed.json.value !== null && typeof observed.json.value === "object";

const probeCase = (operationId: OperationId, fields: Record<string, unknown>, identity?: "basic"): Case => ({
  operationId, check: "positive", name: "start", method: operationIndex[operationId].method, path: operationIndex[operationId].path,
  fields, expect: { kind: "accepted" }, identity,
});

export type StartOptions = {
  operationIds: OperationId[];
  /** Whether the run tests the ping (it must then answer ["pong"] when the server has one). */
  pingPlanned: boolean;
  /** How many main keys there are (--keys), each proven on its own worker. */
  mainKeys: number;
  hasBasic: boolean;
  fixtures: Partial<Record<OperationId, Record<string, unknown>>>;
};

/**
 * Proves the target and the credentials before any check: the ping, when the run tests it and
 * the server has one, answers ["pong"]; one signed read-only call per key is not refused 401 (or
 * 403 for a key that must be a business partner's). Returns notes for the report.
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
  let hasPing = false;
  if (options.pingPlanned) {
    const observed = await sender.observe({ ...probeCase(PUBLIC_PROBE, {}), fields: undefined });
    hasPing = observed.status === 200;
    if (observed.status === 404 || observed.status === 405) {
      notes.push(`GET ${operationIndex[PUBLIC_PROBE].path} answered ${observed.status}: this server has no ping, so its check fails (leave it out with --operation or --checks)`);
    } else if (observed.status !== 200 || !observed.json.ok || JSON.stringify(observed.json.value) !== PUBLIC_ANSWER) {
      throw new StartError(`this does not look like this API: GET ${operationIndex[PUBLIC_PROBE].path} answered ${observed.status}${said(observed)}, not ${PUBLIC_ANSWER}. Check --base-url.`);
    }
  }
  const identities: { worker: number; name: string; identity?: "basic"; partner: boolean }[] = [
    ...Array.from({ length: options.mainKeys }, (_, worker) => ({ worker, name: options.mainKeys > 1 ? `key ${worker + 1} of --keys` : "TXC_API_KEY", partner: true })),
    ...(options.hasBasic ? [{ worker: 0, name: "TXC_API_KEY_BASIC", identity: "basic" as const, partner: false }] : []),
  ];
  for (const { worker, name, identity, partner } of identities) {
    const operationId = probeOperation(options.operationIds, partner) ?? (identity ? probeOperation(Object.keys(operationIndex) as OperationId[], false) : undefined);
    if (!operationId) continue;
    const fields = realFields(operationId, options.fixtures);
    const observed = await sender.observe(probeCase(operationId, fields, identity), { worker });
    const call = `${operationIndex[operationId].method} ${operationIndex[operationId].path}`;
    // An answer cut off (over the size cap) or a redirect is a violation the checks report, not a sign of another service.
    if (!observed.transportProblem && !speaksThisApi(observed)) {
      throw new StartError(`this does not look like this API: ${call} answered ${observed.status}${observed.contentType ? ` ${printable(observed.contentType.split(";")[0]!, 40)}` : ""}, not JSON. Check --base-url.`);
    }
    if (observed.status === 401) throw new StartError(`the server refused the credentials of ${name} (401 to ${call}${said(observed)}): check the key and its secret; nothing was tested`);
    if (observed.status === 403 && operationIndex[operationId].businessPartnerOnly) {
      const partnerOnly = options.operationIds.filter((id) => operationIndex[id].businessPartnerOnly);
      const others = options.operationIds.filter((id) => !operationIndex[id].businessPartnerOnly);
      throw new StartError(`${name} is not a business-partner key (403 to ${call}${said(observed)}): ${partnerOnly.join(" and ")} need one; use a partner key${others.length ? `, or test the others alone (${others.map((id) => `--operation ${id}`).join(" ")})` : ""}`);
    }
    if (observed.status === 404 && !hasPing) throw new StartError(`this does not look like this API: ${call} answered 404${said(observed)}. Check --base-url.`);
  }
  return notes;
}
