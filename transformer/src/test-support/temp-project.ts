import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { coreStubFiles } from "./core-stub.js";

/** A project on disk (in the OS temp directory) with the core stub installed; `remove()` deletes it. */
export interface TempProject {
  directory: string;
  remove(): void;
}

/** Writes `files` (path → text) plus node_modules/@tooltype/core into a fresh temp directory. */
export function createTempProject(files: Record<string, string>): TempProject {
  const directory = mkdtempSync(join(tmpdir(), "tooltype-"));
  for (const [name, text] of Object.entries({ ...coreStubFiles, ...files })) {
    const path = join(directory, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return { directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** A tsconfig.json for `src/` → `out/` (CommonJS, strict). */
export function tsconfig(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    compilerOptions: {
      target: "es2022",
      module: "commonjs",
      strict: true,
      outDir: "out",
      rootDir: "src",
      types: [],
      skipLibCheck: true,
      ...extra,
    },
    include: ["src"],
  });
}
