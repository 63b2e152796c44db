import { constants, realpathSync, statSync, type Stats } from "node:fs";
import { lstat, open, realpath, type FileHandle } from "node:fs/promises";
import { isAbsolute, join, relative, sep, win32 } from "node:path";
import { Refusal } from "../refusal.js";
import { describingFsErrors } from "./fs-error-message.js";
import { realPathOfHandle } from "./handle-real-path.js";
import { checkPathLimits } from "./path-limits.js";

/** An open file or directory, proven to lie inside the root. */
export interface ConfinedHandle {
  handle: FileHandle;
  /** Its real location on disk (inside the root). */
  real: string;
  stats: Stats;
}

// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever;
// O_NOCTTY: a terminal device never becomes the process's controlling terminal.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
/** How directories are opened for listing and as the base of further opens. */
export const DIRECTORY_FLAGS = READ_FLAGS | constants.O_DIRECTORY;

/**
 * An open directory inside the root, and `anchor`, a path that reaches exactly it: its kernel
 * link (`/proc/self/fd/N`) on Linux, so `join(anchor, name)` cannot be redirected by a swapped
 * path; its verified real path elsewhere.
 */
export interface OpenDirectory {
  handle: FileHandle;
  real: string;
  anchor: string;
}

/**
 * The directory the file tools may touch. Paths from the model are relative to it; `..`,
 * absolute paths and NUL bytes are refused before any file-system call, and whatever is opened is
 * checked by its real location (after every symlink) to be inside the root before it is used.
 */
export class ConfinedRoot {
  /** The root's real path (symlinks resolved when configured). */
  readonly path: string;

  constructor(root: string) {
    let real: string;
    try {
      real = realpathSync(root);
    } catch {
      throw new TypeError(`builtins: the files root "${root}" does not exist; create it or pick another.`);
    }
    if (!statSync(real).isDirectory()) throw new TypeError(`builtins: the files root "${root}" is not a directory.`);
    this.path = real;
  }

  /**
   * The absolute path for a model-given relative path; refuses anything that could leave the root
   * by its spelling, and a path the system could not hold (see `checkPathLimits`).
   */
  resolve(path: string): string {
    if (typeof path !== "string" || path.length === 0)
      throw new Refusal(`A path is required (relative to the root, e.g. "notes.txt" or ".").`);
    if (path.includes("\0")) throw new Refusal(`The path "${path.replace(/\0/g, "\\0")}" holds a NUL byte.`);
    if (isAbsolute(path) || win32.isAbsolute(path))
      throw new Refusal(`"${path}" is absolute: paths are relative to the root (e.g. "src/index.ts").`);
    if (path.split(/[\\/]/).includes(".."))
      throw new Refusal(`"${path}" uses "..": paths stay inside the root; name the file from the root instead.`);
    const absolute = join(this.path, path);
    checkPathLimits(path, absolute);
    return absolute;
  }

  /** How the model sees an absolute path inside the root: relative, with "/" separators ("." for the root). */
  show(absolute: string): string {
    const rel = relative(this.path, absolute);
    return rel === "" ? "." : rel.split(sep).join("/");
  }

  /** True when `real` (a resolved path) is the root or lies below it. */
  contains(real: string): boolean {
    return real === this.path || real.startsWith(this.path.endsWith(sep) ? this.path : this.path + sep);
  }

  /** The real path of `absolute`, refused unless it stays inside the root after every symlink. */
  async realInside(absolute: string, shown: string): Promise<string> {
    const real = await describingFsErrors(shown, () => realpath(absolute));
    if (!this.contains(real)) throw new Refusal(`"${shown}" leads outside the root (through a symbolic link).`);
    return real;
  }

  /**
   * Opens a regular file (or, with `directory`, a directory) for reading. Checked before opening
   * (its real path, its type) and again on the open handle, so a symlink swapped in between is caught.
   */
  async openForReading(path: string, kind: "file" | "directory"): Promise<ConfinedHandle> {
    const absolute = this.resolve(path);
    const before = await this.realInside(absolute, path);
    assertKind(await describingFsErrors(path, () => lstat(before)), kind, path);
    const flags = kind === "directory" ? DIRECTORY_FLAGS : READ_FLAGS;
    const handle = await describingFsErrors(path, () => open(before, flags));
    try {
      return await this.verify(handle, before, path, kind);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Checks an open handle: it lies inside the root and is of the expected kind. */
  async verify(handle: FileHandle, opened: string, shown: string, kind: "file" | "directory"): Promise<ConfinedHandle> {
    const real = await describingFsErrors(shown, () => realPathOfHandle(handle, opened, shown));
    if (!this.contains(real))
      throw new Refusal(`"${shown}" leads outside the root (it was swapped for a link while opening).`);
    const stats = await handle.stat();
    assertKind(stats, kind, shown);
    return { handle, real, stats };
  }
}

/** Refuses special files (FIFOs, devices, sockets) and the wrong kind of entry, by name. */
export function assertKind(stats: Stats, kind: "file" | "directory", shown: string): void {
  if (stats.isFIFO() || stats.isCharacterDevice() || stats.isBlockDevice() || stats.isSocket())
    throw new Refusal(
      `"${shown}" is a special file (a pipe, device or socket); only regular files and directories are used.`,
    );
  if (kind === "file" && stats.isDirectory())
    throw new Refusal(`"${shown}" is a directory; use files_list to see what it holds.`);
  if (kind === "directory" && !stats.isDirectory()) throw new Refusal(`"${shown}" is not a directory.`);
}
