import { resolve } from "node:path";
import type { TypeScript } from "../engine/types.js";

/**
 * The tsconfig named by `-p` (a file, or a directory holding one), else the nearest one above
 * `cwd`. Takes the compiler's `ts` module (the project's, or ts-morph's copy) for its file lookups.
 */
export function findTsconfig(
  tsm: Pick<TypeScript, "findConfigFile" | "sys">,
  cwd: string,
  project: string | undefined,
): string | undefined {
  if (project === undefined) return tsm.findConfigFile(cwd, tsm.sys.fileExists);
  const path = resolve(cwd, project);
  return tsm.sys.directoryExists(path)
    ? tsm.findConfigFile(path, tsm.sys.fileExists)
    : tsm.sys.fileExists(path)
      ? path
      : undefined;
}
