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
}

/** The default `include`: TypeScript sources, never declaration files or installed packages. */
export const defaultInclude = /^(?!.*[\\/]node_modules[\\/])(?!.*\.d\.[cm]?ts$).*\.[cm]?tsx?$/;
