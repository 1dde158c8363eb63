// The API's requests as they arrive over HTTP: recorded in the call log, faults applied, then
// the server kit's steps (route and rate-limit, then the rest with the body read once admitted).
import type { IncomingMessage, ServerResponse } from "node:http";
import { API_KEY_HEADER } from "../signing/sign.js";
import { errorReply, INTERNAL_ERROR, type Reply } from "../server/error-bodies.js";
import { writeReply, type LineLogger } from "../server/node-io.js";
import { answerNodeRequest } from "../server/node-adapter.js";
import { operationAt } from "../server/routes.js";
import type { CallLog } from "./call-log.js";
import type { FaultQueue, FaultSpec } from "./faults.js";
import type { SandboxSession } from "./session.js";

const API_KEY = API_KEY_HEADER.toLowerCase();

export type ApiSetup = {
  /** The session of now: a reset replaces it. */
  session: () => SandboxSession;
  calls: CallLog;
  faults: FaultQueue;
  maxBodyBytes: number;
  log: LineLogger;
};

/** The answer a status fault gives: the document's error body for the path's kind. */
const FAULT_MESSAGES: Record<number, string> = { 400: "Validation failed", 401: "Unauthorized.", 403: "Forbidden.", 404: "Not found.", 429: "Too many requests.", 500: INTERNAL_ERROR };
const faultReply = (path: string, status: number): Reply => errorReply(path, status, FAULT_MESSAGES[status] ?? `Error ${status} (a fault of the sandbox).`);

/** A fault that stops the request before the API's steps: a status answered, or the connection closed. Nothing acts on it. */
function applyFault(fault: FaultSpec, path: string, request: IncomingMessage, response: ServerResponse, record: (status: number, rawBody?: Buffer) => void) {
  const finish = (rawBody?: Buffer) => {
    if (fault.drop === "before") return (record(0, rawBody), request.socket.destroy());
    record(fault.status!, rawBody);
    writeReply(response, faultReply(path, fault.status!), fault.retryAfterSeconds === undefined ? [] : ["Retry-After", String(fault.retryAfterSeconds)]);
  };
  if (request.method === "GET") return finish();
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.length < 64 && chunks.push(chunk)).on("end", () => finish(Buffer.concat(chunks))).on("error", () => request.socket.destroy());
}

/** Answers a request of the API at `path` (the target as sent, without its query). */
export function apiHandler({ session, calls, faults, maxBodyBytes, log }: ApiSetup) {
  return function handle(request: IncomingMessage, response: ServerResponse, path: string) {
    const operationId = operationAt(request.method ?? "", path) ?? null;
    const apiKey = request.headers[API_KEY] as string | undefined;
    const at = Date.now();
    const fault = operationId ? faults.take(operationId) : undefined;
    const record = (status: number, rawBody?: Buffer) =>
      calls.record(Object.assign({ operationId, method: request.method ?? "", path, rawBody, apiKey, status, at }, fault ? { fault } : undefined));
    const answer = (reply: Reply, rawBody?: Buffer) => {
      if (fault?.drop === "after") return (record(0, rawBody), request.socket.destroy());
      record(reply.status, rawBody);
      if (fault?.delayMs !== undefined) setTimeout(() => !response.destroyed && writeReply(response, reply), fault.delayMs).unref();
      else writeReply(response, reply);
    };
    if (fault && (fault.status !== undefined || fault.drop === "before")) return applyFault(fault, path, request, response, record);
    answerNodeRequest(session().api, request, response, { path, address: request.socket.remoteAddress }, { maxBodyBytes, log }, answer);
  };
}
