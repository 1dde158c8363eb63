const QUOTE = 34;
const BACKSLASH = 92;

/** Where the string literal that opens at `start` ends (the index of its closing quote). */
function closingQuote(text: string, start: number): number {
  for (let at = text.indexOf('"', start + 1); ; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/**
 * The first object key that appears twice in one object of a JSON text, or undefined. JSON.parse
 * keeps the last of repeated keys silently; a reader that takes the first would see another
 * message than the one validated. The text must already be valid JSON. Keys are compared decoded,
 * so `"a"` and `"\u0061"` are the same key. One pass, strings skipped with indexOf: about the cost
 * of JSON.parse on the same text.
 */
export function firstDuplicateKey(text: string): string | undefined {
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
