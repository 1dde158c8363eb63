// Refunds a cancelled deposit: the webhook's payload checked, the refund sent to the address the
// app holds for the customer, a 429 waited out (the client retries it, honouring Retry-After).
import { createClient, parseDepositCanceled, RateLimitError } from "txc-api";

/** The app's refunder: one client for the exchange, the customer's refund address looked up by the app. */
export function refunder({ baseUrl, apiKey, apiSecret, refundAddressOf }) {
  const client = createClient({ baseUrl, apiKey, apiSecret, retry: { attempts: 4, maxDelayMs: 5_000 } });
  return {
    /** Handles one deposit.canceled delivery (the raw body); returns the refund's id. */
    async onDepositCanceled(rawBody) {
      const event = parseDepositCanceled(rawBody);
      try {
        const { id } = await client.refundDeposit({ transaction_id: event.uniqueId, address: refundAddressOf(event) });
        return { refunded: id };
      } catch (error) {
        if (error instanceof RateLimitError) return { later: error.retryAfterMs ?? 10_000 };
        throw error;
      }
    },
  };
}
