// Validators are type guards; one operation's validators import on their own; the schema type
// `operations` and the runtime `operationIndex` do not share a name.
import type { operations } from "txc-api";
import { operationIndex } from "txc-api";
import { validators } from "txc-api/validators";
import { request, responses } from "txc-api/validators/getInvestmentsHistory";

export function balanceOf(answer: unknown): string | undefined {
  if (validators.getMainBalance.responses["200"](answer)) return answer.BTC?.main_balance;
  return undefined;
}

export function firstPlanTicker(answer: unknown): string | undefined {
  if (responses["200"](answer)) return answer.records[0]?.plan.ticker;
  return undefined;
}

export function limitOf(body: unknown): number | undefined {
  if (request(body)) return body.limit;
  return undefined;
}

export type BalanceBody = operations["getMainBalance"]["requestBody"]["content"]["application/json"];
export const balancePath: "/api/v4/main-account/balance" = operationIndex.getMainBalance.path;
