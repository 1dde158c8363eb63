// The served page runs a workflow of the package's Arazzo document against the sandbox that
// serves it, as the Try it panel runs one operation: each step signed in the page (WebCrypto),
// held to the workflow's criteria by the package's own walk, what it sent and got shown.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeChromium, evaluateInPage } from "../helpers/chromium.js";
import { generatedDir, STUCK_MS } from "../helpers/project.js";
import { requestExample } from "../helpers/examples.js";
import { resetSandbox, sandboxPerFile, sendSigned } from "../helpers/sandbox.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { operationIndex, signing } from "../../generated/operations.js";

afterAll(closeChromium);

const workflows: { workflowId: string; steps: { stepId: string; operationId: keyof typeof operationIndex }[] }[] =
  JSON.parse(readFileSync(path.join(generatedDir, "workflows.arazzo.json"), "utf8")).workflows;
const stepsOf = (workflowId: string) => workflows.find((workflow) => workflow.workflowId === workflowId)!.steps;
/** The steps of a workflow up to its first that changes state, the one a value used up turns down. */
const stepsToFirstChange = (workflowId: string) => {
  const steps = stepsOf(workflowId);
  return steps.slice(0, steps.findIndex((step) => operationIndex[step.operationId].stateChanging) + 1);
};

type Step = { stepId: string; status: string; verdict: string; request: string; answer: string };
type Run = { outcome: string | null; text: string; steps: Step[]; inputs: string };

/**
 * The page's code that runs workflows: `window.txcRun(id, { secret, inputs })` opens the panel by
 * the workflow's link in the Workflows section, edits what is given, runs it and reads the panel
 * when it is done; `window.txcReset()` presses the panel's reset.
 */
const PANEL_DRIVER = `
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const until = async (probe, what) => {
    for (let waited = 0; waited < ${STUCK_MS}; waited += 50) { const found = probe(); if (found) return found; await sleep(50); }
    throw new Error("waited in vain for " + what);
  };
  const $ = (id) => document.getElementById(id);
  window.txcRun = async (workflowId, { secret, inputs } = {}) => {
    const link = await until(() => document.querySelector('#redoc a[href="#txc-run-workflow/' + workflowId + '"]'), "the link of " + workflowId);
    link.click();
    if ($("txc-workflow").hidden || $("txc-workflow-choice").value !== workflowId) throw new Error("the link did not open the panel on " + workflowId);
    if (secret !== undefined) $("txc-workflow-secret").value = secret;
    if (inputs !== undefined) $("txc-workflow-inputs").value = inputs;
    const shownInputs = $("txc-workflow-inputs").value;
    $("txc-workflow-run").click();
    const outcome = $("txc-workflow-outcome");
    await until(() => outcome.dataset.outcome, "the outcome of " + workflowId);
    const steps = [...$("txc-workflow-steps").children].map((line) => {
      const [request, answer] = [...line.querySelectorAll("details pre")].map((pre) => pre.textContent);
      return { stepId: line.dataset.step, status: line.dataset.status, verdict: line.dataset.verdict, request, answer };
    });
    return { outcome: outcome.dataset.outcome, text: outcome.textContent, steps, inputs: shownInputs };
  };
  window.txcReset = async () => {
    $("txc-workflow-reset").click();
    return until(() => $("txc-workflow-outcome").dataset.outcome, "the reset");
  };
`;

const inPage = (url: string, body: string) => evaluateInPage(url, `(async () => {${PANEL_DRIVER}\n${body}\n})()`, STUCK_MS);

/** A step's request as the panel shows it, signed as the document says with the demo secret. */
function expectSignedWithDemoKey(request: string, apiPath: string) {
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(request)?.[1];
  const body = request.split("\n\n")[1]!;
  expect(request.split("\n")[0]).toBe(`POST ${apiPath}`);
  expect(JSON.parse(body)[signing.bodyFields.path]).toBe(apiPath);
  expect(header(signing.headers.payload)).toBe(Buffer.from(body).toString("base64"));
  expect(header(signing.headers.signature)).toBe(createHmac("sha512", demoKeys.partner.secret).update(header(signing.headers.payload)!).digest("hex"));
  expect(header(signing.headers.apiKey)).toBe(demoKeys.partner.key);
  expect(request).not.toContain(demoKeys.partner.secret);
}

