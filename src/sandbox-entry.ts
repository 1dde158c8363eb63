// txc-api/sandbox: the sandbox of `txc-api serve`, started in the calling process, for a test
// suite's own tests: its state read back (the call log), and faults on demand.
export { startSandbox, type Sandbox, type SandboxKey, type StartSandboxOptions } from "./sandbox/start.js";
export type { SandboxCall } from "./sandbox/call-log.js";
export { FaultSpecError, type FaultSpec } from "./sandbox/faults.js";
export type { Dataset } from "../generated/dataset.js";
