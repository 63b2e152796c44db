import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Refusal } from "../refusal.js";
import type { CallDeadline } from "../call-deadline.js";
import { assertKind, type ConfinedRoot } from "./confined-root.js";
import { openDirectoryChain } from "./directory-chain.js";
import { describingFsErrors } from "./fs-error-message.js";
import { realPathOfHandle } from "./handle-real-path.js";

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Replaces (or creates) a file under the root all at once: the bytes go to a fresh temporary
 * file in the same open directory (created exclusively, never through a link, checked to be
 * inside the root), which is then renamed over the target. Readers see the old file or the new
 * one, never half of one; a link at the target is refused, and rename would replace a link rather
 * than follow it. A write that fails or is stopped (`deadline`) before the rename leaves nothing
 * behind: no temporary file, no directory it made. Returns whether the file was new.
 */
export async function writeAtomically(
  root: ConfinedRoot,
  path: string,
  bytes: Buffer,
  deadline: CallDeadline,
): Promise<{ created: boolean }> {
  const absolute = root.resolve(path);
  if (absolute === root.path) throw new Refusal(`"${path}" is the root directory, not a file.`);
  const chain = await openDirectoryChain(root, dirname(absolute), true, deadline);
  let written = false;
  try {
    const directory = chain.directory;
    const name = basename(absolute);
    const target = join(directory.anchor, name);
    const existing = await describingFsErrors(path, () =>
      lstat(target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      }),
    );
    if (existing?.isSymbolicLink())
      throw new Refusal(`"${path}" is a symbolic link; write to the file it names instead.`);
    if (existing !== undefined) assertKind(existing, "file", path);

    // Not named after the target: a name near NAME_MAX would leave no room for a prefix and suffix.
    const temporary = join(directory.anchor, `.tooltype-${randomUUID()}.tmp`);
    const handle = await describingFsErrors(path, () => open(temporary, CREATE_FLAGS, existing?.mode ?? 0o644));
    try {
      const real = await describingFsErrors(path, () => realPathOfHandle(handle, temporary, path));
      if (!root.contains(real)) {
        // Only reachable where the directory is named by path (no /proc): remove the empty file where it landed.
        await unlink(real).catch(() => undefined);
        throw new Refusal(`"${path}" leads outside the root (a directory was swapped for a link while writing).`);
      }
      if (existing !== undefined) await handle.chmod(existing.mode & 0o7777);
      await handle.writeFile(bytes);
      await handle.sync();
      await handle.close();
      deadline.check(); // a call answered as stopped must not change the file after all
      await describingFsErrors(path, () => rename(temporary, target));
      written = true;
      return { created: existing === undefined };
    } finally {
      if (!written) {
        await handle.close().catch(() => undefined);
        await unlink(temporary).catch(() => undefined);
      }
    }
  } finally {
    await (written ? chain.close() : chain.discard());
  }
}
