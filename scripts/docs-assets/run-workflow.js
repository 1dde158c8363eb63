// The workflow panel of the page the sandbox serves: a workflow of the package's Arazzo document
// run against the sandbox from the page, step by step, as the Try it panel sends one operation:
// each step signed in the page and sent to the page's own origin, held to the workflow's success
// criteria and txc-api's extensions by the package's own walk (src/workflows), its outputs passed
// to the next step. What each step sent and got is shown. Each answer is held to the workflow,
// not to the whole document: that is `txc-api contract-test`'s.
import { walkWorkflow, inputsOf, missingInputs } from "../../src/workflows/walk.ts";
import { inputsFromOperations } from "../../src/workflows/inputs.ts";
import { statusTurnedDown } from "../../src/workflows/criteria.ts";
import { counted, nounFor } from "../../src/text/counted.ts";
import { credentialFields, element, showPanel, shownJson, typedObject } from "./dom.js";
import { RUN_LINK } from "./run-link.js";
import { requestText, sendFromPage, signedRequest } from "./signing.js";

/** The panel's controls and the panel holding them. */
function panelElements(workflows, demo) {
  const choice = element("select", { id: "txc-workflow-choice", "aria-label": "Workflow" },
    ...workflows.map((workflow) => element("option", { value: workflow.workflowId }, `${workflow.workflowId}: ${workflow.summary}`)));
  const { labels: credentialLabels, credentials } = credentialFields("txc-workflow", demo);
  const inputs = element("textarea", { id: "txc-workflow-inputs", "aria-label": "Inputs", rows: "5", spellcheck: "false" });
  const run = element("button", { id: "txc-workflow-run", class: "txc-send", type: "button" }, "Run workflow");
  const reset = element("button", { id: "txc-workflow-reset", class: "txc-secondary", type: "button" }, "Reset the sandbox");
  const steps = element("ol", { id: "txc-workflow-steps", "aria-label": "Steps" });
  const outcome = element("pre", { id: "txc-workflow-outcome", "aria-live": "polite" });
  const close = element("button", { id: "txc-workflow-close", class: "txc-close", type: "button", "aria-label": "Close" }, "×");
  const form = element("form", { id: "txc-workflow-form" },
    element("label", {}, "Workflow", choice),
    ...credentialLabels,
    element("label", {}, "Inputs (the sandbox's values: each operation's first documented example, or the input's default)", inputs),
    run, " ", reset);
  form.addEventListener("submit", (event) => event.preventDefault());
  const panel = element("aside", { id: "txc-workflow", class: "txc-panel", hidden: "", "aria-label": "Run a workflow" },
    element("header", {}, element("strong", {}, "Run a workflow on this sandbox"), close),
    form,
    element("p", {}, "Steps"), steps,
    element("p", {}, "Outcome"), outcome);
  return { choice, credentials, inputs, run, reset, steps, outcome, close, panel };
}

/** The workflow's inputs from the text the reader edited, its defaults filled in; an Error says what is wrong. */
function givenInputs(workflow, text) {
  const value = typedObject(text, { refusal: "Not run", notJson: "the inputs are not JSON", notObject: "the inputs must be a JSON object, one member per input" });
  const all = inputsOf(workflow, value);
  const missing = missingInputs(workflow, all);
  if (missing.length) throw new Error(`Not run: the workflow needs the ${nounFor(missing.length, "input")} ${missing.join(", ")}`);
  return all;
}

/** One step's line in the list, filled in as it is sent and answered. */
function stepLine(steps, step, operation, request) {
  const verdict = element("span", { class: "txc-step-verdict" }, "sending…");
  const answer = element("pre", { "aria-label": "The answer" });
  const line = element("li", { "data-step": step.stepId },
    element("strong", {}, step.stepId), ` ${operation.method} ${operation.path} (${step.operationId}): `, verdict,
    element("details", {}, element("summary", {}, "Request as sent"), element("pre", {}, requestText(operation, request))),
    element("details", {}, element("summary", {}, "Answer"), answer));
  steps.append(line);
  return { line, verdict, answer };
}

