// The workflows followed through live traffic, one API key at a time: an exchange that passes a
// step which takes nothing of an earlier step opens a chain (a code applied, a first page read);
// a later exchange of the same key that sends what a later step of an open chain would send (the
// same code, the next offset, the plan just read) is that step, and is held to its success
// criteria: one that does not hold is a broken chain. Only success criteria: txc-api's extensions
// (a balance credited) stay the contract tester's, as the proxy does not see every change of an
// account. What no exchange shows (a deposit.canceled webhook) cannot open a chain.
import { sameJson } from "../json/same-json.js";
import { workflows as documentWorkflows, type Workflow, type WorkflowStep } from "../../generated/workflows.js";
import type { OperationId } from "../../generated/operations.js";
import { evaluate, inputNameOf, isRuntimeExpression, type ExpressionContext } from "./expressions.js";
import { statusTurnedDown, unmetCriteria } from "./criteria.js";
import { endActionOf, stepOutputs } from "./walk.js";

/** An exchange as a chain sees it: the request's own fields (no signing fields) and the answer's status and JSON. */
export type ChainExchange = { operationId: OperationId; fields: Record<string, unknown>; status: number; body: unknown };

/** A step of an open chain that did not hold. */
export type BrokenChain = { workflowId: string; stepId: string; after: string[]; unmet: string[] };

type Chain = { workflow: Workflow; taken: string[]; lastIndex: number; context: ExpressionContext };

/** The step ids a step's payload, criteria and end actions read the outputs of. */
const stepsRead = (step: WorkflowStep): string[] =>
  [...JSON.stringify([step.requestBody?.payload, step.successCriteria, step.onSuccess]).matchAll(/\$steps\.([\w-]+)\./g)].map((match) => match[1]!);

/**
 * The inputs an exchange binds if it is `step` of a chain with `context`: every payload field sent
 * as the step sends it (a literal, an output of a step taken, an input bound or bound now from
 * what was sent), and no other field sent. Undefined when it is not that step.
 */
function bindingOf(step: WorkflowStep, context: ExpressionContext, fields: Record<string, unknown>): Record<string, unknown> | undefined {
  const payload = step.requestBody?.payload ?? {};
  if (Object.keys(fields).some((field) => !(field in payload))) return undefined;
  const inputs = { ...context.inputs };
  for (const [field, value] of Object.entries(payload)) {
    const sent = fields[field];
    const name = inputNameOf(value);
    if (name !== undefined) {
      if (inputs[name] === undefined) inputs[name] = sent;
      else if (!sameJson(inputs[name], sent)) return undefined;
    } else if (!sameJson(isRuntimeExpression(value) ? evaluate(value, context) : value, sent)) {
      return undefined;
    }
  }
  return inputs;
}

/** The most chains kept open for one key: the oldest gives way (a client that reads page one forever). */
const OPEN_PER_KEY = 50;

export class WorkflowChains {
  readonly #open = new Map<string, Chain[]>();

  constructor(private readonly workflows: readonly Workflow[] = documentWorkflows) {}

  /** One exchange of `key`, in order: whether it continued a chain, and each chain it broke. */
  follow(key: string, exchange: ChainExchange): { continued: boolean; broken: BrokenChain[] } {
    const open = this.#open.get(key) ?? [];
    const broken: BrokenChain[] = [];
    let continued = false;
    const still: Chain[] = [];
    for (const chain of open) {
      const next = this.#nextStep(chain, exchange);
      if (!next) {
        still.push(chain);
        continue;
      }
      const { index, inputs } = next;
      const step = chain.workflow.steps[index]!;
      const answered: ExpressionContext = { ...chain.context, inputs, statusCode: exchange.status, body: exchange.body };
      const unmet = unmetCriteria(step.successCriteria, answered);
      // A refusal of a step the workflow wants accepted is the request's own matter (a code
      // mistyped): the step did not happen, and the chain waits. Accepting what it wants refused
      // (a code applied twice), or an answer that breaks its criteria, breaks the chain.
      if (exchange.status >= 400 && statusTurnedDown(step.successCriteria, answered)) {
        still.push(chain);
        continue;
      }
      continued = true;
      if (unmet.length) {
        const said = unmet.map(({ condition, read }) => `${condition} does not hold${read ? ` (${read})` : ""}`);
        if (!broken.some((known) => known.workflowId === chain.workflow.workflowId && known.stepId === step.stepId)) broken.push({ workflowId: chain.workflow.workflowId, stepId: step.stepId, after: chain.taken, unmet: said });
      } else {
        const advanced = this.#advance(chain.workflow, chain.taken, index, answered);
        if (advanced) still.push(advanced);
      }
    }
    still.push(...this.#opened(exchange).filter((chain) => !still.some((kept) => kept.workflow === chain.workflow && kept.lastIndex === chain.lastIndex && sameJson(kept.context, chain.context))));
    this.#open.set(key, still.slice(-OPEN_PER_KEY));
    return { continued, broken };
  }

  /** The later step of `chain` this exchange is, if any: the first whose outputs read are all of steps taken. */
  #nextStep(chain: Chain, exchange: ChainExchange): { index: number; inputs: Record<string, unknown> } | undefined {
    for (let index = chain.lastIndex + 1; index < chain.workflow.steps.length; index++) {
      const step = chain.workflow.steps[index]!;
      if (step.operationId !== exchange.operationId || !stepsRead(step).every((id) => chain.taken.includes(id))) continue;
      const inputs = bindingOf(step, chain.context, exchange.fields);
      if (inputs) return { index, inputs };
    }
    return undefined;
  }

  /** The chain after a step passed; undefined when it is over (its last step, or an end action taken). */
  #advance(workflow: Workflow, taken: string[], index: number, answered: ExpressionContext): Chain | undefined {
    const step = workflow.steps[index]!;
    if (index === workflow.steps.length - 1 || endActionOf(step, answered)) return undefined;
    const steps = { ...answered.steps, [step.stepId]: { outputs: stepOutputs(step, answered) } };
    return { workflow, taken: [...taken, step.stepId], lastIndex: index, context: { inputs: answered.inputs, steps } };
  }

  /** The chains this exchange opens: a step that reads no earlier step's outputs, passed. */
  #opened(exchange: ChainExchange): Chain[] {
    return this.workflows.flatMap((workflow) => workflow.steps.flatMap((step, index) => {
      if (step.operationId !== exchange.operationId || stepsRead(step).length > 0) return [];
      const inputs = bindingOf(step, { inputs: {}, steps: {} }, exchange.fields);
      if (!inputs) return [];
      const answered: ExpressionContext = { inputs, steps: {}, statusCode: exchange.status, body: exchange.body };
      if (unmetCriteria(step.successCriteria, answered).length > 0) return [];
      return this.#advance(workflow, [], index, answered) ?? [];
    }));
  }
}
