import { dirname, join } from "node:path";
import ts from "typescript";
import { coreStubFiles } from "./core-stub.js";

/** Options of an in-memory compile. */
export interface CompileOptions {
  /** Legacy decorators (`experimentalDecorators` + `emitDecoratorMetadata`) instead of standard ones. */
  experimentalDecorators?: boolean;
  /** Extra compiler options. */
  compilerOptions?: ts.CompilerOptions;
  /** How much JSDoc the host parses (tsc parses only what type errors need). Default: all. */
  jsDocParsingMode?: ts.JSDocParsingMode;
}

/** An in-memory program over virtual files (under /project), the real lib files and a core stub. */
export interface VirtualProgram {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The source file `name` (relative to /project). */
  file(name: string): ts.SourceFile;
  /** The compiler's own errors in the virtual files (a test's source should have none). */
  typeErrors(): string[];
}

/** Directory the virtual files live in. */
export const projectRoot = "/project";
const libDirectory = dirname(ts.getDefaultLibFilePath({}));
const libCache = new Map<string, ts.SourceFile>();

/** Builds a program over `files` (name → source, relative to /project). */
export function createVirtualProgram(files: Record<string, string>, options: CompileOptions = {}): VirtualProgram {
  const virtual = new Map<string, string>();
  for (const [name, text] of Object.entries(coreStubFiles)) virtual.set(join(projectRoot, name), text);
  for (const [name, text] of Object.entries(files)) virtual.set(join(projectRoot, name), text);
  const compilerOptions: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ["lib.es2023.d.ts"],
    strict: true,
    types: [],
    rootDir: projectRoot,
    outDir: join(projectRoot, "out"),
    skipLibCheck: true,
    ignoreDeprecations: "6.0",
    ...(options.experimentalDecorators ? { experimentalDecorators: true, emitDecoratorMetadata: true } : {}),
    ...options.compilerOptions,
  };
  const host = ts.createCompilerHost(compilerOptions, true);
  host.jsDocParsingMode = options.jsDocParsingMode;
  const read = (fileName: string): string | undefined =>
    virtual.get(fileName) ?? (fileName.startsWith(libDirectory) ? ts.sys.readFile(fileName) : undefined);
  host.fileExists = (fileName) =>
    virtual.has(fileName) || (fileName.startsWith(libDirectory) && ts.sys.fileExists(fileName));
  host.readFile = read;
  host.directoryExists = (directory) =>
    directory.startsWith(libDirectory) || [...virtual.keys()].some((f) => f.startsWith(directory + "/"));
  host.getDirectories = () => [];
  host.getCurrentDirectory = () => projectRoot;
  host.realpath = (path) => path;
  host.getSourceFile = (fileName, languageVersion) => {
    const key = `${fileName}:${typeof languageVersion === "object" ? languageVersion.languageVersion : languageVersion}`;
    const cached = libCache.get(key);
    if (cached) return cached;
    const text = read(fileName);
    if (text === undefined) return undefined;
    const sourceFile = ts.createSourceFile(fileName, text, languageVersion, true);
    if (fileName.startsWith(libDirectory)) libCache.set(key, sourceFile);
    return sourceFile;
  };
  const roots = Object.keys(files)
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(projectRoot, name));
  const program = ts.createProgram({ rootNames: roots, options: compilerOptions, host });
  return {
    program,
    checker: program.getTypeChecker(),
    file(name) {
      const sourceFile = program.getSourceFile(join(projectRoot, name));
      if (!sourceFile) throw new Error(`no virtual file ${name}`);
      return sourceFile;
    },
    typeErrors() {
      return ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file === undefined || roots.includes(d.file.fileName))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  };
}
