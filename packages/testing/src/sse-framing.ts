// Turns events into the bytes of a text/event-stream, LF or CRLF, in one piece or many.
import type { SseEvent } from "./wire-format.js";

/**
 * Frames one event. An object event becomes `event: …` (when named) and `data: …` lines and a
 * blank line. A string is written as is when it ends with a line break; otherwise it is taken
 * as a complete block (`: keep-alive`, `data:{…}`) and gets the blank line that ends an event.
 */
export function frameEvent(event: SseEvent, eol: string): string {
  if (typeof event === "string") return /[\r\n]$/.test(event) ? event : event + eol + eol;
  const data = typeof event.data === "string" ? event.data : JSON.stringify(event.data);
  // A payload with line breaks needs one data: line per line to survive framing.
  const lines = data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}${eol}`)
    .join("");
  return (event.event !== undefined ? `event: ${event.event}${eol}` : "") + lines + eol;
}

/** Cuts bytes into pieces of `size` (the last may be shorter); no size: one piece. */
export function splitBytes(bytes: Buffer, size: number | undefined): Buffer[] {
  if (size === undefined || size >= bytes.length) return bytes.length > 0 ? [bytes] : [];
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}
