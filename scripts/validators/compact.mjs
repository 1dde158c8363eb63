// Ajv's standalone code, made smaller without changing what it does: a bundle that imports one
// operation's validators ships less. test/document/validators-equivalence.test.ts checks that every
// validator gives the same verdict and the same errors as ajv compiling the schema at run time.

import { countMatches, rewrite } from "./rewrite.mjs";

const SCHEMA_CONSTANT = /const (schema\d+) = /g;

/**
 * Schema constants are emitted whole, descriptions included, though the code reads one or two of
 * their properties (`schema32.required` for the loop over required names). Keep only what is read,
 * and drop a constant nothing reads.
 */
function slimSchemaConstants(code) {
  let slim = "";
  let copied = 0;
  const constants = [...code.matchAll(SCHEMA_CONSTANT)];
  countMatches("compact: schema constants", constants.length);
  for (const constant of constants) {
    const name = constant[1];
    const valueStart = constant.index + constant[0].length;
    if (code[valueStart] !== "{") continue; // a boolean schema: nothing to slim
    const valueEnd = jsonValueEnd(code, valueStart);
    if (code[valueEnd] !== ";") throw new Error(`${name} is not a plain constant`);
    const uses = [...code.matchAll(new RegExp(`\\b${name}\\b(\\.[A-Za-z_$][\\w$]*)?`, "g"))].filter((use) => use.index !== constant.index + "const ".length);
    if (uses.some((use) => !use[1])) continue; // read as a whole somewhere: keep it as it is
    const schema = JSON.parse(code.slice(valueStart, valueEnd));
    const read = [...new Set(uses.map((use) => use[1].slice(1)))];
    const statementEnd = valueEnd + 1; // the ";"
    slim += code.slice(copied, constant.index);
    if (read.length > 0) slim += `const ${name} = ${JSON.stringify(Object.fromEntries(read.map((key) => [key, schema[key]])))};`;
    copied = statementEnd;
  }
  return slim + code.slice(copied);
}

/** Where the JSON object or array starting at `start` ends (the index after its closing bracket). */
function jsonValueEnd(code, start) {
  let depth = 0;
  for (let at = start; at < code.length; at++) {
    const char = code[at];
    if (char === '"') {
      for (at++; code[at] !== '"'; at++) if (code[at] === "\\") at++;
    } else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  throw new Error(`unterminated schema constant at ${start}`);
}

/**
 * ajv, with allErrors, builds each error in a constant and then appends it to vErrors:
 * `(vErrors = vErrors || []).push({...})` is the same array, built with one expression per error.
 */
const ERROR_PUSH = {
  name: "compact: error pushes",
  pattern: /const (err\d+) = (\{.*?\});if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}/g,
  replace: "(vErrors = vErrors || []).push($2);",
  leftover: /vErrors\.push\(/,
};

// The two errors ajv writes most (a missing required property, a value of the wrong type), built
// by one small function each instead of an object literal at every place: the same objects, far
// fewer bytes. `instancePath` alone is ajv's shorthand for `instancePath: instancePath`.
const REQUIRED_ERROR = {
  name: "compact: missing-property errors",
  pattern: /\{instancePath(?::([^,]+))?,schemaPath:("[^"]*"),keyword:"required",params:\{missingProperty: ("[^"]*")\},message:"must have required property '"\+\3\+"'"\}/g,
  leftover: /keyword:"required"/,
};
// A type error whose instancePath holds a comma (an item of a map: `.replace(/~/g, "~0")`) is left whole.
const TYPE_ERROR = {
  name: "compact: type errors",
  pattern: /\{instancePath(?::([^,]+))?,schemaPath:("[^"]*"),keyword:"type",params:\{type: ("[a-z]+")\},message:"must be ([a-z]+)"\}/g,
};
const ERROR_BUILDERS = {
  missingError: `const missingError = (instancePath, schemaPath, missingProperty) => ({instancePath,schemaPath,keyword:"required",params:{missingProperty},message:"must have required property '"+missingProperty+"'"});`,
  typeError: `const typeError = (instancePath, schemaPath, type) => ({instancePath,schemaPath,keyword:"type",params:{type},message:"must be "+type});`,
};

function factorCommonErrors(code) {
  const used = new Set();
  const required = rewrite(code, {
    ...REQUIRED_ERROR,
    replace: (_, path, schemaPath, property) => {
      used.add("missingError");
      return `missingError(${path ?? "instancePath"},${schemaPath},${property})`;
    },
  });
  const factored = rewrite(required, {
    ...TYPE_ERROR,
    replace: (whole, path, schemaPath, type, said) => {
      if (JSON.parse(type) !== said) return whole; // a message that is not "must be <type>" stays as it is
      used.add("typeError");
      return `typeError(${path ?? "instancePath"},${schemaPath},${type})`;
    },
  });
  const builders = [...used].map((name) => ERROR_BUILDERS[name]).join("");
  // After "use strict", which must stay the first statement.
  return factored.replace(/^(\s*"use strict";)?/, (strict) => `${strict}${builders}`);
}

export function compactStandalone(code) {
  return factorCommonErrors(rewrite(slimSchemaConstants(code), ERROR_PUSH));
}
