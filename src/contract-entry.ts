// txc-api/contract: the contract tester as a library, and its results as tests for a runner.
export {
  ContractTestStoppedError, runContractTest,
  type ContractCheckResult, type ContractFailure, type ContractTestOptions, type ContractTestResult,
} from "./contract/library.js";
export { contractTests, type ContractTestCase } from "./contract/runner-tests.js";
export type { CheckName } from "./contract/checks/registry.js";
export type { RunEvent } from "./contract/run/run-types.js";
export { startProxy, ProxySetupError, type Proxy, type ProxyOptions, type ProxyViolation } from "./proxy/start-proxy.js";
