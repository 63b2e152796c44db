import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** A tool name that is not in the registry. */
export class UnknownToolError extends TooltypeError {
  /** The name that was asked for. */
  readonly toolName: string;

  /** `known`: the registered names, listed in the message (the first 20). */
  constructor(toolName: string, known: readonly string[]) {
    const list =
      known.length === 0
        ? "the registry is empty"
        : `registered: ${known.slice(0, 20).join(", ")}${known.length > 20 ? ", …" : ""}`;
    super(
      "UNKNOWN_TOOL",
      `No tool named "${toolName}" (${list}). Register it with tools.add(...) or tools.define(...).`,
    );
    this.toolName = toolName;
  }

  /** True for any `UnknownToolError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is UnknownToolError {
    return isTooltypeErrorWithCode(value, "UNKNOWN_TOOL");
  }
}
