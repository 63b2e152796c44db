import { TooltypeError, isTooltypeErrorWithCode } from "./tooltype-error.js";

/** A response that is not the wire format it claims to be (not JSON, wrong shape, a cut stream). */
export class ProtocolError extends TooltypeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("PROTOCOL", message, options);
  }

  /** True for any `ProtocolError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ProtocolError {
    return isTooltypeErrorWithCode(value, "PROTOCOL");
  }
}
