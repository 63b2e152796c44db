import type { FileHandle } from "node:fs/promises";

/** Reads up to `length` bytes at `position`, stopping at the end of the file. */
export async function readRange(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
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
