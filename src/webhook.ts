import type { DepositCanceledEvent } from "./types.js";
import { webhookEvents } from "../generated/operations.js";
import { request as validateDepositCanceled } from "../generated/validators/depositCanceled.js";
import { WebhookPayloadError } from "./errors/index.js";
import { validationIssues } from "./validation/issues.js";

const EVENT = webhookEvents.depositCanceled;

/**
 * Validates a `deposit.canceled` webhook payload (the raw body text, or parsed JSON) and returns
 * the typed event; its `uniqueId` is the `transaction_id` to pass to `refundDeposit`.
 */
export function parseDepositCanceled(payload: unknown): DepositCanceledEvent {
  let event = payload;
  if (typeof payload === "string" || payload instanceof Uint8Array) {
    try {
      // TextDecoder, not Buffer: this parser is in the browsers' entry too.
      event = JSON.parse(typeof payload === "string" ? payload : new TextDecoder().decode(payload));
    } catch {
      throw new WebhookPayloadError(EVENT, [{ field: "(body)", rule: "json", message: "(body) is not JSON" }]);
    }
  }
  const validate = validateDepositCanceled;
  if (!validate(event)) throw new WebhookPayloadError(EVENT, validationIssues(validate.errors));
  return event as DepositCanceledEvent;
}
