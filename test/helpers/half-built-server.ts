import path from "node:path";
import { operationIds, operationIndex, type OperationId } from "../../generated/operations.js";
import { freePort, startProcess, type Started } from "./processes.js";
import { root } from "./project.js";

/**
 * A server team's half-built server (test/contract/fixtures/half-built-server.mjs, written without
 * this package) as a process of its own, its behaviour set by `env` (the fixture's header lists it).
 */
export async function startHalfBuiltServer(env: Record<string, string>): Promise<Started & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startProcess(process.execPath, [path.join(root, "test/contract/fixtures/half-built-server.mjs")], async () => (await fetch(`${baseUrl}/`)).status === 404, { env: { PORT: String(port), ...env } });
  return { ...server, baseUrl };
}

/** What the half-built server has (with APPLY_SPENT, applyCode too): the balance and the mining payout destination. */
export const HALF_BUILT_HAS: readonly OperationId[] = ["getMainBalance", "getMiningPayoutDestination"];
/** The signed read-only operations it lacks, from the document. */
export const halfBuiltLacksReadOnly = operationIds.filter((id) => operationIndex[id].signed && !operationIndex[id].stateChanging && !HALF_BUILT_HAS.includes(id));
