import { positiveLimit } from "../positive-limit.js";

/** Configuration of the file tools (`builtins({ files })`). */
export interface FilesOptions {
  /** The directory the tools work in; nothing outside it is read, listed or written. Must exist. */
  root: string;
  /** Offer `files_write` and `files_edit` (default false: read-only). */
  write?: boolean;
  /** Largest number of bytes one `files_read` returns (default 256 KiB); larger files are read in parts. */
  maxReadBytes?: number;
  /** Largest file `files_write` or `files_edit` writes, in bytes (default 1 MiB). */
  maxWriteBytes?: number;
  /** Most entries `files_list` returns and most matches `files_search` returns (default 500). */
  maxResults?: number;
  /** Most directory entries one `files_search` looks at before it stops (default 20 000). */
  maxVisited?: number;
  /**
   * Most milliseconds one call of a file tool may take (default 30 000): a search past it stops
   * walking and the model is told so; a write past it leaves nothing behind.
   */
  timeoutMs?: number;
}

/** `FilesOptions` with every bound filled in. */
export interface FilesLimits {
  maxReadBytes: number;
  maxWriteBytes: number;
  maxResults: number;
  maxVisited: number;
  timeoutMs: number;
}

/** The bounds of `options`, defaults applied and checked. */
export function filesLimits(options: FilesOptions): FilesLimits {
  return {
    maxReadBytes: positiveLimit(options.maxReadBytes, 256 * 1024, "files.maxReadBytes"),
    maxWriteBytes: positiveLimit(options.maxWriteBytes, 1024 * 1024, "files.maxWriteBytes"),
    maxResults: positiveLimit(options.maxResults, 500, "files.maxResults"),
    maxVisited: positiveLimit(options.maxVisited, 20_000, "files.maxVisited"),
    timeoutMs: positiveLimit(options.timeoutMs, 30_000, "files.timeoutMs"),
  };
}
