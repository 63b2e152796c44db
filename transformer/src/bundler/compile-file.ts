import { join, resolve } from "node:path";
import type * as ts from "typescript";
import { formatDiagnostic } from "../engine/diagnostics.js";
import { takeGlobalDependence, watchGlobalDependence } from "../engine/global-dependence.js";
import { injectIntoText, type TransformedText } from "./inject-text.js";
import { lowerToJavaScript } from "./lower.js";
import type { ProgramKind, ProjectProgram } from "./project-program.js";
import { hasDecoratorSyntax } from "./tool-markers.js";
import type { CachedOutput } from "./transform-cache.js";

/**
 * What the bundler expects of a file: `"load"` (Rollup, Rolldown: JavaScript from our `load`),
 * `"typescript"` (webpack, rspack: TypeScript for their loader) or `"transform"` (the others:
 * TypeScript, compiled by us only when decorators are left, which their parsers do not lower).
 */
export type OutputWay = "load" | "typescript" | "transform";

/** One file through the transformer: its output, or the errors that fail the build. */
export interface CompiledFile {
  output: CachedOutput;
  /** The tooltype errors, formatted `file:line:col - error TTnnnn: …`; the build fails with them. */
  errors?: string;
  /** Every file the output was read from (tsconfigs, install records, the program's files): the cache checks them. */
  dependencies: string[];
}

/**
 * Runs the tooltype transformer on `fileName` (whose text is `code`) in the project's program.
 * Loaded with the compiler, on the first file that holds tools, so builds served from the cache
 * (or without tools) never load the engine. Undefined when the program cannot hold the file.
 */
export function compileFile(
  current: ProjectProgram,
  code: string,
  fileName: string,
  way: OutputWay,
  sourceRoot: string | undefined,
  reduce = true,
): CompiledFile | undefined {
  const { tsm } = current;
  const root = sourceRoot ?? current.directory;
  let transformed = reduce ? transformIn(current, "reduced", code, fileName, root) : undefined;
  // The reduced program's answer counts only when nothing it left out could have changed it.
  if (transformed && (transformed.injected.diagnostics.length > 0 || transformed.readsGlobals)) transformed = undefined;
  transformed ??= transformIn(current, "full", code, fileName, root);
  if (!transformed) return undefined;
  const { found, injected } = transformed;
  const errors = injected.diagnostics.filter((d) => d.category === tsm.DiagnosticCategory.Error);
  if (errors.length > 0)
    return {
      output: null,
      errors: errors.map((d) => formatDiagnostic(tsm, d, current.directory)).join("\n"),
      dependencies: [],
    };
  const dependencies = [
    ...current.configFiles,
    ...installRecords(current.directory),
    ...found.program
      .getSourceFiles()
      .map((file) => file.fileName)
      .filter((name) => resolve(name) !== resolve(fileName)),
  ];
  const text = injected.code ?? code;
  if (way !== "load" && (way === "typescript" || !hasDecoratorSyntax(text)))
    // Insertions stay on their call's line, so the incoming source map still holds.
    return { output: injected.code === undefined ? null : { code: injected.code, map: null }, dependencies };
  const lowered = lowerToJavaScript(tsm, text, fileName, current.compilerOptions);
  return { output: { code: lowered.code, map: lowered.map ?? null }, dependencies };
}

/** The transformer's output for `fileName` in the program of `kind`, and whether its schemas read types the left-out globals could change. */
function transformIn(
  current: ProjectProgram,
  kind: ProgramKind,
  code: string,
  fileName: string,
  sourceRoot: string,
):
  | { found: { program: ts.Program; sourceFile: ts.SourceFile }; injected: TransformedText; readsGlobals: boolean }
  | undefined {
  const found = current.sourceFile(fileName, code, kind);
  if (!found) return undefined;
  const checker = found.program.getTypeChecker();
  watchGlobalDependence(checker);
  const injected = injectIntoText(current.tsm, found.program, found.sourceFile, sourceRoot);
  return { found, injected, readsGlobals: takeGlobalDependence(checker) };
}

/**
 * Files an install rewrites (the project's manifest; npm's, pnpm's and Yarn's record of what is
 * installed): a changed dependency set changes them even where no declaration file the program read changed.
 */
function installRecords(projectDirectory: string): string[] {
  const installed = join(projectDirectory, "node_modules");
  return [
    join(projectDirectory, "package.json"),
    ...[".package-lock.json", ".modules.yaml", ".yarn-state.yml"].map((name) => join(installed, name)),
  ];
}
