// The declaration files the transformer publishes compile in a consumer's project: every name
// they use is imported or declared. tsc writes a dependency's type by its local name when that
// type comes from a package not installed here (unplugin's `VitePlugin`, from vite), leaving a
// name that resolves nowhere; skipLibCheck hides it, a consumer without skipLibCheck gets an error.
import { describe, expect, it, jest } from "@jest/globals";
import { join } from "node:path";
import ts from "typescript";

jest.setTimeout(120_000);

const source = join(__dirname);

/** The transformer's declarations as its build writes them: `src/x.ts` → text of `src/x.d.ts`. */
function emitDeclarations(): Map<string, string> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(__dirname, "../tsconfig.build.json"),
    { declaration: true, emitDeclarationOnly: true, noEmit: false, outDir: undefined, declarationDir: undefined },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, outDir: source } });
  const declarations = new Map<string, string>();
  program.emit(undefined, (fileName, text) => declarations.set(fileName, text), undefined, true);
  return declarations;
}

describe("the transformer's declaration files", () => {
  it("compile with skipLibCheck off, each name they use resolving", () => {
    const declarations = emitDeclarations();
    expect([...declarations.keys()].some((name) => name.endsWith("bundler/index.d.ts"))).toBe(true);

    // A consumer's view: the declarations instead of the sources beside them.
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      types: ["node"],
    };
    const host = ts.createCompilerHost(options);
    const isSource = (fileName: string) => fileName.startsWith(source) && /(?<!\.d)\.ts$/.test(fileName);
    host.fileExists = (fileName) => declarations.has(fileName) || (!isSource(fileName) && ts.sys.fileExists(fileName));
    host.readFile = (fileName) => declarations.get(fileName) ?? ts.sys.readFile(fileName);
    const original = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion) => {
      const text = declarations.get(fileName);
      return text === undefined
        ? original(fileName, languageVersion)
        : ts.createSourceFile(fileName, text, languageVersion);
    };
    const program = ts.createProgram({ rootNames: [...declarations.keys()], options, host });

    const problems = [...declarations.keys()].flatMap((fileName) =>
      program
        .getSemanticDiagnostics(program.getSourceFile(fileName))
        .map((d) => `${fileName.slice(source.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`),
    );
    expect(problems).toEqual([]);
  });
});
