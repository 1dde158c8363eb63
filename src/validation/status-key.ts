/**
 * The key of the documented response that covers a status, as OpenAPI matches them: the exact
 * code, else its range (`4XX`), else `default`; undefined when none is documented.
 */
export function documentedStatusKey(status: number, isDocumented: (key: string) => boolean): string | undefined {
  const exact = String(status);
  if (isDocumented(exact)) return exact;
  const range = `${exact[0]}XX`;
  if (isDocumented(range)) return range;
  return isDocumented("default") ? "default" : undefined;
}
