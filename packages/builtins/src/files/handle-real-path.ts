import { readlink, realpath, stat, type FileHandle } from "node:fs/promises";
import { Refusal } from "../refusal.js";

/**
 * Where an open file really is: on Linux the kernel says so (`/proc/self/fd/N`), which no later
 * rename or symlink swap can fool. Elsewhere the path's real location is resolved and must be the
 * very file that was opened (same device and inode), or the call is refused.
 */
export async function realPathOfHandle(handle: FileHandle, opened: string, shown: string): Promise<string> {
  const kernel = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
  // A file replaced since it was opened is still the file that was at that place (its last name).
  if (kernel !== undefined && kernel.startsWith("/")) return kernel.replace(/ \(deleted\)$/, "");
  const real = await realpath(opened);
  const [byPath, byHandle] = await Promise.all([stat(real), handle.stat()]);
  if (byPath.dev !== byHandle.dev || byPath.ino !== byHandle.ino)
    throw new Refusal(`"${shown}" changed while it was being opened; try again.`);
  return real;
}

/**
 * A path through which an open directory's entries can be read: the kernel's link to the open
 * directory on Linux (so a swapped path cannot redirect the listing), else its verified real path.
 */
export async function directoryPathOfHandle(handle: FileHandle, real: string): Promise<string> {
  const link = kernelLinkOf(handle);
  const kernel = await readlink(link).catch(() => undefined);
  return kernel !== undefined && kernel.startsWith("/") ? link : real;
}

/** The kernel's link to an open file (Linux): a path that reaches exactly it, however deep it lies. */
export function kernelLinkOf(handle: FileHandle): string {
  return `/proc/self/fd/${handle.fd}`;
}

/** True when `anchor` (from `directoryPathOfHandle`) is a kernel link rather than a path. */
export function isKernelLink(anchor: string): boolean {
  return anchor.startsWith("/proc/self/fd/");
}
