import type * as ts from "typescript";
import type { TypeScript } from "../engine/types.js";

/** JavaScript, and its source map (JSON text), of one compiled file. */
export interface LoweredFile {
  code: string;
  map: string | undefined;
}

/**
 * Compiles one file, after the metadata was injected, to JavaScript with TypeScript's own
 * transpiler and the project's options: decorators are lowered as the tsconfig says (legacy with
 * `experimentalDecorators`, else the standard ones; `emitDecoratorMetadata` kept) and at most to
 * ES2022, so the bundle runs on Node.js whatever target the bundler has (esbuild without `target`
 * and Vite 8's oxc leave `@decorators` in place, which no Node.js can parse). Imports stay ES modules.
 */
export function lowerToJavaScript(
  tsm: TypeScript,
  code: string,
  fileName: string,
  projectOptions: ts.CompilerOptions,
): LoweredFile {
  const target =
    projectOptions.target === undefined || projectOptions.target > tsm.ScriptTarget.ES2022
      ? tsm.ScriptTarget.ES2022
      : projectOptions.target;
  const result = tsm.transpileModule(code, {
    fileName,
    compilerOptions: {
      ...projectOptions,
      target,
      module: tsm.ModuleKind.ESNext,
      sourceMap: true,
      inlineSourceMap: false,
      inlineSources: true,
      declaration: false,
      declarationMap: false,
      noEmit: false,
      importHelpers: false,
      verbatimModuleSyntax: false,
      jsx: projectOptions.jsx ?? tsm.JsxEmit.Preserve,
    },
  });
  return { code: result.outputText.replace(/\n\/\/# sourceMappingURL=.*\s*$/, "\n"), map: result.sourceMapText };
}