/** Each step's line marked held or failed, and the walk's outcome in words. */
function describeWalk(walk, steps, operationOf) {
  for (const { step, unmet } of walk.steps) {
    const line = steps.querySelector(`li[data-step="${CSS.escape(step.stepId)}"]`);
    if (!line) continue;
    line.dataset.verdict = unmet.length ? "failed" : "held";
    line.querySelector(".txc-step-verdict").textContent += unmet.length ? `, does not hold:\n${unmet.join("\n")}` : ", holds";
  }
  const last = walk.steps.at(-1);
  if (walk.outcome === "completed") return walk.steps.length === 1 ? "Completed: its one step held." : `Completed: all ${counted(walk.steps.length, "step")} held.`;
  if (walk.outcome === "ended") return `Ended early after ${last.step.stepId} (${walk.endedBy}), every step sent held.`;
  // As the contract tester judges it: a step that changes state, refused where it was wanted.
  const status = last.answer?.status;
  const usedUp = operationOf.get(last.step.operationId)?.stateChanging && status >= 400 && status < 500
    && statusTurnedDown(last.step.successCriteria, { inputs: {}, steps: {}, statusCode: status });
  return [`Failed at ${last.step.stepId}:`, ...last.unmet,
    ...(usedUp ? ["Its inputs may have been used up by an earlier run (a code redeems once, a deposit refunds once): reset the sandbox, or edit the inputs."] : [])].join("\n");
}

/** How the walk sends a step: signed in the page, sent to its origin, shown as a line of the list as it goes. */
const stepSender = ({ operationOf, steps, credentials, signing }) => async (step, fields) => {
  const operation = operationOf.get(step.operationId);
  const request = await signedRequest(operation, fields, credentials(), signing);
  const shown = stepLine(steps, step, operation, request);
  const response = await sendFromPage(operation, request).catch((error) => {
    shown.verdict.textContent = "no answer";
    throw error;
  });
  shown.line.dataset.status = String(response.status);
  shown.verdict.textContent = `${response.status} ${response.statusText}`;
  shown.answer.textContent = shownJson(response.text);
  return { status: response.status, body: response.json };
};

/** Restores the sandbox's data and nonces; the outcome in words. */
async function resetSandbox(resetPath) {
  const response = await fetch(resetPath, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", redirect: "error", credentials: "omit", cache: "no-store" })
    .catch((error) => ({ ok: false, status: error.message }));
  return { text: response.ok ? "The sandbox's data and nonces are restored." : `The sandbox was not reset (${response.status}).`, outcome: response.ok ? "reset" : "error" };
}

/** Adds the workflow panel, opened by the Workflows section's "Run this workflow" links; `data` is the page's. */
export function addWorkflowPanel({ operations, signing, demo, workflows, resetPath }) {
  const operationOf = new Map(operations.map((operation) => [operation.operationId, operation]));
  const exampleOf = (operationId) => operationOf.get(operationId)?.example;
  const { choice, credentials, inputs, run, reset, steps, outcome, close, panel } = panelElements(workflows, demo);
  const selected = () => workflows.find((workflow) => workflow.workflowId === choice.value);
  const showOutcome = (text, kind) => {
    outcome.textContent = text;
    if (kind) outcome.dataset.outcome = kind;
    else outcome.removeAttribute("data-outcome");
  };
  const clearRun = () => {
    steps.replaceChildren();
    showOutcome("");
  };
  const showInputs = () => {
    clearRun();
    inputs.value = JSON.stringify(inputsFromOperations(selected(), {}, exampleOf), null, 2);
  };
  choice.addEventListener("change", showInputs);
  close.addEventListener("click", () => showPanel(panel, false));

  // Redoc renders the links as it renders the section; one listener catches every one of them.
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.(`a[href^="${RUN_LINK}"]`);
    if (!link) return;
    event.preventDefault();
    choice.value = decodeURIComponent(link.getAttribute("href").slice(RUN_LINK.length));
    showInputs();
    showPanel(panel);
  }, true);

  run.addEventListener("click", async () => {
    clearRun();
    run.disabled = true;
    try {
      const walk = await walkWorkflow(selected(), givenInputs(selected(), inputs.value), stepSender({ operationOf, steps, credentials, signing }));
      showOutcome(describeWalk(walk, steps, operationOf), walk.outcome);
    } catch (error) {
      showOutcome(error.message, "error");
    } finally {
      run.disabled = false;
    }
  });

  reset.addEventListener("click", async () => {
    clearRun();
    const { text, outcome: kind } = await resetSandbox(resetPath);
    showOutcome(text, kind);
  });

  showInputs();
  document.body.append(panel);
}
