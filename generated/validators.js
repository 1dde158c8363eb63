// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.
import * as pingModule from "./validators/ping.js";
import * as getInvestmentsHistoryModule from "./validators/getInvestmentsHistory.js";
import * as getInterestPaymentsHistoryModule from "./validators/getInterestPaymentsHistory.js";
import * as updateFlexAutoReinvestmentModule from "./validators/updateFlexAutoReinvestment.js";
import * as getMainBalanceModule from "./validators/getMainBalance.js";
import * as applyCodeModule from "./validators/applyCode.js";
import * as refundDepositModule from "./validators/refundDeposit.js";
import * as getMiningPayoutDestinationModule from "./validators/getMiningPayoutDestination.js";
import * as getFundingHistoryModule from "./validators/getFundingHistory.js";
import * as resetSubAccountApiKeyModule from "./validators/resetSubAccountApiKey.js";
import * as depositCanceledModule from "./validators/depositCanceled.js";

export const validatePong = pingModule.responses["200"];
export const validatePublicError = pingModule.responses["429"];
export const validateInvestmentsHistoryRequest = getInvestmentsHistoryModule.request;
export const validateInvestmentsPage = getInvestmentsHistoryModule.responses["200"];
export const validatePrivateError = getInvestmentsHistoryModule.responses["400"];
export const validateInterestPaymentsHistoryRequest = getInterestPaymentsHistoryModule.request;
export const validateInterestPaymentsPage = getInterestPaymentsHistoryModule.responses["200"];
export const validateFlexAutoInvestRequest = updateFlexAutoReinvestmentModule.request;
export const validateFlexAutoInvestResult = updateFlexAutoReinvestmentModule.responses["200"];
export const validateMainBalanceRequest = getMainBalanceModule.request;
export const validateMainBalance = getMainBalanceModule.responses["200"];
export const validateApplyCodeRequest = applyCodeModule.request;
export const validateCodeApplicationResult = applyCodeModule.responses["200"];
export const validateRefundDepositRequest = refundDepositModule.request;
export const validateRefundResult = refundDepositModule.responses["200"];
export const validateMiningPayoutDestinationRequest = getMiningPayoutDestinationModule.request;
export const validateMiningPayoutDestination = getMiningPayoutDestinationModule.responses["200"];
export const validateFundingHistoryRequest = getFundingHistoryModule.request;
export const validateFundingHistoryPage = getFundingHistoryModule.responses["200"];
export const validateSubAccountApiKeyResetRequest = resetSubAccountApiKeyModule.request;
export const validateSubAccountApiKeyResetResult = resetSubAccountApiKeyModule.responses["200"];
export const validateDepositCanceledEvent = depositCanceledModule.request;
export const pingResponse200 = pingModule.responses["200"];
export const pingResponse429 = pingModule.responses["429"];
export const pingResponse500 = pingModule.responses["500"];
export const getInvestmentsHistoryRequest = getInvestmentsHistoryModule.request;
export const getInvestmentsHistoryResponse200 = getInvestmentsHistoryModule.responses["200"];
export const getInvestmentsHistoryResponse400 = getInvestmentsHistoryModule.responses["400"];
export const getInvestmentsHistoryResponse401 = getInvestmentsHistoryModule.responses["401"];
export const getInvestmentsHistoryResponse403 = getInvestmentsHistoryModule.responses["403"];
export const getInvestmentsHistoryResponse404 = getInvestmentsHistoryModule.responses["404"];
export const getInvestmentsHistoryResponse429 = getInvestmentsHistoryModule.responses["429"];
export const getInvestmentsHistoryResponse500 = getInvestmentsHistoryModule.responses["500"];
export const getInterestPaymentsHistoryRequest = getInterestPaymentsHistoryModule.request;
export const getInterestPaymentsHistoryResponse200 = getInterestPaymentsHistoryModule.responses["200"];
export const getInterestPaymentsHistoryResponse400 = getInterestPaymentsHistoryModule.responses["400"];
export const getInterestPaymentsHistoryResponse401 = getInterestPaymentsHistoryModule.responses["401"];
export const getInterestPaymentsHistoryResponse403 = getInterestPaymentsHistoryModule.responses["403"];
export const getInterestPaymentsHistoryResponse404 = getInterestPaymentsHistoryModule.responses["404"];
export const getInterestPaymentsHistoryResponse429 = getInterestPaymentsHistoryModule.responses["429"];
export const getInterestPaymentsHistoryResponse500 = getInterestPaymentsHistoryModule.responses["500"];
export const updateFlexAutoReinvestmentRequest = updateFlexAutoReinvestmentModule.request;
export const updateFlexAutoReinvestmentResponse200 = updateFlexAutoReinvestmentModule.responses["200"];
export const updateFlexAutoReinvestmentResponse400 = updateFlexAutoReinvestmentModule.responses["400"];
export const updateFlexAutoReinvestmentResponse401 = updateFlexAutoReinvestmentModule.responses["401"];
export const updateFlexAutoReinvestmentResponse403 = updateFlexAutoReinvestmentModule.responses["403"];
export const updateFlexAutoReinvestmentResponse404 = updateFlexAutoReinvestmentModule.responses["404"];
export const updateFlexAutoReinvestmentResponse429 = updateFlexAutoReinvestmentModule.responses["429"];
export const updateFlexAutoReinvestmentResponse500 = updateFlexAutoReinvestmentModule.responses["500"];
export const getMainBalanceRequest = getMainBalanceModule.request;
export const getMainBalanceResponse200 = getMainBalanceModule.responses["200"];
export const getMainBalanceResponse400 = getMainBalanceModule.responses["400"];
export const getMainBalanceResponse401 = getMainBalanceModule.responses["401"];
export const getMainBalanceResponse403 = getMainBalanceModule.responses["403"];
export const getMainBalanceResponse404 = getMainBalanceModule.responses["404"];
export const getMainBalanceResponse429 = getMainBalanceModule.responses["429"];
export const getMainBalanceResponse500 = getMainBalanceModule.responses["500"];
export const applyCodeRequest = applyCodeModule.request;
export const applyCodeResponse200 = applyCodeModule.responses["200"];
export const applyCodeResponse400 = applyCodeModule.responses["400"];
export const applyCodeResponse401 = applyCodeModule.responses["401"];
export const applyCodeResponse403 = applyCodeModule.responses["403"];
export const applyCodeResponse404 = applyCodeModule.responses["404"];
export const applyCodeResponse429 = applyCodeModule.responses["429"];
export const applyCodeResponse500 = applyCodeModule.responses["500"];
export const refundDepositRequest = refundDepositModule.request;
export const refundDepositResponse200 = refundDepositModule.responses["200"];
export const refundDepositResponse400 = refundDepositModule.responses["400"];
export const refundDepositResponse401 = refundDepositModule.responses["401"];
export const refundDepositResponse403 = refundDepositModule.responses["403"];
export const refundDepositResponse404 = refundDepositModule.responses["404"];
export const refundDepositResponse429 = refundDepositModule.responses["429"];
export const refundDepositResponse500 = refundDepositModule.responses["500"];
export const getMiningPayoutDestinationRequest = getMiningPayoutDestinationModule.request;
export const getMiningPayoutDestinationResponse200 = getMiningPayoutDestinationModule.responses["200"];
export const getMiningPayoutDestinationResponse400 = getMiningPayoutDestinationModule.responses["400"];
export const getMiningPayoutDestinationResponse401 = getMiningPayoutDestinationModule.responses["401"];
export const getMiningPayoutDestinationResponse403 = getMiningPayoutDestinationModule.responses["403"];
export const getMiningPayoutDestinationResponse404 = getMiningPayoutDestinationModule.responses["404"];
export const getMiningPayoutDestinationResponse429 = getMiningPayoutDestinationModule.responses["429"];
export const getMiningPayoutDestinationResponse500 = getMiningPayoutDestinationModule.responses["500"];
export const getMiningPayoutDestinationResponse4XX = getMiningPayoutDestinationModule.responses["4XX"];
export const getFundingHistoryRequest = getFundingHistoryModule.request;
export const getFundingHistoryResponse200 = getFundingHistoryModule.responses["200"];
export const getFundingHistoryResponse400 = getFundingHistoryModule.responses["400"];
export const getFundingHistoryResponse401 = getFundingHistoryModule.responses["401"];
export const getFundingHistoryResponse403 = getFundingHistoryModule.responses["403"];
export const getFundingHistoryResponse404 = getFundingHistoryModule.responses["404"];
export const getFundingHistoryResponse429 = getFundingHistoryModule.responses["429"];
export const getFundingHistoryResponse500 = getFundingHistoryModule.responses["500"];
export const resetSubAccountApiKeyRequest = resetSubAccountApiKeyModule.request;
export const resetSubAccountApiKeyResponse200 = resetSubAccountApiKeyModule.responses["200"];
export const resetSubAccountApiKeyResponse400 = resetSubAccountApiKeyModule.responses["400"];
export const resetSubAccountApiKeyResponse401 = resetSubAccountApiKeyModule.responses["401"];
export const resetSubAccountApiKeyResponse403 = resetSubAccountApiKeyModule.responses["403"];
export const resetSubAccountApiKeyResponse404 = resetSubAccountApiKeyModule.responses["404"];
export const resetSubAccountApiKeyResponse429 = resetSubAccountApiKeyModule.responses["429"];
export const resetSubAccountApiKeyResponse500 = resetSubAccountApiKeyModule.responses["500"];
export const depositCanceledRequest = depositCanceledModule.request;

