import type { ToolResult } from "../tools/tool-result.js";
import { utf8Length, utf8LongerThan } from "../tools/input-limits.js";

/** Tool results longer than this (UTF-8 bytes) are cut before they reach the model: 1 MiB. */
export const DEFAULT_MAX_TOOL_OUTPUT = 1024 * 1024;

/** The longest prefix of `text` whose UTF-8 encoding fits in `limit` bytes (never splits a character). */
function utf8Prefix(text: string, limit: number): string {
  const bytes = Buffer.from(text, "utf8");
  let end = Math.min(limit, bytes.length);
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--; // back off a continuation byte
  return bytes.subarray(0, end).toString("utf8");
}

/**
 * `result` with its output cut to `maxToolOutput` bytes when it is longer, followed by a note the
 * model can read (how long it was, that the rest was left out); otherwise `result` itself.
 */
export function limitToolOutput(result: ToolResult, maxToolOutput: number): ToolResult {
  if (!utf8LongerThan(result.output, maxToolOutput)) return result;
  const bytes = utf8Length(result.output);
  const note = `\n[Cut by tooltype: the result was ${bytes} bytes, over the limit of ${maxToolOutput} bytes (maxToolOutput); only its first ${maxToolOutput} bytes are shown above.]`;
  return { output: utf8Prefix(result.output, maxToolOutput) + note, isError: result.isError };
}
