// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.
export const validatorLoaders = {
  "ping": () => import("./validators/ping.js"),
  "getInvestmentsHistory": () => import("./validators/getInvestmentsHistory.js"),
  "getInterestPaymentsHistory": () => import("./validators/getInterestPaymentsHistory.js"),
  "updateFlexAutoReinvestment": () => import("./validators/updateFlexAutoReinvestment.js"),
  "getMainBalance": () => import("./validators/getMainBalance.js"),
  "applyCode": () => import("./validators/applyCode.js"),
  "refundDeposit": () => import("./validators/refundDeposit.js"),
  "getMiningPayoutDestination": () => import("./validators/getMiningPayoutDestination.js"),
  "getFundingHistory": () => import("./validators/getFundingHistory.js"),
  "resetSubAccountApiKey": () => import("./validators/resetSubAccountApiKey.js"),
  "depositCanceled": () => import("./validators/depositCanceled.js"),
};
