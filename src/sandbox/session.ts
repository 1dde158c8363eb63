// What a sandbox remembers between requests, and the kit's pipeline over it: the sandbox is the
// server kit with the dataset's handlers; its faults and call log sit around it (api-calls.ts).
import type { Dataset } from "../../generated/dataset.js";
import { ApiPipeline, type ApiLogger } from "../server/pipeline.js";
import { memoryNonceStore } from "../server/nonces.js";
import { memoryClaimStore } from "../server/claims.js";
import { MemoryRateLimits } from "../server/rate-limit-store.js";
import { kitHandlers, type SandboxKey } from "./handlers.js";
import { SandboxState } from "./state.js";

/** Everything a sandbox remembers between requests; a reset replaces it whole. */
export class SandboxSession {
  readonly state: SandboxState;
  /** The last nonce accepted for each API key. */
  readonly nonces = memoryNonceStore();
  readonly limits = new MemoryRateLimits();
  /** The values of once-only operations spent (the codes applied). */
  readonly claims = memoryClaimStore();
  readonly api: ApiPipeline<SandboxKey>;

  constructor(dataset: Dataset, { rateLimits, nonceMaxAgeMs, log }: { rateLimits: boolean; nonceMaxAgeMs?: number | undefined; log: ApiLogger }) {
    this.state = new SandboxState(dataset);
    // The sandbox's handlers are typed from the document and its pages are sent as serialised
    // once: their answers are not checked again on every request.
    this.api = new ApiPipeline<SandboxKey>({
      keys: (apiKey) => this.state.credentials(apiKey),
      handlers: kitHandlers(this.state),
      nonces: this.nonces,
      claims: this.claims,
      ...(nonceMaxAgeMs === undefined ? {} : { nonceMaxAgeMs }),
      rateLimits: rateLimits ? this.limits : false,
      responseValidation: "off",
      log,
    });
  }
}