/** Validators by operationId: the request body, and each documented response by status. */
export const validators = {
  ping: { request: pingModule.request, responses: pingModule.responses },
  getInvestmentsHistory: { request: getInvestmentsHistoryModule.request, responses: getInvestmentsHistoryModule.responses },
  getInterestPaymentsHistory: { request: getInterestPaymentsHistoryModule.request, responses: getInterestPaymentsHistoryModule.responses },
  updateFlexAutoReinvestment: { request: updateFlexAutoReinvestmentModule.request, responses: updateFlexAutoReinvestmentModule.responses },
  getMainBalance: { request: getMainBalanceModule.request, responses: getMainBalanceModule.responses },
  applyCode: { request: applyCodeModule.request, responses: applyCodeModule.responses },
  refundDeposit: { request: refundDepositModule.request, responses: refundDepositModule.responses },
  getMiningPayoutDestination: { request: getMiningPayoutDestinationModule.request, responses: getMiningPayoutDestinationModule.responses },
  getFundingHistory: { request: getFundingHistoryModule.request, responses: getFundingHistoryModule.responses },
  resetSubAccountApiKey: { request: resetSubAccountApiKeyModule.request, responses: resetSubAccountApiKeyModule.responses },
  depositCanceled: { request: depositCanceledModule.request, responses: depositCanceledModule.responses },
};
