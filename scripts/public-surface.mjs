// node scripts/public-surface.mjs [--check]: the package's public surface as one reviewed file,
// docs/public-surface.txt: every exported name of every entry of package.json's "exports" with its
// type as the declarations ship it (what api-extractor's report holds), and every command of the
// command line with its flags. The suite fails when the file and the build disagree
// (test/package/public-surface.test.ts); the version gate compares it with the latest release's
// (releases/<version>/public-surface.txt): a line removed or changed needs a major, a line added a minor.
// What the document decides (the validators, the operations' facts) is the document's gate's, not this file's.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { FOLLOWS_THE_DOCUMENT } from "../dist/diff/surface-gate.js";
import { root } from "./project.mjs";

export const SURFACE_FILE = "docs/public-surface.txt";
const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrayAsGenericType | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
/** The entries whose declarations are generated from the document: its own gate covers them. */
const FROM_THE_DOCUMENT = /^\.\/generated\//;

function entryDeclarations() {
  const { exports } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return Object.entries(exports)
    .filter(([, target]) => typeof target === "object" && typeof target.types === "string" && !target.types.includes("*") && !FROM_THE_DOCUMENT.test(target.types))
    .map(([entry, target]) => ({ entry, file: path.join(root, target.types) }));
}

/** One line per member of an object-like type: how a change to an options type shows. */
function members(checker, type, at) {
  const objectLike = (part) => part.flags & ts.TypeFlags.Object && !checker.isArrayType(part) && !checker.isTupleType(part) && part.getCallSignatures().length === 0;
  if (type.isUnion() || !(type.isIntersection() ? type.types.every(objectLike) : objectLike(type))) return [];
  return checker.getPropertiesOfType(type).map((property) => {
    const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
    return `    ${property.getName()}${optional}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(property, at), at, FORMAT)}`;
  }).sort();
}

function describe(checker, exported, at, fromTheDocument) {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const name = exported.getName();
  if (fromTheDocument.has(name)) return [`  ${name}: from the document (${fromTheDocument.get(name)})`];
  const lines = [];
  if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const listed = members(checker, type, at);
    lines.push(listed.length ? `  type ${name}` : `  type ${name} = ${checker.typeToString(type, at, FORMAT | ts.TypeFormatFlags.InTypeAlias)}`, ...listed);
  }
  if (symbol.flags & ts.SymbolFlags.Class) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const constructors = checker.getTypeOfSymbolAtLocation(symbol, at).getConstructSignatures().map((signature) => checker.signatureToString(signature, at, FORMAT));
    lines.push(`  class ${name} ${constructors.join(" | ")}`, ...members(checker, type, at));
  } else if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable | ts.SymbolFlags.Enum)) {
    lines.push(`  ${symbol.flags & ts.SymbolFlags.Function ? "function" : "const"} ${name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, at), at, FORMAT)}`);
  }
  return lines.length ? lines : [`  ${name}: ${ts.SymbolFlags[symbol.flags] ?? symbol.flags}`];
}

function exportsReport() {
  const entries = entryDeclarations();
  const generated = readdirSync(path.join(root, "generated")).filter((file) => file.endsWith(".d.ts")).map((file) => path.join(root, "generated", file));
  const program = ts.createProgram([...entries.map(({ file }) => file), ...generated], {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true, noEmit: true, types: ["node"],
  });
  const checker = program.getTypeChecker();
  // The names generated/ declares: what they hold is the document's, and grows with it.
  const fromTheDocument = new Map(generated.flatMap((file) => {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file));
    return moduleSymbol ? checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol.getName(), path.relative(root, file)]) : [];
  }));
  const documentWords = new RegExp(`\\b(?:${[...fromTheDocument.keys()].join("|")})\\b`);
  const marked = (line) => (!line.includes(": from the document") && documentWords.test(line) ? `${line}${FOLLOWS_THE_DOCUMENT}` : line);
  return entries.flatMap(({ entry, file }) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${path.relative(root, file)}: no such declaration file (npm run build first)`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const exported = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    const sorted = [...exported].sort((a, b) => a.getName().localeCompare(b.getName()));
    return [`txc-api${entry.slice(1)}`, ...sorted.flatMap((symbol) => describe(checker, symbol, source, fromTheDocument)).map(marked), ""];
  });
}

async function commandsReport() {
  const { commands } = await import(path.join(root, "dist/cli/commands.js"));
  return Object.entries(commands).sort(([a], [b]) => a.localeCompare(b)).flatMap(([name, { flags }]) => [
    `txc-api ${name}`,
    ...Object.entries(flags).sort(([a], [b]) => a.localeCompare(b)).map(([flag, { type, multiple, default: given }]) =>
      `  --${flag} ${type}${multiple ? ", repeatable" : ""}${given === undefined ? "" : `, default ${JSON.stringify(given)}`}`),
    "",
  ]);
}

export async function publicSurface() {
  const header = [
    "# The public surface of txc-api: written by node scripts/public-surface.mjs from the build; never edited by hand.",
    "# A line removed or changed here is a breaking change (a major version), a line added a compatible one (a minor);",
    `# a line marked "${FOLLOWS_THE_DOCUMENT.trim()}" counts only when removed (the document's own gate judges the rest).`,
    "",
  ];
  return [...header, "## Exports", "", ...exportsReport(), "## Commands", "", ...(await commandsReport())].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await publicSurface();
  const file = path.join(root, SURFACE_FILE);
  if (process.argv.includes("--check")) {
    const committed = readFileSync(file, "utf8");
    if (committed !== report) {
      console.error(`${SURFACE_FILE} is not what the build exports: run node scripts/public-surface.mjs and review the difference`);
      process.exit(1);
    }
  } else {
    writeFileSync(file, report);
    console.log(`${SURFACE_FILE}: ${report.split("\n").length} lines`);
  }
}
