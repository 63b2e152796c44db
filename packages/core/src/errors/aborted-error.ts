import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** Work that stopped because its AbortSignal fired (the caller cancelled it). */
export class AbortedError extends TooltypeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("ABORTED", message, options);
  }

  /** True for any `AbortedError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is AbortedError {
    return isTooltypeErrorWithCode(value, "ABORTED");
  }
}
