import type * as ts from "typescript";
import type { TypeScript } from "../engine/types.js";

/**
 * Makes `host` parse all JSDoc of the project's source files (descriptions and constraint tags of
 * tools need it), and parse declaration files (`.d.ts`: TypeScript's lib, `@types`, installed
 * packages) the way tsc does, with only the JSDoc that affects type errors: they are most of what a
 * program parses and hold no tool site. The engine re-parses a declaration file in full when it
 * does read docs from one (a library's type used as a parameter type).
 */
export function parseJsDocForTools(tsm: TypeScript, host: ts.CompilerHost): void {
  host.jsDocParsingMode = tsm.JSDocParsingMode.ParseAll;
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, ...rest) => {
    const asTscDoes = typeof languageVersionOrOptions === "object" && isDeclarationFileName(fileName);
    return getSourceFile(
      fileName,
      asTscDoes
        ? { ...languageVersionOrOptions, jsDocParsingMode: tsm.JSDocParsingMode.ParseForTypeErrors }
        : languageVersionOrOptions,
      ...rest,
    );
  };
}

/** `x.d.ts`, `x.d.mts`, `x.d.cts` and declarations for other extensions (`x.d.css.ts`), as TypeScript names them. */
function isDeclarationFileName(fileName: string): boolean {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  return /\.d\.[cm]ts$/.test(base) || (base.endsWith(".ts") && base.includes(".d."));
}
