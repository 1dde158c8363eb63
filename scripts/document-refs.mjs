// Reading the bundled document: its JSON media type and local `$ref`s.
export const JSON_MEDIA = "application/json";

/** The path segments of a local `$ref` such as `#/components/responses/BadRequest`. */
export const refSegments = (ref) => ref.replace(/^#\//, "").split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));

/** Follows local `$ref`s until a node without one. */
export function resolve(document, node) {
  let at = node;
  while (at?.$ref) at = refSegments(at.$ref).reduce((n, key) => n?.[key], document);
  return at;
}
