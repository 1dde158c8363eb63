const STRING = /"(?:[^"\\]|\\.)*"/y;

/**
 * The first object key that appears twice in one object of a JSON text, or undefined. JSON.parse
 * keeps the last of repeated keys silently; a server that reads the first would see another
 * request than the one validated. The text must already be valid JSON. Keys are compared decoded,
 * so `"a"` and `"\u0061"` are the same key.
 */
export function firstDuplicateKey(text: string): string | undefined {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      STRING.lastIndex = i;
      const literal = STRING.exec(text)![0];
      i += literal.length - 1;
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const key = JSON.parse(literal) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
      expectKey = false;
    } else if (char === "{") {
      open.push(new Set());
      expectKey = true;
    } else if (char === "[") {
      open.push(null);
    } else if (char === "}" || char === "]") {
      open.pop();
    } else if (char === ",") {
      expectKey = open[open.length - 1] instanceof Set;
    }
  }
  return undefined;
}
