import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/**
 * A tool that cannot be declared or registered as written: an invalid name, `@Description` on a
 * static, `#private` or symbol-named method, an instance with no tools, a malformed spec.
 */
export class ToolDefinitionError extends TooltypeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("TOOL_DEFINITION", message, options);
  }

  /** True for any `ToolDefinitionError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ToolDefinitionError {
    return isTooltypeErrorWithCode(value, "TOOL_DEFINITION");
  }
}
