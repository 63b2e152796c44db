import { TooltypeError, isTooltypeErrorWithCode } from "../errors/tooltype-error.js";

/** A context used in a way that would break the conversation (a message while calls wait, two loops at once). */
export class ContextError extends TooltypeError {
  constructor(message: string) {
    super("CONTEXT", message);
  }

  /** True for any `ContextError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ContextError {
    return isTooltypeErrorWithCode(value, "CONTEXT");
  }
}

/** `approve`/`reject` of a call that is not waiting for that decision (unknown, answered, changed). */
export class ApprovalError extends TooltypeError {
  /** The call id that was given. */
  readonly callId: string;

  constructor(callId: string, message: string) {
    super("APPROVAL", message);
    this.callId = callId;
  }

  /** True for any `ApprovalError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ApprovalError {
    return isTooltypeErrorWithCode(value, "APPROVAL");
  }
}

/** A stored context that cannot be restored: wrong shape, unknown version, a bad or missing signature. */
export class ContextJSONError extends TooltypeError {
  /** Where in the stored value the problem is (`messages[3].toolCalls[0].name`), `""` for the whole. */
  readonly path: string;

  constructor(path: string, message: string) {
    super("CONTEXT_JSON", path === "" ? message : `${path}: ${message}`);
    this.path = path;
  }

  /** True for any `ContextJSONError`, even one thrown by another installed copy of the package. */
  static override isInstance(value: unknown): value is ContextJSONError {
    return isTooltypeErrorWithCode(value, "CONTEXT_JSON");
  }
}
