// Ajv's standalone code, made smaller without changing what it does: a bundle that imports one
// operation's validators ships less. test/document/validators-equivalence.test.ts checks that every
// validator gives the same verdict and the same errors as ajv compiling the schema at run time.

const SCHEMA_CONSTANT = /const (schema\d+) = /g;
// ajv, with allErrors, builds each error in a constant and then appends it to vErrors.
const ERROR_PUSH = /const (err\d+) = (\{.*?\});if\(vErrors === null\)\{vErrors = \[\1\];\}else \{vErrors\.push\(\1\);\}/g;

/**
 * Schema constants are emitted whole, descriptions included, though the code reads one or two of
 * their properties (`schema32.required` for the loop over required names). Keep only what is read,
 * and drop a constant nothing reads.
 */
function slimSchemaConstants(code) {
  let slim = "";
  let copied = 0;
  for (const constant of code.matchAll(SCHEMA_CONSTANT)) {
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

/** `(vErrors = vErrors || []).push({...})`: the same array, built with one expression per error. */
function compactErrorPushes(code) {
  return code.replace(ERROR_PUSH, (_, _name, error) => `(vErrors = vErrors || []).push(${error});`);
}

export function compactStandalone(code) {
  return compactErrorPushes(slimSchemaConstants(code));
}
