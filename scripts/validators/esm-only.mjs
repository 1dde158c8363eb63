// Ajv's ESM output still calls require() for its runtime helpers (ucs2length, for minLength and
// maxLength) and for formats it cannot inline: inline the one-line helper, turn the rest into
// imports, so that the validators run as ES modules. Code that still calls require() in another
// form stops the build: an ajv upgrade wrote it otherwise (CONTRIBUTING.md, "Upgrading ajv").

/**
 * Ajv's runtime helpers that are one line, written in place so that the validators import nothing:
 * ucs2length counts code points, a lone surrogate as one, which is what iterating a string does.
 */
const INLINED_HELPERS = {
  "ajv/dist/runtime/ucs2length": "{ default: (text) => { let count = 0; for (const _ of text) count++; return count; } }",
};

export function esmOnly(code) {
  const imports = new Map();
  const inlined = new Map();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier) => {
    const helper = INLINED_HELPERS[specifier.replace(/\.js$/, "")];
    if (helper) {
      if (!inlined.has(specifier)) inlined.set(specifier, [`__inline${inlined.size}`, helper]);
      return inlined.get(specifier)[0];
    }
    const file = specifier.endsWith(".js") ? specifier : `${specifier}.js`;
    if (!imports.has(file)) imports.set(file, `__import${imports.size}`);
    return imports.get(file);
  });
  const missed = /\brequire\s*\(.{0,80}/.exec(body);
  if (missed) throw new Error(`esm-only: ajv wrote a require() of another form: ${JSON.stringify(missed[0])}. See CONTRIBUTING.md, "Upgrading ajv"`);
  const header = [
    ...[...imports].map(([file, name]) => `import ${name} from ${JSON.stringify(file)};`),
    ...[...inlined.values()].map(([name, helper]) => `const ${name} = ${helper};`),
  ].join("\n");
  return `${header}\n${body}`;
}
