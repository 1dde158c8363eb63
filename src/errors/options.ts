import { TxcError } from "./base.js";

/**
 * An option given to createClient, createSignedFetchClient or signRequest cannot be used: the
 * message names the option and the rule, never its value when that may be a secret. Thrown at
 * once: nothing is sent.
 */
export class OptionsError extends TxcError {
  override name = "OptionsError";
}
