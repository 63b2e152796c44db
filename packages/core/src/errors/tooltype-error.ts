const marker = Symbol.for("tooltype.error");

/** Stable machine-readable codes of every error tooltype throws. */
export type TooltypeErrorCode =
  | "UNKNOWN_TOOL"
  | "TOOL_ARGUMENTS"
  | "TOOL_DEFINITION"
  | "TOOL_NOT_TRANSFORMED"
  | "DUPLICATE_TOOL"
  | "ENDPOINT"
  | "PROTOCOL"
  | "CONTEXT"
  | "CONTEXT_STORE"
  | "APPROVAL"
  | "ABORTED"
  | "TOOL_TIMEOUT"
  | "TRANSFORMER_REQUIRED"
  | "OUTPUT"
  | "CONVERSATION_CONFLICT"
  | "CONVERSATION_BUSY"
  | "CONVERSATION_NOT_FOUND"
  | "CONVERSATION_ID"
  | "STORED_CONVERSATION"
  | "STORE_SCHEMA";

/**
 * The base of every error tooltype throws. `code` is stable across versions; `isInstance`
 * works across two copies of the package (it checks a `Symbol.for` marker, not the prototype).
 */
export class TooltypeError extends Error {
  /** Stable code: branch on this, not on the message. */
  readonly code: TooltypeErrorCode;

  /** For subclasses: each passes its own `code`. */
  constructor(code: TooltypeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
    Object.defineProperty(this, marker, { value: code });
  }

  /** True for any tooltype error, even one thrown by another installed copy of the package. */
  static isInstance(value: unknown): value is TooltypeError {
    return typeof value === "object" && value !== null && marker in value;
  }
}

/** Builds the `isInstance` check of a subclass: a tooltype error carrying `code`. */
export function isTooltypeErrorWithCode<T extends TooltypeError>(value: unknown, code: TooltypeErrorCode): value is T {
  return TooltypeError.isInstance(value) && value.code === code;
}
