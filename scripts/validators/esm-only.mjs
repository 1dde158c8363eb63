// Ajv's ESM output still calls require() for formats and runtime helpers: inline them or turn them
// into imports, so that the validators run as ES modules and import nothing but ajv-formats' code.
import { rewrite } from "./rewrite.mjs";

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
  const body = rewrite(code, {
    name: "esm-only: require()",
    pattern: /require\("([^"]+)"\)/g,
    leftover: /\brequire\(/,
    optional: true,
    replace: (_, specifier) => {
      const helper = INLINED_HELPERS[specifier.replace(/\.js$/, "")];
      if (helper) {
        if (!inlined.has(specifier)) inlined.set(specifier, [`__inline${inlined.size}`, helper]);
        return inlined.get(specifier)[0];
      }
      const file = specifier.endsWith(".js") ? specifier : `${specifier}.js`;
      if (!imports.has(file)) imports.set(file, `__import${imports.size}`);
      return imports.get(file);
    },
  });
  const header = [
    ...[...imports].map(([file, name]) => `import ${name} from ${JSON.stringify(file)};`),
    ...[...inlined.values()].map(([name, helper]) => `const ${name} = ${helper};`),
  ].join("\n");
  return `${header}\n${body}`;
}
