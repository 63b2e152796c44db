// Placeholder until the transformer lands: ts-jest loads this module as an AST transformer.
import type * as ts from "typescript";

/** Name ts-jest records in its cache key. */
export const name = "tooltype";
/** Bump to invalidate ts-jest's cache when the transformer's output changes. */
export const version = "0";

/** ts-jest `astTransformers.before` entry point. */
export function factory(): ts.TransformerFactory<ts.SourceFile> {
  return () => (file) => file;
}
