/** What a tool call produced, as the model will read it. Never rejects: failures are `isError`. */
export interface ToolResult {
  /** The text sent back to the model (a string result as is, anything else as JSON). */
  output: string;
  /** True when the call failed: bad arguments, a thrown error, `toolError(...)`, a timeout. */
  isError: boolean;
}
