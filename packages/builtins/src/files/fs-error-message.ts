import { Refusal } from "../refusal.js";

const reasons: Record<string, string> = {
  ENOENT: "does not exist",
  ENOTDIR: "has a part that is not a directory",
  EISDIR: "is a directory",
  EACCES: "is not accessible (permission denied)",
  EPERM: "is not accessible (operation not permitted)",
  ELOOP: "is a symbolic link that cannot be followed here",
  ENXIO: "is a socket or a device without a reader",
  EEXIST: "already exists",
  ENOTEMPTY: "is not empty",
  ENAMETOOLONG: "is too long for the system (a name over 255 bytes, or a path too deep); use a shorter path",
  EMFILE: "could not be opened: too many files are open in this process; try again later",
  ENFILE: "could not be opened: too many files are open on this system; try again later",
  ENOSPC: "cannot be written: the disk is full",
  EROFS: "is on a read-only file system",
};

/**
 * A file-system error as a refusal naming the path as the model wrote it (Node's own messages
 * carry absolute paths, which would show the model where the root lives). Unknown errors pass on.
 */
export function refusalFromFsError(error: unknown, shown: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string" && code in reasons) return new Refusal(`"${shown}" ${reasons[code]}.`);
  return error;
}

/** Runs a file-system step, turning its known errors into refusals about `shown`. */
export async function describingFsErrors<T>(shown: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw refusalFromFsError(error, shown);
  }
}
