// Type checks of a project folder through TypeScript's API, in the test's own process: one tsc
// start for them all, and each file parsed once for every check that reads it the same way.
// Every file of the program is checked (skipLibCheck false: the installed package's declarations,
// its dependencies' and the fixtures) but for TypeScript's own libs and @types/node, which no
// change of ours reaches; checking them again was two thirds of each tsc run.
import path from "node:path";
import ts from "typescript";

const NOT_OURS = /node_modules\/(typescript\/lib|@types\/node|undici-types)\//;
/**
 * The options that change how a file parses and binds: TypeScript 5.9's internal
 * sourceFileAffectingCompilerOptions, which its own document registry keys files by, and strict.
 */
const PARSE_AFFECTING = ["target", "module", "moduleResolution", "moduleDetection", "jsx", "jsxImportSource", "importHelpers", "strict", "alwaysStrict",
  "noFallthroughCasesInSwitch", "allowUnusedLabels", "allowUnreachableCode"];

/** Compiler options as written in a tsconfig.json ("node16", "ES2022"), and the files to check. */
export type CheckedProgram = { compilerOptions: Record<string, unknown>; files: string[] };

export function typeChecker(project: string) {
  const parsed = new Map<string, ts.SourceFile | undefined>();

  function program({ compilerOptions, files }: CheckedProgram) {
    const { options, errors } = ts.convertCompilerOptionsFromJson(compilerOptions, project);
    if (errors.length > 0) throw new Error(ts.flattenDiagnosticMessageText(errors[0]!.messageText, "\n"));
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    const parseKey = JSON.stringify(PARSE_AFFECTING.map((name) => options[name]));
    host.getSourceFile = (fileName, languageVersion, ...rest) => {
      const key = `${fileName}\0${JSON.stringify(languageVersion)}\0${parseKey}`;
      if (!parsed.has(key)) parsed.set(key, read(fileName, languageVersion, ...rest));
      return parsed.get(key);
    };
    return { program: ts.createProgram({ rootNames: files.map((file) => path.join(project, file)), options, host }), options };
  }

  const format = (diagnostics: readonly ts.Diagnostic[]) =>
    ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (file) => file, getCurrentDirectory: () => project, getNewLine: () => "\n" });

  return {
    /** What `tsc -p` would report for these options and files: its exit code (0 or 2) and its error lines. */
    check(checked: CheckedProgram & { emit?: boolean }) {
      const { program: built } = program(checked);
      const diagnostics = [
        ...built.getOptionsDiagnostics(),
        ...built.getGlobalDiagnostics(),
        ...built.getSourceFiles().filter((file) => !NOT_OURS.test(file.fileName)).flatMap((file) => [
          ...built.getSyntacticDiagnostics(file),
          ...built.getSemanticDiagnostics(file),
        ]),
        ...(checked.emit ? built.emit().diagnostics : []),
      ];
      return { code: diagnostics.length > 0 ? 2 : 0, output: format(diagnostics) };
    },
    /** The files the program reads, as `tsc --listFiles` prints them. */
    files(checked: CheckedProgram) {
      return program(checked).program.getSourceFiles().map((file) => file.fileName);
    },
  };
}
