// A size budget, not a timing: the bytes a bundler ships for the client entry are deterministic.
import { expect, it } from "vitest";
// @ts-expect-error bench/size.mjs is plain JavaScript without declarations.
import { sizes } from "../../bench/size.mjs";

it("keeps the client entry, without the validators, under 20 kB minified", async () => {
  const { clientEntryWithoutValidators, validatorsModule } = await sizes();
  expect(clientEntryWithoutValidators).toBeLessThan(20_000);
  expect(validatorsModule).toBeGreaterThan(clientEntryWithoutValidators);
});
