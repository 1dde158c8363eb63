// contract-test at 1,000 generated examples per operation against the sandbox (rate limits off on
// both sides, every read-only operation, every check): the wall time of the whole command.
import { spawn } from "node:child_process";
import { builtInDataset, demoKeys } from "../dist/sandbox/dataset.js";
import { createSandbox } from "../dist/sandbox/server.js";

const cli = new URL("../dist/cli/main.js", import.meta.url).pathname;

export async function contractTestSpeed(examplesPerOperation = 1000) {
  const sandbox = createSandbox({ dataset: builtInDataset(), docsFile: "/nonexistent", documentFile: "/nonexistent", rateLimits: false });
  await new Promise((resolve) => sandbox.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${sandbox.address().port}`;
  try {
    const started = process.hrtime.bigint();
    const { code, output } = await new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, "contract-test", "--base-url", baseUrl, "--examples-per-operation", String(examplesPerOperation), "--no-pacing"], {
        env: { ...process.env, TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret },
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("exit", (exitCode) => resolve({ code: exitCode, output }));
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const requests = Number(/; (\d+) requests in/.exec(output)?.[1]);
    if (code !== 0 || !requests) throw new Error(`contract-test did not pass the sandbox (exit ${code}):\n${output.slice(-2000)}`);
    return { seconds, requests, requestsPerSecond: requests / seconds };
  } finally {
    sandbox.close();
  }
}
