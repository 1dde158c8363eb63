// The API part of the sandbox as named steps, each with one job, over one session object:
// route, rate-limit, authenticate, validate, authorize, handle. The HTTP adapter (server.ts)
// reads the request and writes what the steps answer; nothing here touches a socket.
import type { IncomingHttpHeaders } from "node:http";
import { operationIndex, pathPrefixes, type OperationId } from "../../generated/operations.js";
import { validationIssues } from "../validation/issues.js";
import { validators } from "../../generated/validators.js";
import { authenticate, type Authenticated } from "./auth.js";
import type { Dataset } from "../../generated/dataset.js";
import { handlers, type HandledBody, type Handler, type PrivateOperationId } from "./handlers.js";
import { ServerRateLimits } from "./rate-limits.js";
import { privateError, publicError, Refusal } from "./refusal.js";
import { SandboxState } from "./state.js";


/** Everything a sandbox remembers between requests; a reset replaces it whole. */
export class SandboxSession {
  readonly state: SandboxState;
  /** The last nonce accepted for each API key. */
  readonly nonces = new Map<string, bigint>();
  readonly limits = new ServerRateLimits();

  constructor(dataset: Dataset) {
    this.state = new SandboxState(dataset);
  }
}

/** What the sandbox answers: a status and a JSON body (a value, or bytes already serialised). */
export type Reply = { status: number; body: unknown };

const isPublic = (path: string) => path.startsWith(pathPrefixes.public);

/** An error in the format of the path's kind: public (success, message, params) or private. */
export function errorReply(path: string, status: number, message: string, errors: Record<string, string[]> = {}): Reply {
  return { status, body: isPublic(path) ? publicError(message) : privateError(status, message, errors) };
}

/** Each path's operations by method. */
const routes = new Map<string, Map<string, OperationId>>();
for (const [id, { method, path }] of Object.entries(operationIndex)) {
  if (!routes.has(path)) routes.set(path, new Map());
  routes.get(path)!.set(method, id as OperationId);
}

/** route: the operation at a method and path as sent, or 404. */
export function route(method: string, path: string): OperationId | Reply {
  return routes.get(path)?.get(method) ?? errorReply(path, 404, `No endpoint ${method} ${path}.`);
}

/** rate-limit: counts the request against the documented limits of its client address, or 429. */
export function rateLimit(session: SandboxSession, operationId: OperationId, address: string): Reply | undefined {
  return session.limits.admit(operationId, address) ? undefined : errorReply(operationIndex[operationId].path, 429, "Rate limit exceeded.");
}

/** Messages by top-level field; a Map, so that a field named `constructor` or `__proto__` is just a name. */
function errorsByField(errors: Parameters<typeof validationIssues>[0]): Record<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const issue of validationIssues(errors)) {
    const field = issue.field.split(/[.[]/)[0];
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
  }
  return Object.fromEntries(byField);
}

/** validate: the body against the operation's request schema, or 400 keyed by field. */
export function validate(operationId: PrivateOperationId, body: Record<string, unknown>): Reply | undefined {
  const validator = validators[operationId].request!;
  return validator(body) ? undefined : errorReply(operationIndex[operationId].path, 400, "Validation failed", errorsByField(validator.errors));
}

/** authorize: the business-partner-only operations refuse other accounts with 403. */
export function authorize(operationId: PrivateOperationId, caller: Authenticated): Reply | undefined {
  if (!operationIndex[operationId].businessPartnerOnly || caller.account.businessPartner) return undefined;
  return errorReply(operationIndex[operationId].path, 403, "This endpoint is available only to business-partner services.");
}

/** The operations whose document gives request defaults: only their bodies are copied to apply them. */
const hasDefaults = new Set<string>(Object.entries(operationIndex).filter(([, op]) => Object.keys(op.requestDefaults).length > 0).map(([id]) => id));

/**
 * handle: the operation's handler on the body with its defaults applied; 200 and the nonce
 * recorded when it succeeds, its refusal answered as a private error when it does not.
 */
export function handle(session: SandboxSession, operationId: PrivateOperationId, caller: Authenticated): Reply {
  const body = hasDefaults.has(operationId) ? { ...operationIndex[operationId].requestDefaults, ...caller.body } : caller.body;
  const handler = handlers[operationId] as Handler<PrivateOperationId>;
  try {
    const answer = handler(session.state, caller.account, body as HandledBody<PrivateOperationId>);
    // A nonce is used up only by a request that succeeded: every refusal leaves it free.
    if (caller.nonce !== undefined) session.nonces.set(caller.apiKey, caller.nonce);
    return { status: 200, body: answer };
  } catch (error) {
    if (error instanceof Refusal) return errorReply(operationIndex[operationId].path, error.status, error.message, error.errors);
    throw error;
  }
}

/** A signed operation's request, from its headers and raw body to its answer. */
export function answerPrivate(session: SandboxSession, operationId: PrivateOperationId, headers: IncomingHttpHeaders, rawBody: Buffer): Reply {
  const path = operationIndex[operationId].path;
  const caller = authenticate(session.state, session.nonces, headers, rawBody, path);
  if ("failure" in caller) return errorReply(path, caller.status, caller.failure, caller.field === undefined ? {} : Object.fromEntries([[caller.field, [caller.failure]]]));
  return validate(operationId, caller.body) ?? authorize(operationId, caller) ?? handle(session, operationId, caller);
}
