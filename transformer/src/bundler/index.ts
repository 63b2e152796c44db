import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { createUnplugin, type UnpluginBuildContext, type UnpluginContext, type UnpluginInstance } from "unplugin";
import type { OutputWay } from "./compile-file.js";
import { defaultInclude, type TooltypePluginOptions } from "./plugin-options.js";
import { ProjectProgram } from "./project-program.js";
import { isCompiledWithoutMetadata, mayHoldTools } from "./tool-markers.js";
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
  const outputWay: OutputWay = viaLoad ? "load" : keepsTypeScript ? "typescript" : "transform";
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
    const key = cached?.key([
      tsconfigPath,
      outputWay,
      options.sourceRoot ?? "",
      options.fullProgram === true ? "full" : "reduced-first",
      fileName,
      code,
    ]);
    if (cached && key !== undefined) {
      const hit = await cached.get(key);
      if (hit) return hit.output ?? undefined;
    }
    // The engine comes with the compiler: a build served from the cache loads neither.
    const [{ compileFile }, current] = await Promise.all([import("./compile-file.js"), projectProgram()]);
    const compiled = compileFile(current, code, fileName, outputWay, options.sourceRoot, options.fullProgram !== true);
    if (!compiled) return undefined;
    if (compiled.errors !== undefined) {
      context.error(`tooltype: ${compiled.errors}`);
      return undefined;
    }
    if (cached && key !== undefined) await cached.set(key, compiled.output, compiled.dependencies);
    return compiled.output ?? undefined;
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

function stripQuery(id: string): string {
  return id.replace(/[?#].*$/, "");
}
