/** A change as oasdiff reports it (its JSON changelog). */
export type OasdiffChange = { id?: string; text?: string; level?: number; operation?: string; operationId?: string; path?: string; section?: string };

export type Kind = "breaking" | "compatible" | "text";
export type Change = { kind: Kind; check: string; operation?: string; field?: string; location: string; text: string };
export type Verdict = "breaking" | "compatible" | "text" | "none";
export type DiffReport = { verdict: Verdict; changes: Change[] };

// oasdiff's levels: 3 an error (breaks clients), 2 a warning (may break them: a removed request
// field, a new value in a response enum), 1 information. A client consumer must treat the first
// two alike: code written against the old contract can fail on the new one.
const kindOfLevel = (level: number | undefined): Kind => ((level ?? 1) >= 2 ? "breaking" : "compatible");

/** The field a change names (`records/items/status` becomes `records[].status`), when it names one. */
function fieldOf(text: string): string | undefined {
  const named = /`([^`]+)` (?:request |response )?(?:property|parameter)/.exec(text) ?? /property `([^`]+)`/.exec(text);
  return named?.[1].replaceAll("/items", "[]").replaceAll("/", ".");
}

/** Where a change is: the operation (its id, method and path) and the field, as far as known. */
function locationOf(change: OasdiffChange, field: string | undefined): string {
  const operation = change.operationId ?? "";
  const endpoint = change.operation && change.path ? `${change.operation} ${change.path}` : change.path ?? change.section ?? "document";
  return [operation ? `${operation} (${endpoint})` : endpoint, field].filter(Boolean).join(" · ");
}

/**
 * Classifies oasdiff's changes for a client consumer, with the text changes beside them (each
 * located; undefined when a side could not be walked). Texts that differ with no change found
 * anywhere differ in order or layout only.
 */
export function classify(changes: readonly OasdiffChange[], textChanges: readonly Change[] | undefined, textsDiffer: boolean): DiffReport {
  const classified: Change[] = changes.map((change) => {
    const text = change.text ?? change.id ?? "changed";
    const field = fieldOf(text);
    return { kind: kindOfLevel(change.level), check: change.id ?? "", operation: change.operationId, field, location: locationOf(change, field), text };
  });
  classified.push(...(textChanges ?? []));
  if (classified.length === 0 && textsDiffer) {
    const text = textChanges ? "the documents differ in order or layout only" : "the documents differ only where no client reads (descriptions, examples, order); a side is not JSON, so where is not listed";
    classified.push({ kind: "text", check: "text-only", location: "document", text });
  }
  const verdict: Verdict = classified.some((c) => c.kind === "breaking")
    ? "breaking"
    : classified.some((c) => c.kind === "compatible") ? "compatible" : classified.length ? "text" : "none";
  return { verdict, changes: classified };
}
