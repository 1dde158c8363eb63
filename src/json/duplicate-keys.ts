const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const NOT_PARSED = Symbol("not parsed");

/** Where the string literal that opens at `start` ends (the index of its closing quote). */
function closingQuote(text: string, start: number): number {
  for (let at = text.indexOf('"', start + 1); ; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/** How many members the text's objects have: in JSON, each colon outside a string ends a key. */
function membersInText(text: string): number {
  let members = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) i = closingQuote(text, i);
    else if (char === COLON) members++;
  }
  return members;
}

/** How many own keys the parsed value's objects have, walked without recursion (any depth JSON.parse took). */
function membersParsed(value: unknown): number {
  let members = 0;
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (next === null || typeof next !== "object") continue;
    const children = Array.isArray(next) ? next : Object.values(next);
    if (!Array.isArray(next)) members += children.length;
    for (const child of children) if (child !== null && typeof child === "object") pending.push(child);
  }
  return members;
}

/**
 * The first object key that appears twice in one object of a JSON text, or undefined. JSON.parse
 * keeps the last of repeated keys silently; a reader that takes the first would see another
 * message than the one validated. The text must already be valid JSON. Keys are compared decoded,
 * so `"a"` and `"\u0061"` are the same key. One pass, strings skipped with indexOf: about the cost
 * of JSON.parse on the same text. Given what JSON.parse made of the text, it first compares how
 * many members each holds (JSON.parse keeps one of repeated keys), and scans for the name only
 * when they differ: the usual body costs a count, not a set of its keys.
 */
export function firstDuplicateKey(text: string, parsed: unknown = NOT_PARSED): string | undefined {
  if (parsed !== NOT_PARSED && membersInText(text) === membersParsed(parsed)) return undefined;
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let keys: Set<string> | null = null;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      const end = closingQuote(text, i);
      if (expectKey && keys) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (keys.has(key)) return key;
        keys.add(key);
      }
      i = end;
      expectKey = false;
    } else if (char === 123 /* { */) {
      open.push((keys = new Set()));
      expectKey = true;
    } else if (char === 91 /* [ */) {
      open.push((keys = null));
    } else if (char === 125 /* } */ || char === 93 /* ] */) {
      open.pop();
      keys = open.length ? open[open.length - 1] : null;
    } else if (char === 44 /* , */) {
      expectKey = keys !== null;
    }
  }
  return undefined;
}
