// The checks of contract-test, one module each, in the order a run plans and reports them.
import { authHeaders } from "./auth-headers.js";
import { authSignature } from "./auth-signature.js";
import { errorKeys } from "./error-keys.js";
import { negative } from "./negative.js";
import { partnerOnly } from "./partner-only.js";
import { positive } from "./positive.js";
import { protocol } from "./protocol.js";
import { publicCheck } from "./public.js";
import { rateLimits } from "./rate-limits.js";
import { sequences } from "./sequences.js";
import { tiedAnswers } from "./tied-answers.js";

import { CHECK_NAMES, type Check, type CheckName } from "./check.js";

export type { CheckName };

/** Every check, in the order of CHECK_NAMES (a test holds them equal). */
export const registry: readonly Check[] = [positive, negative, errorKeys, tiedAnswers, authHeaders, authSignature, publicCheck, protocol, partnerOnly, sequences, rateLimits];

export const CHECKS: readonly CheckName[] = CHECK_NAMES;
export const DEFAULT_CHECKS: readonly CheckName[] = registry.filter((check) => !check.optIn).map((check) => check.name);
export const OPT_IN_CHECKS: readonly CheckName[] = registry.filter((check) => check.optIn).map((check) => check.name);
export const describeCheck = (name: CheckName): string => registry.find((check) => check.name === name)!.description;
