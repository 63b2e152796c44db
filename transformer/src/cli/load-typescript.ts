import { createRequire } from "node:module";
import { join } from "node:path";
import type { TypeScript } from "../engine/types.js";
import { requireCompiler } from "./compiler-code-cache.js";

/** Thrown when the project's `typescript` has no compiler API to build with (TypeScript 7's native compiler). */
export class NoCompilerApiError extends Error {
  constructor(version: string) {
    super(
      `TypeScript ${version} has no compiler API, so \`tooltype build\` (and ts-patch, ts-jest) cannot run the transformer with it. ` +
        "Fix: keep TypeScript 7 for `tsc` and use `tooltype generate -p tsconfig.json -o src/tooltype.generated.ts` (the sidecar), " +
        "or bundle with the bundler plugin (`@tooltype/transformer/bundler`); both bring their own compiler copy. " +
        "Or install TypeScript 6 (`npm i -D typescript@6`) to use `tooltype build`.",
    );
    this.name = "NoCompilerApiError";
  }
}

/**
 * The `typescript` module to compile with: the project's own copy (resolved from `directory`),
 * else the one beside this package (the optional peer dependency). The engine is handed this module.
 * Throws `NoCompilerApiError` for a TypeScript without the compiler API (7 and later).
 */
export function loadTypeScript(directory: string): TypeScript {
  const candidates = [join(directory, "package.json"), __filenameOrUrl()];
  for (const from of candidates) {
    let loaded: Partial<TypeScript> & { version?: string };
    try {
      loaded = requireCompiler(createRequire(from).resolve("typescript")) as Partial<TypeScript> & { version?: string };
    } catch {
      continue; // try the next place
    }
    if (typeof loaded.createProgram !== "function") throw new NoCompilerApiError(loaded.version ?? "(unknown version)");
    return loaded as TypeScript;
  }
  throw new Error("cannot find the typescript package; install it in the project (npm i -D typescript@6)");
}

function __filenameOrUrl(): string {
  // Works in both builds: CommonJS has __filename, ESM resolves from the working directory's package.
  return typeof __filename === "string" ? __filename : join(process.cwd(), "package.json");
}
