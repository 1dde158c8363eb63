// Redocly's Respect (@redocly/respect-core, pinned) running the package's Arazzo workflows in this
// process, every request signed by the package's createSigningFetch: what another team's tool does
// with the workflows, as the workflows guide shows it.
import { createRequire } from "node:module";
import path from "node:path";
import { root } from "./project.js";

const respectFolder = path.join(root, "node_modules", "@redocly", "respect-core");

export type WorkflowOutcome = { workflowId: string; passed: boolean; failedSteps: string[]; said: string[] };

/** Runs `file`'s workflows (all, or those named) against `baseUrl` with the demo key given; each workflow's outcome. */
export async function runWorkflows(file: string, options: { baseUrl: string; apiKey: string; apiSecret: string; inputs: Record<string, string | number>; workflows?: string[] }): Promise<WorkflowOutcome[]> {
  const { run } = await import(path.join(respectFolder, "lib", "index.js"));
  const core = createRequire(path.join(respectFolder, "package.json")).resolve("@redocly/openapi-core");
  const { createConfig } = await import(core);
  const { createSigningFetch } = await import(path.join(root, "dist", "bundle", "openapi-fetch.js"));
  const said: string[] = [];
  const fetch = createSigningFetch({ baseUrl: options.baseUrl, apiKey: options.apiKey, apiSecret: options.apiSecret });
  const results = await run({
    files: [file],
    input: Object.entries(options.inputs).map(([name, value]) => `${name}=${value}`),
    server: [`txc=${options.baseUrl}`],
    ...(options.workflows ? { workflow: options.workflows } : {}),
    config: await createConfig({}, {}),
    maxSteps: 100,
    maxFetchTimeout: 30_000,
    requestFileLoader: { getFileBody: async () => new Blob([]) },
    // Quiet: the outcome is read from the results; what Respect says is wrong is kept for the failure.
    logger: { info() {}, output() {}, printNewLine() {}, printSeparator() {}, warn: (text: string) => said.push(text), error: (text: string) => said.push(text), indent: (text: string, level: number) => `${" ".repeat(level)}${text}` },
    fetch,
    version: "test",
  });
  return results.flatMap((result: { executedWorkflows: { workflowId: string; executedSteps: { stepId: string; checks: { passed: boolean }[] }[] }[] }) =>
    result.executedWorkflows.map(({ workflowId, executedSteps }) => {
      const failedSteps = executedSteps.filter((step) => step.checks.some((check) => !check.passed)).map((step) => step.stepId);
      return { workflowId, passed: failedSteps.length === 0 && executedSteps.length > 0, failedSteps, said };
    }),
  );
}
