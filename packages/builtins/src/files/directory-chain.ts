import { mkdir, open, rmdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { CallDeadline } from "../call-deadline.js";
import { DIRECTORY_FLAGS, type ConfinedRoot, type OpenDirectory } from "./confined-root.js";
import { describingFsErrors } from "./fs-error-message.js";
import { directoryPathOfHandle, isKernelLink, kernelLinkOf } from "./handle-real-path.js";

/** A directory opened by `openDirectoryChain`, holding what it needs to undo the directories it made. */
export interface DirectoryChain {
  /** The open directory at the end of the chain. */
  directory: OpenDirectory;
  /** Closes what the chain holds; the directories it made stay. */
  close(): Promise<void>;
  /** Removes the directories the chain made (deepest first, each only while empty), then closes. */
  discard(): Promise<void>;
}

// One level held open: the directory, its name in the level above, and whether this chain made it.
interface Level extends OpenDirectory {
  name: string;
  made: boolean;
}

/**
 * Opens the directory `absolute` level by level from the root, each level opened relative to
 * the one before it (its kernel link on Linux, so no level can be swapped for a link after its
 * check) and checked to lie inside the root. With `create`, missing levels are made on the way;
 * the chain keeps the last level that was there and every level it made open, so a write that
 * fails later can remove them (`discard`). A failure or a stopped `deadline` inside the chain
 * removes them at once. The caller closes or discards the result.
 */
export async function openDirectoryChain(
  root: ConfinedRoot,
  absolute: string,
  create: boolean,
  deadline: CallDeadline,
): Promise<DirectoryChain> {
  const names = relative(root.path, absolute)
    .split(sep)
    .filter((name) => name !== "");
  const rootHandle = await open(root.path, DIRECTORY_FLAGS);
  const anchor = await directoryPathOfHandle(rootHandle, root.path);
  const held: Level[] = [{ handle: rootHandle, real: root.path, anchor, name: "", made: false }];
  const chain: DirectoryChain = {
    get directory() {
      return held.at(-1)!;
    },
    close: () => closeAll(held.splice(0)),
    discard: () => discard(held.splice(0)),
  };
  try {
    for (const name of names) {
      deadline.check();
      const parent = held.at(-1)!;
      const next = join(parent.anchor, name);
      const shown = root.show(join(parent.real, name));
      const made = create && (await describingFsErrors(shown, () => madeHere(next)));
      const handle = await describingFsErrors(shown, () => open(next, DIRECTORY_FLAGS));
      const level: Level = { handle, real: "", anchor: "", name, made };
      held.push(level); // held from here on, so a failure below closes (and removes) it too
      const opened = await root.verify(handle, next, shown, "directory");
      level.real = opened.real;
      level.anchor = isKernelLink(parent.anchor) ? kernelLinkOf(handle) : opened.real;
      // A level that was already there ends what could be undone: the levels above it are let go.
      if (!made) await closeAll(held.splice(0, held.length - 1));
    }
    deadline.check();
    return chain;
  } catch (error) {
    await chain.discard();
    throw error;
  }
}

// Makes one directory; false when it was there already (made by someone else, or present).
async function madeHere(path: string): Promise<boolean> {
  try {
    await mkdir(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function closeAll(levels: Level[]): Promise<void> {
  await Promise.all(levels.map((level) => level.handle.close().catch(() => undefined)));
}

// Deepest first, each through its parent's open handle; the first that cannot go (not empty,
// swapped for something else) stops the undoing, so nothing this chain did not make is removed.
async function discard(levels: Level[]): Promise<void> {
  try {
    for (let i = levels.length - 1; i > 0; i--) {
      const level = levels[i]!;
      if (!level.made) break;
      await level.handle.close().catch(() => undefined);
      const removed = await rmdir(join(levels[i - 1]!.anchor, level.name)).then(
        () => true,
        () => false,
      );
      if (!removed) break;
    }
  } finally {
    await closeAll(levels);
  }
}
