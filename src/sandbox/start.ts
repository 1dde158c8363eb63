import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { bundledDocument, docsPage } from "../package-files.js";
import { CallLog, type SandboxCall } from "./call-log.js";
import type { Dataset } from "../../generated/dataset.js";
import { builtInDataset, demoKeys } from "./dataset.js";
import { FaultQueue, type FaultSpec } from "./faults.js";
import { checkDataset, loadDataset } from "./load-dataset.js";
import { createSandbox, type SandboxControls } from "./server.js";
import { isNonceMaxAge, NONCE_MAX_AGE_RULE } from "../server/verify.js";

export type StartSandboxOptions = {
  /** Port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /** A dataset object, or the path of a JSON file, checked as `txc-api serve --data` checks it. */
  data?: Dataset | string;
  /** Answer 429 past the documented limits (default true). */
  rateLimits?: boolean;
  /** Refuse (401) a nonce further than this from the clock, read as Unix milliseconds: off by default, as in createApiHandler. */
  nonceMaxAgeMs?: number;
  /** Where an exception inside the sandbox is told, with its stack (it is answered 500); default stderr. Never a secret. */
  log?: (message: string) => void;
};

/** A sandbox running in this process. */
export type Sandbox = {
  /** Its base URL, such as http://127.0.0.1:PORT. */
  readonly url: string;
  /** The demo credentials of the built-in dataset: a business partner's, and an ordinary account's. */
  readonly keys: { readonly partner: SandboxKey; readonly basic: SandboxKey };
  /** Each API request received, oldest first (at most 10,000): never a secret. */
  readonly calls: SandboxCall[];
  /** Queues a fault for the requests it matches (the first queued that matches applies). */
  fault(spec: FaultSpec): FaultSpec;
  /** Restores the dataset, the nonces, the rate-limit windows, and clears the faults and the calls. */
  reset(): Promise<void>;
  /** Stops it: connections closed, nothing left that keeps the process alive. */
  close(): Promise<void>;
};
export type SandboxKey = { readonly apiKey: string; readonly apiSecret: string };

const keyOf = ({ key, secret }: { key: string; secret: string }): SandboxKey => Object.freeze({ apiKey: key, apiSecret: secret });

/**
 * The sandbox of `txc-api serve`, in this process: for a test suite's own tests. Several may run
 * at once; each has its own state.
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  return (await openSandbox(options)).sandbox;
}

/** The sandbox and its HTTP server: `txc-api serve` keeps the server for its graceful stop. */
export async function openSandbox({ port = 0, host = "127.0.0.1", data, rateLimits = true, nonceMaxAgeMs, log }: StartSandboxOptions = {}): Promise<{ sandbox: Sandbox; server: Server; dataset: Dataset }> {
  if (nonceMaxAgeMs !== undefined && !isNonceMaxAge(nonceMaxAgeMs)) throw new TypeError(`nonceMaxAgeMs must be ${NONCE_MAX_AGE_RULE} (got ${String(nonceMaxAgeMs)})`);
  const dataset = data === undefined ? builtInDataset() : typeof data === "string" ? loadDataset(data) : checkDataset(structuredClone(data), "data");
  const calls = new CallLog();
  const faults = new FaultQueue();
  const controls: SandboxControls = {};
  const server = createSandbox({ dataset, docsFile: docsPage, documentFile: bundledDocument, rateLimits, ...(nonceMaxAgeMs === undefined ? {} : { nonceMaxAgeMs }), calls, faults, controls, ...(log ? { log } : {}) });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const url = `http://${bound.family === "IPv6" ? `[${bound.address}]` : bound.address}:${bound.port}`;
  const sandbox: Sandbox = {
    url,
    keys: Object.freeze({ partner: keyOf(demoKeys.partner), basic: keyOf(demoKeys.basic) }),
    get calls() {
      return calls.list();
    },
    fault: (spec) => faults.add(spec),
    reset: async () => controls.reset!(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return { sandbox, server, dataset };
}
