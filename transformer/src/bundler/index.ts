import { resolve } from "node:path";
import { ts as morphTs } from "ts-morph";
import { createUnplugin, type UnpluginInstance } from "unplugin";
import { formatDiagnostic } from "../engine/diagnostics.js";
import type { TypeScript } from "../engine/types.js";
import { injectIntoText } from "./inject-text.js";
import { defaultInclude, type TooltypePluginOptions } from "./plugin-options.js";
import { ProjectProgram } from "./project-program.js";

export type { TooltypePluginOptions } from "./plugin-options.js";

/**
 * The tooltype bundler plugin (unplugin): runs the tooltype transformer on each TypeScript file
 * of the project, so bundled apps get `@Description` schemas, `registry.add(fn)`, `defineTool<T>`
 * and `jsonSchema<T>()` without a sidecar. Use `tooltypePlugin.esbuild()`, `.vite()`, `.rollup()`,
 * `.webpack()` (also `.rspack()`, `.rolldown()`, …), with `{ tsconfig }` when it is not
 * `./tsconfig.json`. Add it before the bundler's own TypeScript handling (it runs with `enforce: "pre"`).
 */
export const tooltypePlugin: UnpluginInstance<TooltypePluginOptions | undefined, false> = createUnplugin<
  TooltypePluginOptions | undefined,
  false
>((userOptions) => {
  const options = userOptions ?? {};
  // ts-morph's compiler copy, the one the program is built with (see ProjectProgram).
  const tsm = morphTs as unknown as TypeScript;
  const include = options.include ?? defaultInclude;
  let project: ProjectProgram | undefined;
  const projectProgram = (): ProjectProgram =>
    (project ??= new ProjectProgram(resolve(options.tsconfig ?? "tsconfig.json")));

  return {
    name: "tooltype",
    enforce: "pre",
    buildStart() {
      // Once per build: the next file rebuilds the program, re-reading only what changed.
      project?.invalidate();
    },
    watchChange(id) {
      project?.invalidate(id);
    },
    transform: {
      filter: { id: include },
      handler(code, id) {
        const fileName = id.replace(/[?#].*$/, "");
        if (!include.test(fileName)) return undefined;
        const current = projectProgram();
        const found = current.sourceFile(fileName, code);
        if (!found) return undefined;
        const { code: transformed, diagnostics } = injectIntoText(
          tsm,
          found.program,
          found.sourceFile,
          options.sourceRoot ?? current.directory,
        );
        const errors = diagnostics.filter((d) => d.category === tsm.DiagnosticCategory.Error);
        if (errors.length > 0) {
          this.error(`tooltype: ${errors.map((d) => formatDiagnostic(tsm, d, current.directory)).join("\n")}`);
          return undefined;
        }
        // Insertions stay on their call's line, so the incoming source map still holds.
        return transformed === undefined ? undefined : { code: transformed, map: null };
      },
    },
  };
});

/** `tooltypePlugin.esbuild` as a named export. */
export const esbuildPlugin = tooltypePlugin.esbuild;
/** `tooltypePlugin.vite` as a named export. */
export const vitePlugin = tooltypePlugin.vite;
/** `tooltypePlugin.rollup` as a named export. */
export const rollupPlugin = tooltypePlugin.rollup;
/** `tooltypePlugin.webpack` as a named export. */
export const webpackPlugin = tooltypePlugin.webpack;
