import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { CallDeadline } from "../call-deadline.js";
import { DIRECTORY_FLAGS, type ConfinedRoot, type OpenDirectory } from "./confined-root.js";
import { entryType, sortedEntries, type DirectoryEntry } from "./directory-entries.js";
import { refusalFromFsError } from "./fs-error-message.js";
import { isKernelLink, kernelLinkOf } from "./handle-real-path.js";

/** One entry met by `walkDirectory`. */
export interface WalkedEntry {
  /** Its path below the directory the walk started in, "/"-separated. */
  path: string;
  type: DirectoryEntry["type"];
}

// An open directory of the walk, and how many of its subdirectories still wait to be opened.
interface Level extends OpenDirectory {
  waiting: number;
}

// A subdirectory met but not yet opened, and the open level it is opened from.
interface Waiting {
  parent: Level;
  name: string;
  path: string;
}

// Never through a link: a subdirectory swapped for one is skipped, not followed.
const SUBDIRECTORY_FLAGS = DIRECTORY_FLAGS | constants.O_NOFOLLOW;

/**
 * Every entry below `start` (an open directory inside the root, which the walk takes over and
 * closes), depth first: each directory's entries in name order, then its subdirectories. Each
 * subdirectory is opened relative to its parent's open handle and never through a symbolic link,
 * so a directory costs one open whatever its depth (nothing is resolved from the root again), and
 * a parent stays open only while a subdirectory of it waits. Reads at most `limit` entries in all.
 * Throws as soon as `deadline` stops the call, between any two entries.
 */
export async function* walkDirectory(
  root: ConfinedRoot,
  start: OpenDirectory,
  limit: number,
  deadline: CallDeadline,
): AsyncGenerator<WalkedEntry, void, undefined> {
  const held = new Set<Level>();
  const stack: Waiting[] = [];
  let read = 0;
  try {
    let level: Level | undefined = hold(held, start);
    let levelPath = "";
    while (level !== undefined && read < limit) {
      deadline.check();
      const { found } = await sortedEntries(level.anchor, limit - read).catch((error: unknown) => {
        throw refusalFromFsError(error, shown(root, start, levelPath));
      });
      read += found.length;
      const subdirectories: Waiting[] = [];
      for (const dirent of found) {
        deadline.check();
        const path = levelPath === "" ? dirent.name : `${levelPath}/${dirent.name}`;
        const type = entryType(dirent);
        yield { path, type };
        if (type === "directory") subdirectories.push({ parent: level, name: dirent.name, path });
      }
      level.waiting = subdirectories.length;
      for (let i = subdirectories.length - 1; i >= 0; i--) stack.push(subdirectories[i]!);
      if (level.waiting === 0) await release(held, level);
      level = undefined;
      while (level === undefined && stack.length > 0) {
        deadline.check();
        const next = stack.pop()!;
        level = await openSubdirectory(root, start, next, held);
        if (--next.parent.waiting === 0) await release(held, next.parent);
        levelPath = next.path;
      }
    }
  } finally {
    await Promise.all([...held].map((level) => level.handle.close().catch(() => undefined)));
  }
}

// Opens a waiting subdirectory from its parent; undefined when it is gone or is no longer a
// directory (removed, or swapped for a file or a link since it was listed).
async function openSubdirectory(
  root: ConfinedRoot,
  start: OpenDirectory,
  waiting: Waiting,
  held: Set<Level>,
): Promise<Level | undefined> {
  const path = join(waiting.parent.anchor, waiting.name);
  let handle: FileHandle;
  try {
    handle = await open(path, SUBDIRECTORY_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") return undefined;
    throw refusalFromFsError(error, shown(root, start, waiting.path));
  }
  const level = hold(held, { handle, real: join(waiting.parent.real, waiting.name), anchor: "" });
  if (isKernelLink(waiting.parent.anchor)) {
    // Opened through the kernel's link to a directory inside the root, by a name that is not a
    // link: it lies inside the root. No path is resolved, so depth costs nothing.
    level.anchor = kernelLinkOf(handle);
  } else {
    // Without /proc the parent was named by path, which could have been swapped: check by path.
    const verified = await root.verify(handle, path, shown(root, start, waiting.path), "directory");
    level.real = verified.real;
    level.anchor = verified.real;
  }
  return level;
}

function hold(held: Set<Level>, directory: OpenDirectory): Level {
  const level = { ...directory, waiting: 0 };
  held.add(level);
  return level;
}

async function release(held: Set<Level>, level: Level): Promise<void> {
  held.delete(level);
  await level.handle.close();
}

// How the model sees a path below the start directory.
function shown(root: ConfinedRoot, start: OpenDirectory, path: string): string {
  const base = root.show(start.real);
  return path === "" ? base : base === "." ? path : `${base}/${path}`;
}
