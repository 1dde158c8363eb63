// txc-api's own rules for a workflow step, where Arazzo 1.0.1 cannot state one (it has no
// arithmetic). A step names one as an `x-` extension with its arguments as runtime expressions;
// the contract tester and the proxy hold the step to it, and other Arazzo tools pass over it.
// scripts/workflows.mjs refuses a name that is not here.
import Big from "big.js";
import { evaluate, type ExpressionContext } from "./expressions.js";
import type { WorkflowStep } from "../../generated/workflows.js";

type Rule = (args: Record<string, unknown>) => string | undefined;

const mainBalance = (listing: unknown, ticker: string): string | undefined => {
  const entry = (listing as Record<string, { main_balance?: unknown } | undefined> | null | undefined)?.[ticker];
  return typeof entry?.main_balance === "string" ? entry.main_balance : undefined;
};

const decimal = (text: unknown): Big | undefined => {
  try {
    return typeof text === "string" ? new Big(text) : undefined;
  } catch {
    return undefined;
  }
};

const RULES: Record<string, Rule> = {
  /**
   * The balance of `ticker` in the listing `after` is its balance in `before` plus `amount`, in
   * decimals; a ticker absent from `before` had 0 ("Assets that have zero balance may be omitted").
   */
  "x-txc-credited": ({ before, after, ticker, amount }) => {
    if (typeof ticker !== "string") return `no ticker was credited (${JSON.stringify(ticker)})`;
    const credited = decimal(amount);
    if (!credited) return `the amount credited is not a decimal (${JSON.stringify(amount)})`;
    const was = decimal(mainBalance(before, ticker) ?? "0");
    const is = decimal(mainBalance(after, ticker));
    if (!was || !is) return `the ${ticker} balance after is not a decimal main_balance (${JSON.stringify(mainBalance(after, ticker)) ?? "absent"})`;
    const want = was.plus(credited);
    return is.eq(want) ? undefined : `the ${ticker} balance is ${is}, not ${was} + ${credited} = ${want}`;
  },
};

/** What a step's extensions find wrong with its answer, one line each (named by extension). */
export function extensionProblems(step: WorkflowStep, context: ExpressionContext): string[] {
  return Object.entries(step).filter(([key]) => key.startsWith("x-")).flatMap(([name, args]) => {
    const rule = RULES[name];
    if (!rule) return [`${name} is no rule txc-api knows`];
    const values = Object.fromEntries(Object.entries(args as Record<string, string>).map(([arg, expression]) => [arg, evaluate(expression, context)]));
    const problem = rule(values);
    return problem ? [`${name}: ${problem}`] : [];
  });
}
