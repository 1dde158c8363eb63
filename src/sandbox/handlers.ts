import type { operationIndex } from "../../generated/operations.js";
import type { OperationId, RequestBody, ResponseBody } from "../client/operation-types.js";
import type { Account } from "../../generated/dataset.js";
import type { JsonText } from "./json-text.js";
import type { SandboxState } from "./state.js";

/** The operations that take a signed body: those the sandbox hands to a handler. */
export type PrivateOperationId = { [Id in OperationId]: (typeof operationIndex)[Id]["signed"] extends true ? Id : never }[OperationId];

/** The request body as validated, with the document's defaults applied (limit and offset are there). */
export type HandledBody<Id extends PrivateOperationId> = RequestBody<Id> &
  Required<Pick<RequestBody<Id>, keyof (typeof operationIndex)[Id]["requestDefaults"] & keyof RequestBody<Id>>>;

/** What a handler answers: the operation's documented 200 body, as a value or already serialised. */
export type Handler<Id extends PrivateOperationId> = (state: SandboxState, account: Account, body: HandledBody<Id>) => ResponseBody<Id> | JsonText<ResponseBody<Id>>;

/**
 * What each private operation does to the sandbox's state. Typed from the generated types: an
 * answer the document does not allow for an operation does not compile. A handler throws a
 * Refusal for a request it turns down.
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
