// The checks of contract-test, one module each, in the order a run plans and reports them.
import { authHeaders } from "./auth-headers.js";
import { authSignature } from "./auth-signature.js";
import { errorKeys } from "./error-keys.js";
import { negative } from "./negative.js";
import { partnerOnly } from "./partner-only.js";
import { positive } from "./positive.js";
import { protocol } from "./protocol.js";
import { publicCheck } from "./public.js";
import { races } from "./races.js";
import { rateLimits } from "./rate-limits.js";
import { sequences } from "./sequences.js";
import { tiedAnswers } from "./tied-answers.js";

import type { Check } from "./check.js";

/** Every check, in the order a run plans and reports them. */
export const registry = [positive, negative, errorKeys, tiedAnswers, authHeaders, authSignature, publicCheck, protocol, partnerOnly, sequences, races, rateLimits] as const;

/** The checks' names, read from their modules: what --checks accepts. */
export type CheckName = (typeof registry)[number]["name"];
export const CHECK_NAMES: readonly CheckName[] = registry.map((check) => check.name);

export const isCheckName = (name: string): name is CheckName => (CHECK_NAMES as readonly string[]).includes(name);
export const checkNamed = (name: CheckName): Check => registry.find((check) => check.name === name)!;
export const DEFAULT_CHECKS: readonly CheckName[] = registry.filter((check) => !check.optIn).map((check) => check.name);
export const OPT_IN_CHECKS: readonly CheckName[] = registry.filter((check) => check.optIn).map((check) => check.name);
export const describeCheck = (name: CheckName): string => checkNamed(name).description;
