import type { ValidationIssue } from "../validation/issues.js";
import { issueList, TxcError } from "./base.js";

/** Base of the errors of a webhook delivery: each names the event. */
export class WebhookError extends TxcError {
  override name = "WebhookError";
  constructor(readonly event: string, message: string) {
    super(`${event}: ${message}`);
  }
}

/** A webhook payload that is not what the document describes. */
export class WebhookPayloadError extends WebhookError {
  override name = "WebhookPayloadError";
  constructor(event: string, readonly issues: readonly ValidationIssue[]) {
    super(event, `invalid webhook payload: ${issueList(issues)}`);
  }
}
