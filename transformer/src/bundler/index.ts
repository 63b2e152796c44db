import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createUnplugin, type UnpluginBuildContext, type UnpluginContext, type UnpluginInstance } from "unplugin";
import { formatDiagnostic } from "../engine/diagnostics.js";
import { injectIntoText } from "./inject-text.js";
import { lowerToJavaScript } from "./lower.js";
import { defaultInclude, type TooltypePluginOptions } from "./plugin-options.js";
import { ProjectProgram } from "./project-program.js";
import { hasDecoratorSyntax, isCompiledWithoutMetadata, mayHoldTools } from "./tool-markers.js";

export type { TooltypePluginOptions } from "./plugin-options.js";

/** What the plugin hands the bundler for one file. */
interface Output {
  code: string;
  map: string | null;
}

/**
 * The tooltype bundler plugin (unplugin): runs the tooltype transformer on each TypeScript file
 * of the project that holds tools, so bundled apps get `@Description` schemas, `registry.add(fn)`,
 * `defineTool<T>` and `jsonSchema<T>()` without a sidecar. Use `tooltypePlugin.esbuild()`, `.vite()`,
 * `.rollup()`, `.webpack()` (also `.rspack()`, `.rolldown()`, …), with `{ tsconfig }` when it is not
 * `./tsconfig.json`. Put it first among the plugins (it runs with `enforce: "pre"`).
 */
export const tooltypePlugin: UnpluginInstance<TooltypePluginOptions | undefined, false> = createUnplugin<
  TooltypePluginOptions | undefined,
  false
>((userOptions, meta) => {
  const options = userOptions ?? {};
  const include = options.include ?? defaultInclude;
  // webpack and rspack hand our TypeScript on to ts-loader (or the like), which compiles it per the tsconfig.
  const keepsTypeScript = meta.framework === "webpack" || meta.framework === "rspack";
  // Rollup's TypeScript plugin compiles in `load`, so a `transform` would only see its JavaScript.
  const viaLoad = meta.framework === "rollup" || meta.framework === "rolldown";
  let project: Promise<ProjectProgram> | undefined;
  const projectProgram = (): Promise<ProjectProgram> =>
    (project ??= ProjectProgram.open(resolve(options.tsconfig ?? "tsconfig.json")));

  async function transformFile(
    context: UnpluginBuildContext & UnpluginContext,
    code: string,
    fileName: string,
  ): Promise<Output | undefined> {
    if (!mayHoldTools(code)) return undefined;
    const current = await projectProgram();
    const { tsm } = current;
    const found = current.sourceFile(fileName, code);
    if (!found) return undefined;
    const injected = injectIntoText(tsm, found.program, found.sourceFile, options.sourceRoot ?? current.directory);
    const errors = injected.diagnostics.filter((d) => d.category === tsm.DiagnosticCategory.Error);
    if (errors.length > 0) {
      context.error(`tooltype: ${errors.map((d) => formatDiagnostic(tsm, d, current.directory)).join("\n")}`);
      return undefined;
    }
    const text = injected.code ?? code;
    if (!viaLoad && (keepsTypeScript || !hasDecoratorSyntax(text)))
      // Insertions stay on their call's line, so the incoming source map still holds.
      return injected.code === undefined ? undefined : { code: injected.code, map: null };
    const lowered = lowerToJavaScript(tsm, text, fileName, current.compilerOptions);
    return { code: lowered.code, map: lowered.map ?? null };
  }

  return {
    name: "tooltype",
    enforce: "pre",
    buildStart() {
      // Once per build: the next file re-reads what changed on disk.
      void project?.then((current) => current.invalidate());
    },
    watchChange(id) {
      void project?.then((current) => current.invalidate(id));
    },
    loadInclude: (id) => viaLoad && include.test(stripQuery(id)),
    async load(id) {
      const fileName = stripQuery(id);
      const code = await readFile(fileName, "utf8").catch(() => undefined);
      if (code === undefined || !mayHoldTools(code)) return undefined;
      return transformFile(this, code, fileName);
    },
    transform: {
      filter: { id: include },
      async handler(code, id) {
        const fileName = stripQuery(id);
        if (!include.test(fileName)) return undefined;
        if (viaLoad) {
          // Another plugin loaded (and compiled) this file before ours could: say so instead of shipping a tool without schema.
          if (isCompiledWithoutMetadata(code))
            this.error(
              `tooltype: ${fileName} holds @Description tools but was compiled before the tooltype plugin saw it, so it has no schemas. ` +
                "Fix: put tooltypePlugin.rollup() first in `plugins`, before typescript().",
            );
          return undefined;
        }
        return transformFile(this, code, fileName);
      },
    },
  };
});

function stripQuery(id: string): string {
  return id.replace(/[?#].*$/, "");
}

/** `tooltypePlugin.esbuild` as a named export. */
export const esbuildPlugin = tooltypePlugin.esbuild;
/** `tooltypePlugin.vite` as a named export. */
export const vitePlugin = tooltypePlugin.vite;
/** `tooltypePlugin.rollup` as a named export. */
export const rollupPlugin = tooltypePlugin.rollup;
/** `tooltypePlugin.webpack` as a named export. */
export const webpackPlugin = tooltypePlugin.webpack;
