// Ajv's standalone code with two of its commonest checks made cheaper, the verdicts unchanged:
// `type: integer` asked of Number.isInteger, and the document's decimal pattern read by a scanner
// instead of a regular expression (a third of the time of a valid page went to the regex).
// test/document/validators-equivalence.test.ts compares every validator with ajv compiling the
// schema at run time; test/document/quicker-checks.unit.test.ts compares the scanner with the regex.

import { rewrite, RewriteError } from "./rewrite.mjs";

/**
 * `^-?[0-9]+(\.[0-9]+)?$` (the "u" flag changes nothing here): an optional minus, digits, and
 * optionally a dot and digits, nothing else.
 */
export function isDecimalText(text) {
  const end = text.length;
  let at = text.charCodeAt(0) === 45 ? 1 : 0;
  const integerStart = at;
  let code = 0;
  while (at < end && (code = text.charCodeAt(at)) >= 48 && code <= 57) at++;
  if (at === integerStart) return false;
  if (at === end) return true;
  if (code !== 46) return false;
  const fractionStart = ++at;
  while (at < end && (code = text.charCodeAt(at)) >= 48 && code <= 57) at++;
  return at > fractionStart && at === end;
}

/** Patterns, as ajv writes them in `new RegExp(...)`, that a scanner reads instead. */
export const PATTERN_SCANNERS = { "^-?[0-9]+(\\.[0-9]+)?$": isDecimalText };

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// ajv's test for `type: integer`, on a local `dataN` variable: the same as Number.isInteger.
const INTEGER_TEST = {
  name: "quicker-checks: Number.isInteger",
  pattern: /\(\(typeof (data\d*) == "number"\) && \(!\(\1 % 1\) && !isNaN\(\1\)\)\) && \(isFinite\(\1\)\)/g,
  replace: "Number.isInteger($1)",
  leftover: /!\(data\d* % 1\)/,
};

/** The `new RegExp(...)` constants of the patterns that have a scanner; what `.test(` reads them is rewritten after. */
const PATTERN_CONSTANTS = {
  name: "quicker-checks: pattern scanners",
  pattern: new RegExp(`const (pattern\\d+) = new RegExp\\((${Object.keys(PATTERN_SCANNERS).map((source) => escaped(JSON.stringify(source))).join("|")}), "u"\\);`, "g"),
  leftover: new RegExp(Object.keys(PATTERN_SCANNERS).map((source) => `RegExp\\(${escaped(JSON.stringify(source))}`).join("|")),
};

function scannedPatterns(code) {
  const scanners = new Map();
  const withoutConstants = rewrite(code, {
    ...PATTERN_CONSTANTS,
    replace: (_, name, source) => {
      scanners.set(name, PATTERN_SCANNERS[JSON.parse(source)]);
      return "";
    },
  });
  let scanned = withoutConstants;
  for (const [name, scanner] of scanners) {
    scanned = scanned.replace(new RegExp(`\\b${name}\\.test\\(`, "g"), `${scanner.name}(`);
    if (new RegExp(`\\b${name}\\b`).test(scanned)) throw new RewriteError(`quicker-checks: ${name} is read other than by .test(): its scanner cannot stand in for it. See CONTRIBUTING.md, "Upgrading ajv"`);
  }
  const definitions = [...new Set(scanners.values())].map((scanner) => `const ${scanner.name} = ${scanner.toString()};`).join("");
  // After "use strict", which must stay the first statement.
  return scanned.replace(/^(\s*"use strict";)?/, (strict) => `${strict}${definitions}`);
}

export function quickerChecks(code) {
  return scannedPatterns(rewrite(code, INTEGER_TEST));
}
