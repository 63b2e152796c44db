import type { Dirent } from "node:fs";
import { lstat, opendir } from "node:fs/promises";
import { join } from "node:path";
import type { ConfinedRoot } from "./confined-root.js";
import { directoryPathOfHandle } from "./handle-real-path.js";

/** One entry of a directory, as the model sees it. */
export interface DirectoryEntry {
  name: string;
  type: "file" | "directory" | "symlink" | "other";
  /** Bytes, for regular files. */
  size?: number;
}

/**
 * Reads up to `limit` entries of a directory inside the root (opened and checked first), sorted
 * by name. Symbolic links are reported as links, never followed. `more` is true when entries were
 * left out.
 */
export async function readDirectory(
  root: ConfinedRoot,
  path: string,
  limit: number,
): Promise<{ entries: DirectoryEntry[]; more: boolean }> {
  const { handle, real } = await root.openForReading(path, "directory");
  try {
    const base = await directoryPathOfHandle(handle, real);
    const { found, more } = await sortedEntries(base, limit);
    const entries = await Promise.all(found.map((dirent) => describe(base, dirent)));
    return { entries, more };
  } finally {
    await handle.close();
  }
}

async function describe(base: string, dirent: Dirent): Promise<DirectoryEntry> {
  const type = entryType(dirent);
  if (type !== "file") return { name: dirent.name, type };
  const stats = await lstat(join(base, dirent.name)).catch(() => undefined);
  return stats === undefined
    ? { name: dirent.name, type: "file" }
    : { name: dirent.name, type: "file", size: stats.size };
}

/** What kind of entry `dirent` is, as the model reads it (a link is a link, whatever it points to). */
export function entryType(dirent: Dirent): DirectoryEntry["type"] {
  if (dirent.isSymbolicLink()) return "symlink";
  if (dirent.isDirectory()) return "directory";
  return dirent.isFile() ? "file" : "other";
}

/** Up to `limit` entries of the directory `base` names, sorted by name; `more` when entries were left out. */
export async function sortedEntries(base: string, limit: number): Promise<{ found: Dirent[]; more: boolean }> {
  const found: Dirent[] = [];
  let more = false;
  for await (const dirent of await opendir(base)) {
    if (found.length === limit) {
      more = true;
      break;
    }
    found.push(dirent);
  }
  found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { found, more };
}
