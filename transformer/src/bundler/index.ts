import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { createUnplugin, type UnpluginBuildContext, type UnpluginContext, type UnpluginInstance } from "unplugin";
import { formatDiagnostic } from "../engine/diagnostics.js";
import { injectIntoText } from "./inject-text.js";
import { lowerToJavaScript } from "./lower.js";
import { defaultInclude, type TooltypePluginOptions } from "./plugin-options.js";
import { ProjectProgram } from "./project-program.js";
import { hasDecoratorSyntax, isCompiledWithoutMetadata, mayHoldTools } from "./tool-markers.js";
import { defaultCacheDirectory, TransformCache } from "./transform-cache.js";

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
  const tsconfigPath = resolve(options.tsconfig ?? "tsconfig.json");
  const projectDirectory = dirname(tsconfigPath);
  const outputWay = viaLoad ? "load" : keepsTypeScript ? "typescript" : "transform";
  let project: Promise<ProjectProgram> | undefined;
  const projectProgram = (): Promise<ProjectProgram> => (project ??= ProjectProgram.open(tsconfigPath));
  let cache: TransformCache | undefined | null;
  const transformCache = (): TransformCache | undefined => {
    if (cache === undefined)
      cache =
        options.cache === false
          ? null
          : (TransformCache.open(options.cache ?? defaultCacheDirectory(projectDirectory), projectDirectory) ?? null);
    return cache ?? undefined;
  };

  /** The file's output from the cache, else from the compiler (then stored, unless the build fails). */
  async function transformFile(
    context: UnpluginBuildContext & UnpluginContext,
    code: string,
    fileName: string,
  ): Promise<Output | undefined> {
    if (!mayHoldTools(code)) return undefined;
    const cached = transformCache();
    const key = cached?.key([tsconfigPath, outputWay, options.sourceRoot ?? "", fileName, code]);
    if (cached && key !== undefined) {
      const hit = await cached.get(key);
      if (hit) return hit.output ?? undefined;
    }
    const compiled = await compileFile(context, code, fileName);
    if (cached && key !== undefined && compiled.stored)
      await cached.set(key, compiled.output ?? null, compiled.dependencies);
    return compiled.output;
  }

  /** Runs the transformer on one file; `dependencies` are the files its types were read from. */
  async function compileFile(
    context: UnpluginBuildContext & UnpluginContext,
    code: string,
    fileName: string,
  ): Promise<{ output: Output | undefined; stored: boolean; dependencies: string[] }> {
    const current = await projectProgram();
    const { tsm } = current;
    const found = current.sourceFile(fileName, code);
    if (!found) return { output: undefined, stored: false, dependencies: [] };
    const injected = injectIntoText(tsm, found.program, found.sourceFile, options.sourceRoot ?? current.directory);
    const errors = injected.diagnostics.filter((d) => d.category === tsm.DiagnosticCategory.Error);
    if (errors.length > 0) {
      context.error(`tooltype: ${errors.map((d) => formatDiagnostic(tsm, d, current.directory)).join("\n")}`);
      return { output: undefined, stored: false, dependencies: [] };
    }
    const dependencies = [
      ...current.configFiles,
      ...installStamps(projectDirectory),
      ...found.program
        .getSourceFiles()
        .map((file) => file.fileName)
        .filter((name) => resolve(name) !== resolve(fileName)),
    ];
    const text = injected.code ?? code;
    if (!viaLoad && (keepsTypeScript || !hasDecoratorSyntax(text)))
      // Insertions stay on their call's line, so the incoming source map still holds.
      return {
        output: injected.code === undefined ? undefined : { code: injected.code, map: null },
        stored: true,
        dependencies,
      };
    const lowered = lowerToJavaScript(tsm, text, fileName, current.compilerOptions);
    return { output: { code: lowered.code, map: lowered.map ?? null }, stored: true, dependencies };
  }

  return {
    name: "tooltype",
    enforce: "pre",
    buildStart() {
      // Once per build: the next file re-reads what changed on disk.
      cache?.forget();
      void project?.then((current) => current.invalidate());
    },
    watchChange(id) {
      cache?.forget();
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

/**
 * Files an install rewrites (the project's manifest; npm's, pnpm's and Yarn's record of what is
 * installed): a changed dependency set changes them even where no declaration file the program read changed.
 */
function installStamps(projectDirectory: string): string[] {
  const installed = join(projectDirectory, "node_modules");
  return [
    join(projectDirectory, "package.json"),
    ...[".package-lock.json", ".modules.yaml", ".yarn-state.yml"].map((name) => join(installed, name)),
  ];
}

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
