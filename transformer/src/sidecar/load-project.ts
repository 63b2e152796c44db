import { dirname, relative, resolve, sep } from "node:path";
import { Project, ts as morphTs } from "ts-morph";
import type * as ts from "typescript";

/**
 * A TypeScript project read by ts-morph, with the compiler objects the engine needs. Everything
 * comes from ts-morph's bundled compiler, so this works beside any installed TypeScript (TS 7 included).
 */
export interface LoadedProject {
  /** ts-morph's project (kept for watch mode and callers that want its API). */
  project: Project;
  /** The `ts` module the program was built with: hand this, and only this, to the engine. */
  ts: typeof ts;
  /** The program's type checker. */
  checker: ts.TypeChecker;
  /** The program. */
  program: ts.Program;
  /** Absolute directory of the tsconfig: paths in keys and diagnostics are relative to it. */
  directory: string;
  /** `file` relative to the project directory, with `/` separators (stable across platforms). */
  relativePath(file: string): string;
  /** The project's own source files (the tsconfig's `files`/`include`), no declaration files. */
  sourceFiles(): ts.SourceFile[];
}

/** Default options for files read without a tsconfig (`tooltype inspect FILE` outside any project). */
const looseOptions = {
  target: morphTs.ScriptTarget.ES2022,
  module: morphTs.ModuleKind.ESNext,
  moduleResolution: morphTs.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
};

/**
 * Reads the project described by `tsconfigPath` (its files, options and path mappings), plus
 * `extraFiles` it does not list. Without a tsconfig, reads `extraFiles` (and what they import)
 * with strict defaults; paths are then relative to `cwd` (which relative arguments are read against).
 */
export function loadProject(
  tsconfigPath: string | undefined,
  extraFiles: readonly string[] = [],
  cwd = process.cwd(),
): LoadedProject {
  const configPath = tsconfigPath === undefined ? undefined : resolve(cwd, tsconfigPath);
  const project = configPath
    ? new Project({ tsConfigFilePath: configPath })
    : new Project({ compilerOptions: looseOptions });
  const extras = extraFiles.map((file) => resolve(cwd, file).split(sep).join("/"));
  for (const file of extras) {
    if (!project.getSourceFile(file)) project.addSourceFileAtPath(file);
  }
  if (!configPath) project.resolveSourceFileDependencies();
  // ts-morph's `ts` is its own bundled copy; its types are a twin of typescript's.
  const tsModule = morphTs as unknown as typeof ts;
  const program = project.getProgram().compilerObject as unknown as ts.Program;
  const checker = program.getTypeChecker();
  const directory = configPath ? dirname(configPath) : resolve(cwd);
  const relativePath = (file: string): string => {
    const path = relative(directory, resolve(file));
    return path.split(sep).join("/");
  };
  // Only the tsconfig's own files (and the extra ones): sources reached through `paths` (a linked package) are not the project's.
  const roots = configPath ? program.getRootFileNames() : extras;
  const sourceFiles = (): ts.SourceFile[] =>
    [...new Set([...roots, ...extras])]
      .map((name) => program.getSourceFile(name))
      .filter((file): file is ts.SourceFile => file !== undefined && !file.isDeclarationFile);
  return { project, ts: tsModule, checker, program, directory, relativePath, sourceFiles };
}
