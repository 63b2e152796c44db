/**
 * Options of the tooltype bundler plugin. It compiles with the TypeScript copy bundled with
 * ts-morph (a dependency of this package), so it works whatever TypeScript the project installs,
 * TypeScript 7 included, and sees the same types as `tooltype generate`.
 */
export interface TooltypePluginOptions {
  /** The project's tsconfig.json (its files, options and paths give the type checker). Default: `tsconfig.json` in the working directory. */
  tsconfig?: string;
  /** Which module ids to transform. Default: `.ts`, `.tsx`, `.mts`, `.cts` files outside node_modules. */
  include?: RegExp;
  /** Directory `source` paths in the metadata are relative to. Default: the tsconfig's directory. */
  sourceRoot?: string;
  /**
   * Where results are kept between builds, so an unchanged file that holds tools (and the
   * declarations its types come from) costs no compiler next time; `false` turns the cache off.
   * Default: `node_modules/.cache/tooltype` beside the tsconfig. Deleting the folder is always safe.
   */
  cache?: string | false;
  /**
   * Compile every file in the project's full program. By default a file is first compiled in a
   * reduced program (no DOM lib, no `@types/*` globals), and again in the full one whenever the
   * reduced one could have given another result (see docs/build-setups.md). Default: false.
   */
  fullProgram?: boolean;
}

/** The default `include`: TypeScript sources, never declaration files or installed packages. */
export const defaultInclude = /^(?!.*[\\/]node_modules[\\/])(?!.*\.d\.[cm]?ts$).*\.[cm]?tsx?$/;
