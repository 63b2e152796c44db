import type { FileHandle } from "node:fs/promises";
import type { CallDeadline } from "../call-deadline.js";

/** Reads up to `length` bytes at `position`, stopping at the end of the file, or when `deadline` stops the call. */
export async function readRange(
  handle: FileHandle,
  position: number,
  length: number,
  deadline: CallDeadline,
): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    deadline.check();
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** True for bytes that are not text: a NUL byte never appears in UTF-8 text. */
export function looksBinary(bytes: Buffer): boolean {
  return bytes.includes(0);
}
