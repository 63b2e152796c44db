import { dirname, resolve } from "node:path";
import type * as ts from "typescript";
import { formatDiagnostic } from "../../engine/diagnostics.js";
import type { TypeScript } from "../../engine/types.js";
import { planFile } from "../../transform/plan-file.js";
import { createTransformer } from "../../transform/transformer.js";
import type { CliIO, Command } from "../command.js";
import { findTsconfig } from "../find-tsconfig.js";
import { parseJsDocForTools } from "../jsdoc-parsing.js";
import { loadTypeScript } from "../load-typescript.js";
import { watchProject } from "./build-watch.js";

const usage = `Usage: tooltype build [-p tsconfig.json] [tsc options]

Compiles the project with the tooltype transformer (no patched compiler needed). Takes tsc's
options (--outDir, --noEmit, --watch, …). Prints each problem as
  file:line:col - error TTnnnn: message
and exits with 1 when there is any.`;

/** `tooltype build`: tsc with the transformer. */
export const buildCommand: Command = {
  name: "build",
  summary: "compile the project with the transformer (tsc's options; -p tsconfig.json)",
  usage,
  async run(args, io) {
    const tsm = loadTypeScript(io.cwd);
    const commandLine = tsm.parseCommandLine([...args]);
    if (commandLine.errors.length > 0) {
      for (const error of commandLine.errors) io.err(formatDiagnostic(tsm, error, io.cwd));
      return 2;
    }
    const configPath = findTsconfig(tsm, io.cwd, commandLine.options.project);
    if (!configPath) {
      io.err(`tooltype build: no tsconfig.json found from ${io.cwd}; pass -p path/to/tsconfig.json`);
      return 2;
    }
    const overrides = absolutePaths(commandLine.options, io.cwd);
    delete overrides.project;
    delete overrides.watch;
    if (commandLine.options.watch) return watchProject(tsm, configPath, overrides, io);
    return buildOnce(tsm, configPath, overrides, io);
  },
};

/** Command-line options that name files or directories, read against the working directory as tsc does. */
const pathOptions = [
  "outDir",
  "rootDir",
  "declarationDir",
  "outFile",
  "tsBuildInfoFile",
  "baseUrl",
  "mapRoot",
] as const;

function absolutePaths(options: ts.CompilerOptions, cwd: string): ts.CompilerOptions {
  const result = { ...options };
  for (const key of pathOptions) {
    const value = result[key];
    if (typeof value === "string") result[key] = resolve(cwd, value);
  }
  if (result.rootDirs) result.rootDirs = result.rootDirs.map((dir) => resolve(cwd, dir));
  if (result.typeRoots) result.typeRoots = result.typeRoots.map((dir) => resolve(cwd, dir));
  return result;
}

/** Compiles once; resolves to 1 when there was any diagnostic (compiler's or tooltype's). */
export function buildOnce(tsm: TypeScript, configPath: string, overrides: ts.CompilerOptions, io: CliIO): number {
  const problems: ts.Diagnostic[] = [];
  const config = tsm.getParsedCommandLineOfConfigFile(configPath, overrides, {
    ...tsm.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => problems.push(diagnostic),
  });
  if (!config) return report(tsm, problems, io);
  problems.push(...config.errors);
  const host = tsm.createCompilerHost(config.options);
  parseJsDocForTools(tsm, host);
  const program = tsm.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host,
    projectReferences: config.projectReferences,
  });
  problems.push(...tsm.getPreEmitDiagnostics(program));
  const root = dirname(configPath);
  if (config.options.noEmit || config.options.emitDeclarationOnly) {
    // No JavaScript is emitted, so no transformer runs: check the tool sites directly.
    const checker = program.getTypeChecker();
    for (const file of program.getSourceFiles()) {
      if (!file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file))
        problems.push(...planFile(tsm, checker, file, root).diagnostics);
    }
  }
  if (!config.options.noEmit) {
    const transformer = createTransformer(tsm, program, {
      sourceRoot: root,
      injectAs: "json-parse",
      onDiagnostic: (diagnostic) => problems.push(diagnostic),
    });
    const emitted = program.emit(undefined, undefined, undefined, undefined, { before: [transformer] });
    problems.push(...emitted.diagnostics);
  }
  return report(tsm, dedupe(problems), io);
}

/** Prints each diagnostic as `file:line:col - error TSnnnn|TTnnnn: message`; 1 when there was any. */
export function report(tsm: TypeScript, diagnostics: readonly ts.Diagnostic[], io: CliIO): number {
  for (const diagnostic of diagnostics) io.err(formatDiagnostic(tsm, diagnostic, io.cwd));
  if (diagnostics.length > 0) io.err(`Found ${diagnostics.length} ${diagnostics.length === 1 ? "error" : "errors"}.`);
  return diagnostics.length > 0 ? 1 : 0;
}

function dedupe(diagnostics: readonly ts.Diagnostic[]): ts.Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file?.fileName}:${d.start}:${d.code}:${typeof d.messageText === "string" ? d.messageText : d.messageText.messageText}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
