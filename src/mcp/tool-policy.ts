// Which operations an agent may call. Safe by default: the read-only operations only; a
// state-changing one (x-state-changing in the document) only when the server was started with it
// allowed, by name or all of them.
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { closest } from "../text/closest.js";
import { printable } from "../text/printable.js";

/** The state-changing operations an agent may call: "all", or those named. */
export type StateChangingAllowed = "all" | readonly OperationId[];

/** How the server's user allows an operation, in the words of their surface (the CLI's flag or the library's option). */
export type AllowWording = (operationId: OperationId) => string;
export const CLI_ALLOW: AllowWording = (operationId) => `start txc-api mcp with --allow-state-changing ${operationId}`;
export const LIBRARY_ALLOW: AllowWording = (operationId) => `pass allowStateChanging: [${JSON.stringify(operationId)}] to createMcpServer`;

export const stateChangingOperations = (Object.keys(operationIndex) as OperationId[]).filter((id) => operationIndex[id].stateChanging);

/** The names given, checked: each an operation of the document that changes state. Throws a TypeError naming the wrong one. */
export function checkedAllowed(allowed: unknown, option: string): StateChangingAllowed {
  if (allowed === undefined) return [];
  if (allowed === "all") return "all";
  if (!Array.isArray(allowed)) throw new TypeError(`${option} must be "all" or a list of operations (${stateChangingOperations.join(", ")})`);
  for (const name of allowed) {
    if (typeof name === "string" && stateChangingOperations.includes(name as OperationId)) continue;
    const shown = printable(String(name), 60);
    if (typeof name === "string" && name in operationIndex) throw new TypeError(`${option}: ${shown} is read-only: it is always offered`);
    const meant = typeof name === "string" ? closest(name, stateChangingOperations) : undefined;
    throw new TypeError(`${option}: ${shown} is not a state-changing operation of the API${meant ? `: did you mean ${meant}?` : ` (they are ${stateChangingOperations.join(", ")})`}`);
  }
  return allowed as OperationId[];
}

export const isAllowed = (allowed: StateChangingAllowed, operationId: OperationId): boolean =>
  !operationIndex[operationId].stateChanging || allowed === "all" || allowed.includes(operationId);

/** The operations offered as tools, in the document's order. */
export const offeredOperations = (allowed: StateChangingAllowed): OperationId[] => (Object.keys(operationIndex) as OperationId[]).filter((id) => isAllowed(allowed, id));

/** Why a tool cannot be called, or undefined when it can. */
export function refusalOf(name: string, allowed: StateChangingAllowed, wording: AllowWording): string | undefined {
  if (!(name in operationIndex)) {
    const meant = closest(name, offeredOperations(allowed));
    return `no tool ${printable(name, 60)}${meant ? `: did you mean ${meant}?` : ""}`;
  }
  const operationId = name as OperationId;
  return isAllowed(allowed, operationId) ? undefined : `${operationId} changes state and is not allowed on this server; to allow it, ${wording(operationId)}. Nothing was sent.`;
}
