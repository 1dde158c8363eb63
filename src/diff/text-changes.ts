// The changes oasdiff does not report because it does not read them: descriptions, summaries,
// titles, examples, external docs and extensions (x-...). Found by walking both documents side
// by side, each with where it is, so that a "text only" verdict says what changed. The
// extensions this package acts on are classed by what they do to a caller (behaviour-changes.ts).
import { classBehaviour, isBehavioural } from "./behaviour-changes.js";
import type { Change } from "./classify.js";

const TEXT_KEYS = new Set(["description", "summary", "title", "example", "examples", "externalDocs"]);
const isText = (key: string) => TEXT_KEYS.has(key) || key.startsWith("x-");
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Where a JSON pointer is, as the diff's other changes say it: the operation and the field. */
function placeOf(pointer: string[], head: Json): { location: string; operation?: string; field?: string } {
  const property = pointer.lastIndexOf("properties");
  const field = property >= 0 && pointer[property + 1] ? pointer[property + 1] : undefined;
  const rest = pointer.join(".");
  if (pointer[0] === "paths" && pointer[2] && METHODS.has(pointer[2])) {
    const operation = (((head as any)?.paths?.[pointer[1]!]?.[pointer[2]]) as { operationId?: string } | undefined)?.operationId;
    const inOperation = pointer.slice(3).join(".");
    const endpoint = `${pointer[2].toUpperCase()} ${pointer[1]}`;
    return { location: [operation ? `${operation} (${endpoint})` : endpoint, inOperation].filter(Boolean).join(" · "), ...(operation ? { operation } : {}), ...(field ? { field } : {}) };
  }
  return { location: rest || "document", ...(field ? { field } : {}) };
}

function walk(base: Json, head: Json, pointer: string[], headDocument: Json, found: Change[]) {
  if (isObject(base) && isObject(head)) {
    for (const key of new Set([...Object.keys(base), ...Object.keys(head)])) {
      const at = [...pointer, key];
      // components.examples is a map of reusable examples, not an example: walked into like the rest.
      if (!isText(key) || (pointer.length === 1 && pointer[0] === "components")) {
        walk(base[key], head[key], at, headDocument, found);
        continue;
      }
      if (JSON.stringify(base[key]) === JSON.stringify(head[key])) continue;
      const how = !(key in base) ? "added" : !(key in head) ? "removed" : "changed";
      if (isBehavioural(key)) found.push({ ...classBehaviour(key, base[key], head[key]), check: `${key}-${how}`, ...placeOf(at, headDocument) });
      else found.push({ kind: "text", check: `${key.startsWith("x-") ? "extension" : key}-${how}`, ...placeOf(at, headDocument), text: `${key} ${how}` });
    }
    return;
  }
  if (Array.isArray(base) && Array.isArray(head) && base.length === head.length) {
    base.forEach((item, index) => walk(item, head[index], [...pointer, String(index)], headDocument, found));
  }
}

/**
 * The text changes between two documents, each with its location; undefined when a side is not
 * JSON (a YAML file), whose text changes are then not located.
 */
export function textChanges(baseText: string, headText: string): Change[] | undefined {
  let base: Json;
  let head: Json;
  try {
    base = JSON.parse(baseText);
    head = JSON.parse(headText);
  } catch {
    return undefined;
  }
  const found: Change[] = [];
  walk(base, head, [], head, found);
  return found;
}
