import { Refusal } from "../refusal.js";

/** Most bytes in one file or directory name (NAME_MAX on Linux, macOS and the BSDs). */
export const NAME_MAX = 255;

/** Most bytes in an absolute path, its final NUL not counted (PATH_MAX: 4096 on Linux, 1024 on macOS and the BSDs). */
export const PATH_MAX = process.platform === "linux" ? 4095 : 1023;

/**
 * Refuses a path the system could not hold, before anything touches the disk: a name over
 * `NAME_MAX` bytes, or a path that would pass `PATH_MAX` bytes once placed under the root
 * (`absolute`). A file that deep could be created level by level but not opened by its path
 * afterwards. The message gives sizes, not the root's location.
 */
export function checkPathLimits(path: string, absolute: string): void {
  const names = path.split(process.platform === "win32" ? /[\\/]/ : "/");
  for (const name of names) {
    const bytes = Buffer.byteLength(name, "utf8");
    if (bytes > NAME_MAX)
      throw new Refusal(
        `The name "${abbreviated(name)}" is ${bytes} bytes long; a file or directory name may have at most ` +
          `${NAME_MAX} bytes. Use a shorter name.`,
      );
  }
  const over = Buffer.byteLength(absolute, "utf8") - PATH_MAX;
  if (over > 0)
    throw new Refusal(
      `The path "${abbreviated(path)}" (${Buffer.byteLength(path, "utf8")} bytes, ${names.length} levels) ` +
        `is ${over} bytes longer than this system allows under the root (${PATH_MAX + 1} bytes in all). ` +
        "Use a shorter path or fewer directory levels.",
    );
}

// A long name or path, cut for a message: its start and its end.
function abbreviated(text: string): string {
  const characters = Array.from(text);
  return characters.length <= 60 ? text : `${characters.slice(0, 30).join("")}…${characters.slice(-20).join("")}`;
}
