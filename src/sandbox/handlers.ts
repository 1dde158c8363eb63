import type { OperationId, ResponseBody } from "../client/operation-types.js";
import type { Account } from "../../generated/dataset.js";
import type { Handlers } from "../server/handler-types.js";
import type { JsonText } from "../server/json-text.js";
import type { PrivateOperationId } from "../server/routes.js";
import type { HandledBody } from "../server/validate.js";
import type { SandboxState } from "./state.js";

export type { PrivateOperationId, HandledBody };

/** What the sandbox's key lookup gives the kit: the secret, the partner flag, and the account itself. */
export type SandboxKey = { secret: import("node:crypto").KeyObject; partner: boolean; account: Account };

/** What a handler answers: the operation's documented 200 body, as a value or already serialised. */
export type Handler<Id extends PrivateOperationId> = (state: SandboxState, account: Account, body: HandledBody<Id>) => ResponseBody<Id> | JsonText<ResponseBody<Id>>;

/**
 * What each private operation does to the sandbox's state. Typed from the generated types: an
 * answer the document does not allow for an operation does not compile. A handler throws the
 * kit's ApiError (invalidField) for a request it turns down.
 */
export const handlers: { [Id in PrivateOperationId]: Handler<Id> } = {
  getInvestmentsHistory: (state, account, body) => state.investments(account, body),
  getInterestPaymentsHistory: (state, account, body) => state.interestPayments(account, body),
  updateFlexAutoReinvestment: (state, account, body) => state.setAutoReinvest(account, body.plan, body.enabled),
  getMainBalance: (state, account, body) => state.balances(account, body.ticker),
  applyCode: (state, account, body) => state.applyCode(account, body.code, body.passphrase),
  refundDeposit: (state, account, body) => state.refundDeposit(account, body.transaction_id, body.address),
  getMiningPayoutDestination: (state, account, body) => state.payoutDestination(account, body.accountName),
  getFundingHistory: (state, account, body) => state.fundingHistory(account, body),
  resetSubAccountApiKey: (state, account, body) => state.resetSubAccountApiKey(account, body.apiKeyId),
};

/** The handlers as the kit calls them, over one state; a page already serialised goes out as its bytes. */
export function kitHandlers(state: SandboxState): Handlers<SandboxKey> {
  const bound: Partial<Record<OperationId, unknown>> = {};
  for (const [id, handler] of Object.entries(handlers) as [PrivateOperationId, Handler<PrivateOperationId>][]) {
    bound[id] = ({ key, body }: { key: SandboxKey; body: HandledBody<PrivateOperationId> }) => handler(state, key.account, body);
  }
  return bound as Handlers<SandboxKey>;
}
