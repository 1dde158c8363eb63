// Ajv's standalone code with two of its commonest checks made cheaper, the verdicts unchanged:
// `type: integer` asked of Number.isInteger, and the document's decimal pattern read by a scanner
// instead of a regular expression (a third of the time of a valid page went to the regex).
// test/document/validators-equivalence.test.ts compares every validator with ajv compiling the
// schema at run time; test/document/quicker-checks.unit.test.ts compares the scanner with the regex.

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

// ajv's test for `type: integer`, on a local `dataN` variable: the same as Number.isInteger.
const INTEGER_TEST = /\(\(typeof (data\d*) == "number"\) && \(!\(\1 % 1\) && !isNaN\(\1\)\)\) && \(isFinite\(\1\)\)/g;
const PATTERN_CONSTANT = /const (pattern\d+) = new RegExp\(("(?:[^"\\]|\\.)*"), "u"\);/g;

function scannedPatterns(code) {
  const scanners = new Set();
  let scanned = code;
  for (const [constant, name, source] of code.matchAll(PATTERN_CONSTANT)) {
    const scanner = PATTERN_SCANNERS[JSON.parse(source)];
    if (!scanner) continue;
    scanners.add(scanner);
    scanned = scanned.replace(constant, "").replace(new RegExp(`\\b${name}\\.test\\(`, "g"), `${scanner.name}(`);
    if (new RegExp(`\\b${name}\\b`).test(scanned)) throw new Error(`${name} is read other than by .test(): its scanner cannot stand in for it`);
  }
  const definitions = [...scanners].map((scanner) => `const ${scanner.name} = ${scanner.toString()};`).join("");
  // After "use strict", which must stay the first statement.
  return scanned.replace(/^(\s*"use strict";)?/, (strict) => `${strict}${definitions}`);
}

export function quickerChecks(code) {
  return scannedPatterns(code.replace(INTEGER_TEST, "Number.isInteger($1)"));
}
