import type * as ts from "typescript";
import type { TypeScript } from "../engine/types.js";

/** Lib files that declare browser and host globals: what the reduced program leaves out. */
const hostLib = /^lib\.(dom|webworker|scripthost)\b/;

/**
 * The project's options without the global declarations a tool schema rarely needs and a program
 * pays most for: the DOM family of libs (`dom`, `dom.iterable`, `webworker…`, `scripthost`, also
 * inside the default `lib.<target>.full.d.ts`) and the `@types/*` packages included as globals
 * (`types: []`). The language libs (`es2022`, …) stay as the project sets them.
 */
export function withoutGlobalDeclarations(tsm: TypeScript, options: ts.CompilerOptions): ts.CompilerOptions {
  const libs = options.lib ?? [tsm.getDefaultLibFileName(options)];
  const lib = libs
    .map((name) =>
      name
        .replace(/^lib\.d\.ts$/, "lib.es5.d.ts")
        .replace(/^lib\.es6\.d\.ts$/, "lib.es2015.d.ts")
        .replace(/\.full\.d\.ts$/, ".d.ts"),
    )
    .filter((name) => !hostLib.test(name));
  return { ...options, lib, types: [] };
}
