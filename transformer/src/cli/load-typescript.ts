import { createRequire } from "node:module";
import { join } from "node:path";
import type { TypeScript } from "../engine/types.js";

/**
 * The `typescript` module to compile with: the project's own copy (resolved from `directory`),
 * else the one beside this package (the peer dependency). The engine is handed this module.
 */
export function loadTypeScript(directory: string): TypeScript {
  const candidates = [join(directory, "package.json"), __filenameOrUrl()];
  for (const from of candidates) {
    try {
      return createRequire(from)("typescript") as TypeScript;
    } catch {
      // try the next place
    }
  }
  throw new Error("cannot find the typescript package; install it in the project (npm i -D typescript)");
}

function __filenameOrUrl(): string {
  // Works in both builds: CommonJS has __filename, ESM resolves from the working directory's package.
  return typeof __filename === "string" ? __filename : join(process.cwd(), "package.json");
}
