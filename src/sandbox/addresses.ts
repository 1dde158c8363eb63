// Whitespace and invisible format characters (zero-width space, BOM, bidi marks) that a copy and
// paste may carry along; no wallet address holds one.
const INVISIBLE = /[\s\p{Cf}]/gu;
// Bech32 (bc1..., tb1..., ltc1...) and hex (0x...) addresses mean the same in upper and lower case;
// base58 addresses do not, so their case is kept.
const BECH32 = /^[a-z0-9]{1,83}1[02-9ac-hj-np-z]{6,}$/;
const HEX = /^0x[0-9a-f]+$/;

/** The form two addresses are compared in: what the owner of the address would see as the same one. */
export function canonicalAddress(address: string): string {
  const bare = address.replace(INVISIBLE, "");
  const lower = bare.toLowerCase();
  const caseBlind = (BECH32.test(lower) && (bare === lower || bare === bare.toUpperCase())) || HEX.test(lower);
  return caseBlind ? lower : bare;
}
