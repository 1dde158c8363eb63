// A size budget, not a timing: the bytes a bundler ships for the client entry are deterministic.
import { expect, it } from "vitest";
import { CLIENT_ENTRY_BUDGET, sizes } from "../../bench/size.mjs";

it("keeps the client entry, without the validators, under its budget minified (bench/size.mjs says why)", async () => {
  const { clientEntryWithoutValidators, validatorsModule } = await sizes();
  expect(clientEntryWithoutValidators).toBeLessThan(CLIENT_ENTRY_BUDGET);
  // Measured with the validators left out: they are a module of their own, loaded per operation.
  expect(validatorsModule).toBeGreaterThan(20_000);
});
