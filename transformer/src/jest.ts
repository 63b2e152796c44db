import type * as ts from "typescript";
import { createTransformer } from "./transform/transformer.js";

/** Name ts-jest records in its cache key. */
export const name = "tooltype";
/** Bump to invalidate ts-jest's cache when the transformer's output changes. */
export const version = "8";

/** The part of ts-jest's compiler instance this transformer reads. */
export interface TsJestCompiler {
  /** The program of the file being compiled, when ts-jest has one. */
  program?: ts.Program;
  /** ts-jest's settings: the `typescript` module it compiles with. */
  configSet: { compilerModule: typeof ts };
  /** ts-jest's language service (internal); its program is the one emitting the current file. */
  _languageService?: { getProgram(): ts.Program | undefined };
}

/**
 * ts-jest `astTransformers.before` entry (`{ path: "@tooltype/transformer/jest" }`). A file with
 * tooltype diagnostics fails to compile: the error lists `file:line:col - error TTnnnn: message`.
 */
export function factory(compiler: TsJestCompiler): ts.TransformerFactory<ts.SourceFile> {
  const tsm = compiler.configSet.compilerModule;
  // The language service builds a new program per change: find the one holding this very file.
  const programFor = (sourceFile: ts.SourceFile): ts.Program | undefined => {
    const candidates = [compiler.program, compiler._languageService?.getProgram()];
    return candidates.find((program) => program?.getSourceFile(sourceFile.fileName) === sourceFile);
  };
  return createTransformer(tsm, programFor, { injectAs: "json-parse" });
}
