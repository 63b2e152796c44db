import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * The absolute path of an allowed program: itself when absolute, else the first executable
 * regular file of that name in `PATH` (absolute entries only). Undefined when there is none.
 */
export async function findProgram(command: string, path: string | undefined): Promise<string | undefined> {
  const candidates = command.startsWith("/")
    ? [command]
    : (path ?? "")
        .split(":")
        .filter((dir) => dir.startsWith("/"))
        .map((dir) => join(dir, command));
  for (const candidate of candidates) {
    const isFile = await stat(candidate).then(
      (s) => s.isFile(),
      () => false,
    );
    if (
      isFile &&
      (await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      ))
    )
      return candidate;
  }
  return undefined;
}
