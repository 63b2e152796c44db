import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** A tool name that is already registered (pass `{ replace: true }` to replace it). */
export class DuplicateToolError extends TooltypeError {
  /** The name both tools share. */
  readonly toolName: string;

  constructor(toolName: string) {
    super(
      "DUPLICATE_TOOL",
      `A tool named "${toolName}" is already registered. Give one of them another name ({ name: "…" }) or pass { replace: true } to replace it.`,
    );
    this.toolName = toolName;
  }

  /** True for any `DuplicateToolError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is DuplicateToolError {
    return isTooltypeErrorWithCode(value, "DUPLICATE_TOOL");
  }
}
