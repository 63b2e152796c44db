import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** One failing place in a tool's arguments. */
export interface ArgumentIssue {
  /** JSON Pointer-like path into the arguments, `""` for the arguments object itself. */
  path: string;
  /** What was expected there, in words the model can act on. */
  message: string;
}

/** Arguments that do not match the tool's schema (or could not be read at all). */
export class ToolArgumentError extends TooltypeError {
  /** The tool whose arguments failed. */
  readonly toolName: string;
  /** Every failing path, in schema order. */
  readonly issues: readonly ArgumentIssue[];

  constructor(toolName: string, message: string, issues: readonly ArgumentIssue[] = []) {
    super("TOOL_ARGUMENTS", message);
    this.toolName = toolName;
    this.issues = issues;
  }

  /** True for any `ToolArgumentError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ToolArgumentError {
    return isTooltypeErrorWithCode(value, "TOOL_ARGUMENTS");
  }
}
