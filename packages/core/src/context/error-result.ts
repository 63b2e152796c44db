import type { ToolResult } from "../tools/tool-result.js";

/** An error result the model can read: `{"error": message}` (the same shape a throwing tool gives). */
export function errorResult(message: string): ToolResult {
  return { output: JSON.stringify({ error: message }), isError: true };
}
