import type { CheckName } from "./checks/check.js";
import type { OperationId } from "./document.js";
import { pathPrefixes } from "../../generated/operations.js";

export type { CheckName };

export type Tamper =
  | { kind: "omit-header"; header: string }
  | { kind: "wrong-secret" }
  | { kind: "other-body" }
  | { kind: "replay" }
  | { kind: "request-path"; path: string }
  | { kind: "malformed-json" };

export type Expectation =
  | { kind: "accepted" }
  | { kind: "rejected"; errorKey?: string }
  | { kind: "status"; status: number }
  /** Any 4xx but 429: the server turned the request down as the client's fault. */
  | { kind: "client-error" };

/** One request of a run and what its answer must be. */
export type Case = {
  /** The operation, or "unknownPath" for the 404 case. */
  operationId: OperationId | "unknownPath";
  check: CheckName;
  name: string;
  method: string;
  path: string;
  /** Body fields without request and nonce, which are set when signing. Unsigned when absent. */
  fields?: Record<string, unknown>;
  tamper?: Tamper;
  expect: Expectation;
  /** Real values: a documented example (a read-only operation must answer it 200) or a fixture (any operation must). */
  realValues?: "documented" | "fixture";
  /** Signed with the ordinary account's key (TXC_API_KEY_BASIC) instead of the main one. */
  identity?: "basic";
  /** A generated request: shrunk to the smallest one that still fails before it is reported. */
  generated?: true;
};

export const UNKNOWN_PATH = `${pathPrefixes.api}contract-test/no-such-endpoint`;
