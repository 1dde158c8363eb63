// Generated from openapi/ by scripts/dataset-validator.mjs. Do not edit: run `npm run generate`.
import type { ValidateFunction } from "./validator-types.js";

/** Whether a value is a sandbox dataset of the right shape (the sandbox's Dataset type). */
export declare const validateDataset: ValidateFunction;
