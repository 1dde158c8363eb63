import type { Account } from "./dataset.js";
import type { SandboxState } from "./state.js";

type Body = Record<string, any>;
type Handler = (state: SandboxState, account: Account, body: Body) => unknown;

/** What each private operation does to the sandbox's state; the body has its defaults applied. */
export const handlers: Record<string, Handler> = {
  getInvestmentsHistory: (state, account, body) => state.investments(account, body as never),
  getInterestPaymentsHistory: (state, account, body) => state.interestPayments(account, body as never),
  updateFlexAutoReinvestment: (state, account, body) => state.setAutoReinvest(account, body.plan, body.enabled),
  getMainBalance: (state, account, body) => state.balances(account, body.ticker),
  applyCode: (state, account, body) => state.applyCode(account, body.code, body.passphrase),
  refundDeposit: (state, account, body) => state.refundDeposit(account, body.transaction_id, body.address),
  getMiningPayoutDestination: (state, account, body) => state.payoutDestination(account, body.accountName),
  getFundingHistory: (state, account, body) => state.fundingHistory(account, body as never),
  resetSubAccountApiKey: (state, account, body) => state.resetSubAccountApiKey(account, body.apiKeyId),
};
