/** Wrong use of a command: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}
