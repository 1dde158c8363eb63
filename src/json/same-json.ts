/**
 * Whether two JSON values are the same: the same type and the same members, an object's keys in
 * any order. A number never equals a string ("5" is not 5). JSON values only (what an answer's body
 * and a workflow's literals are), so that it runs where node:util does not, in the docs page.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
