// Every change the build makes to ajv's generated code goes through `rewrite`: a regular
// expression that expects code of a shape ajv writes today. When an ajv upgrade writes that code
// otherwise, the rewrite would match nothing and quietly leave the code as it was (slower or
// larger, or with a require() in an ES module). Instead the build stops, naming the rewrite, its
// pattern and the code it left: CONTRIBUTING.md, "Upgrading ajv", says what to do then.

export class RewriteError extends Error {
  name = "RewriteError";
}

/** How many times each rewrite matched over the whole build, by name. */
const matches = new Map();

/**
 * Replaces every match of `pattern` in `code`. `leftover` is a looser pattern of the same
 * construct: any match of it in the result is code of that kind the rewrite missed. A rewrite is
 * expected to match somewhere in the build unless it is `optional` (code that only some documents
 * make ajv write).
 */
export function rewrite(code, { name, pattern, replace, leftover, optional = false }) {
  if (!pattern.global) throw new RewriteError(`${name}: its pattern must be global (/g)`);
  if (!optional) countMatches(name, [...code.matchAll(pattern)].length);
  const result = code.replace(pattern, replace);
  const missed = leftover?.exec(result);
  if (missed) {
    throw new RewriteError(`${name}: ajv wrote code that ${pattern} does not match: ${JSON.stringify(missed[0].slice(0, 160))}. See CONTRIBUTING.md, "Upgrading ajv"`);
  }
  return result;
}

/** Counts the matches of a rewrite that walks the code itself rather than through `rewrite`. */
export function countMatches(name, count) {
  matches.set(name, (matches.get(name) ?? 0) + count);
}

/** Stops the build when a rewrite matched nothing anywhere: ajv no longer writes the code it expects. */
export function assertEveryRewriteMatched() {
  const idle = [...matches].filter(([, count]) => count === 0).map(([name]) => name);
  if (idle.length) throw new RewriteError(`${idle.join(", ")}: matched nothing in the whole build, so ajv no longer writes the code these rewrites expect. See CONTRIBUTING.md, "Upgrading ajv"`);
}

/** Forgets the counts (each build, and each test of the rewrites, counts from zero). */
export function resetRewriteCounts() {
  matches.clear();
}
