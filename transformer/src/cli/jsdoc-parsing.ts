import type * as ts from "typescript";
import type { TypeScript } from "../engine/types.js";

/**
 * Makes `host` parse all JSDoc (descriptions and constraint tags need it), except in TypeScript's own
 * lib files, which it parses the way tsc does (only the JSDoc that affects type errors): they are
 * most of what a program parses and hold no tool. The engine re-parses a file in full when it does
 * read docs from one (a lib type used as a parameter type).
 */
export function parseJsDocForTools(tsm: TypeScript, host: ts.CompilerHost): void {
  host.jsDocParsingMode = tsm.JSDocParsingMode.ParseAll;
  const libDirectory = host.getDefaultLibLocation?.();
  if (!libDirectory) return;
  const key = (path: string): string => (host.useCaseSensitiveFileNames() ? path : path.toLowerCase());
  const libPrefix = key(libDirectory.replace(/\\/g, "/").replace(/\/?$/, "/"));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, ...rest) => {
    const isLib =
      typeof languageVersionOrOptions === "object" && key(fileName.replace(/\\/g, "/")).startsWith(libPrefix);
    return getSourceFile(
      fileName,
      isLib
        ? { ...languageVersionOrOptions, jsDocParsingMode: tsm.JSDocParsingMode.ParseForTypeErrors }
        : languageVersionOrOptions,
      ...rest,
    );
  };
}