describe("the served page's workflow panel", () => {
  const sandbox = sandboxPerFile();

  it("runs every workflow of the Arazzo document against the sandbox from its link, each step signed, sent and held", async () => {
    await resetSandbox(sandbox);
    const runs = (await inPage(`${sandbox.baseUrl}/`, `
      const runs = {};
      for (const id of ${JSON.stringify(workflows.map((workflow) => workflow.workflowId))}) runs[id] = await window.txcRun(id);
      return runs;
    `)) as Record<string, Run>;
    expect(Object.keys(runs)).toEqual(workflows.map((workflow) => workflow.workflowId));
    for (const workflow of workflows) {
      const run = runs[workflow.workflowId]!;
      expect({ workflow: workflow.workflowId, outcome: run.outcome }, run.text).toEqual({ workflow: workflow.workflowId, outcome: "completed" });
      expect(run.steps.map((step) => step.stepId)).toEqual(workflow.steps.map((step) => step.stepId));
      for (const [i, step] of run.steps.entries()) {
        expect(step.verdict, `${workflow.workflowId}.${step.stepId}: ${step.answer}`).toBe("held");
        expectSignedWithDemoKey(step.request, operationIndex[workflow.steps[i]!.operationId].path);
      }
    }
    // The page really redeemed the code it showed: the sandbox now refuses it.
    const { code, passphrase } = JSON.parse(runs.redeemCodeOnce!.inputs);
    const again = await sendSigned(sandbox, operationIndex.applyCode.path, { code, ...(passphrase ? { passphrase } : {}) });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it("fails a second redemption of the same code at its step, says why, and runs again after the panel's reset", async () => {
    await resetSandbox(sandbox);
    const runs = (await inPage(`${sandbox.baseUrl}/`, `
      const first = await window.txcRun("redeemCodeOnce");
      const second = await window.txcRun("redeemCodeOnce");
      const reset = await window.txcReset();
      return { first, second, reset, third: await window.txcRun("redeemCodeOnce") };
    `)) as { first: Run; second: Run; reset: string; third: Run };
    expect(runs.first.outcome).toBe("completed");
    expect(runs.second.outcome).toBe("failed");
    const toRedeem = stepsToFirstChange("redeemCodeOnce").map((step) => step.stepId);
    const redeem = toRedeem.at(-1)!;
    expect(runs.second.steps.map((step) => [step.stepId, step.verdict])).toEqual(toRedeem.map((stepId) => [stepId, stepId === redeem ? "failed" : "held"]));
    expect(runs.second.text).toMatch(new RegExp(`^Failed at ${redeem}:\\n${redeem}: \\$statusCode == 200 does not hold \\(\\$statusCode is 4\\d\\d\\)\\n.*used up by an earlier run`));
    expect(runs.reset).toBe("reset");
    expect(runs.third.outcome).toBe("completed");
  });

  it("sends nothing for inputs that are not JSON or miss a required one, shows the sandbox's refusal of a wrong secret at the first step, and gives way to Try it", async () => {
    const onlyAddress = JSON.stringify({ address: requestExample("refundDeposit")!.address });
    const runs = (await inPage(`${sandbox.baseUrl}/`, `
      const runs = {
        notJson: await window.txcRun("refundCancelledDeposit", { inputs: "{ uniqueId: " }),
        missing: await window.txcRun("refundCancelledDeposit", { inputs: ${JSON.stringify(onlyAddress)} }),
        wrongSecret: await window.txcRun("readInvestmentsByPages", { secret: "not-the-secret" }),
      };
      document.getElementById("txc-try-it-open").click();
      runs.panelsAfterTryIt = { workflow: document.getElementById("txc-workflow").hidden, tryIt: document.getElementById("txc-try-it").hidden };
      return runs;
    `)) as Record<string, Run> & { panelsAfterTryIt: { workflow: boolean; tryIt: boolean } };
    expect(runs.notJson).toMatchObject({ outcome: "error", steps: [] });
    expect(runs.notJson!.text).toMatch(/^Not run: the inputs are not JSON/);
    expect(runs.missing).toMatchObject({ outcome: "error", steps: [], text: "Not run: the workflow needs the input uniqueId" });
    expect(runs.wrongSecret!.outcome).toBe("failed");
    expect(runs.wrongSecret!.steps).toHaveLength(1);
    const firstPage = stepsOf("readInvestmentsByPages")[0]!.stepId;
    expect(runs.wrongSecret!.steps[0]).toMatchObject({ stepId: firstPage, verdict: "failed", status: "401" });
    expect(runs.wrongSecret!.text).toMatch(new RegExp(`^Failed at ${firstPage}:\\n${firstPage}: \\$statusCode == 200 does not hold \\(\\$statusCode is 401\\)`));
    // A read refused is no value used up.
    expect(runs.wrongSecret!.text).not.toMatch(/used up/);
    expect(runs.panelsAfterTryIt).toEqual({ workflow: true, tryIt: false });
  });
});
