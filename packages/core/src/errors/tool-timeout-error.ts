import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** A tool call that ran past its timeout (`timeoutMs`). */
export class ToolTimeoutError extends TooltypeError {
  /** The tool that timed out. */
  readonly toolName: string;
  /** The limit it ran past, in milliseconds. */
  readonly timeoutMs: number;

  constructor(toolName: string, timeoutMs: number) {
    super("TOOL_TIMEOUT", `Tool ${toolName} timed out after ${timeoutMs} ms.`);
    this.toolName = toolName;
    this.timeoutMs = timeoutMs;
  }

  /** True for any `ToolTimeoutError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ToolTimeoutError {
    return isTooltypeErrorWithCode(value, "TOOL_TIMEOUT");
  }
}
