import type { components } from "../generated/schema.js";
import { validators } from "../generated/validators.js";
import { WebhookPayloadError } from "./client/errors.js";
import { validationIssues } from "./validation/issues.js";

export type DepositCanceledEvent = components["schemas"]["DepositCanceledEvent"];

/**
 * Validates a `deposit.canceled` webhook payload (the raw body text, or parsed JSON) and returns
 * the typed event; its `uniqueId` is the `transaction_id` to pass to `refundDeposit`.
 */
export function parseDepositCanceled(payload: unknown): DepositCanceledEvent {
  let event = payload;
  if (typeof payload === "string" || payload instanceof Uint8Array) {
    try {
      event = JSON.parse(typeof payload === "string" ? payload : Buffer.from(payload).toString("utf8"));
    } catch {
      throw new WebhookPayloadError([{ field: "(body)", rule: "json", message: "(body) is not JSON" }]);
    }
  }
  const validate = validators.depositCanceled.request;
  if (!validate(event)) throw new WebhookPayloadError(validationIssues(validate.errors));
  return event as DepositCanceledEvent;
}
