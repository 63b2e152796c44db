// Public API of @tooltype/transformer: the ts-patch plugin (the package's one default export) and
// the error a build with tooltype diagnostics throws. The bundler plugin, the sidecar generator and
// the ts-jest entry have entries of their own (./bundler, ./sidecar, ./jest); the engine and the
// transformer behind them are not public (`tooltype build` and those entries are the ways in).
import type * as ts from "typescript";
import { createTransformer } from "./transform/transformer.js";
import { printWithTooltypePrefix } from "./tt-codes.js";

export { TransformDiagnosticsError } from "./transform/transform-error.js";

/** What ts-patch hands a program transformer besides the program and its config. */
export interface PluginExtras {
  /** The `typescript` module the program was built with. */
  ts: typeof ts;
  /** Adds a diagnostic to the program's (tsc prints it and fails). */
  addDiagnostic?: (diagnostic: ts.Diagnostic) => number;
}

/** Options of the ts-patch plugin entry (`compilerOptions.plugins[{ transform, ...options }]`). */
export interface PluginConfig {
  /** Directory `source` paths are relative to (default: the program's current directory). */
  sourceRoot?: string;
}

/**
 * The ts-patch plugin: `{ "transform": "@tooltype/transformer" }` in `compilerOptions.plugins`.
 * Diagnostics go to the program (tsc prints them and exits non-zero); without ts-patch's
 * `addDiagnostic` a file with errors throws. The one default export of the package (ts-patch needs it).
 */
export default function tooltypePlugin(
  program: ts.Program,
  config: PluginConfig = {},
  extras?: PluginExtras,
): ts.TransformerFactory<ts.SourceFile> {
  if (!extras?.ts)
    throw new TypeError(
      "@tooltype/transformer: the plugin needs the `ts` module ts-patch passes (ts-patch 3 or later); or run `tooltype build`",
    );
  const { addDiagnostic, ts: tsm } = extras;
  return createTransformer(tsm, program, {
    sourceRoot: config.sourceRoot,
    injectAs: "json-parse",
    onDiagnostic: addDiagnostic
      ? (diagnostic) => {
          printWithTooltypePrefix(tsm, diagnostic);
          addDiagnostic(diagnostic);
        }
      : undefined,
  });
}
