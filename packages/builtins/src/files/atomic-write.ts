import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Refusal } from "../refusal.js";
import { assertKind, type ConfinedRoot } from "./confined-root.js";
import { describingFsErrors } from "./fs-error-message.js";
import { realPathOfHandle } from "./handle-real-path.js";

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Replaces (or creates) a file under the root all at once: the bytes go to a fresh temporary
 * file in the same open directory (created exclusively, never through a link, checked to be
 * inside the root), which is then renamed over the target. Readers see the old file or the new
 * one, never half of one; a link at the target is refused, and rename would replace a link rather
 * than follow it. Returns whether the file was new.
 */
export async function writeAtomically(root: ConfinedRoot, path: string, bytes: Buffer): Promise<{ created: boolean }> {
  const absolute = root.resolve(path);
  if (absolute === root.path) throw new Refusal(`"${path}" is the root directory, not a file.`);
  const directory = await root.openDirectoryChain(dirname(absolute), true);
  try {
    const name = basename(absolute);
    const target = join(directory.anchor, name);
    const existing = await lstat(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (existing?.isSymbolicLink())
      throw new Refusal(`"${path}" is a symbolic link; write to the file it names instead.`);
    if (existing !== undefined) assertKind(existing, "file", path);

    const temporary = join(directory.anchor, `.${name}.${randomUUID()}.tmp`);
    const handle = await describingFsErrors(path, () => open(temporary, CREATE_FLAGS, existing?.mode ?? 0o644));
    let renamed = false;
    try {
      const real = await realPathOfHandle(handle, temporary, path);
      if (!root.contains(real)) {
        // Only reachable where the directory is named by path (no /proc): remove the empty file where it landed.
        await unlink(real).catch(() => undefined);
        throw new Refusal(`"${path}" leads outside the root (a directory was swapped for a link while writing).`);
      }
      if (existing !== undefined) await handle.chmod(existing.mode & 0o7777);
      await handle.writeFile(bytes);
      await handle.sync();
      await handle.close();
      await describingFsErrors(path, () => rename(temporary, target));
      renamed = true;
      return { created: existing === undefined };
    } finally {
      if (!renamed) {
        await handle.close().catch(() => undefined);
        await unlink(temporary).catch(() => undefined);
      }
    }
  } finally {
    await directory.handle.close();
  }
}
