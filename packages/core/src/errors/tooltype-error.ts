const marker = Symbol.for("tooltype.error");
const ordinaryInstanceOf = Function.prototype[Symbol.hasInstance];

/**
 * The codes of tooltype's errors, one key per code (the values mean nothing). Core lists its own;
 * a package adds its codes by declaration merging, so `TooltypeError.code` names them wherever
 * that package is installed:
 *
 * ```ts
 * declare module "@tooltype/core" {
 *   interface TooltypeErrorCodes {
 *     CONVERSATION_BUSY: true;
 *   }
 * }
 * ```
 */
export interface TooltypeErrorCodes {
  /** `UnknownToolError`. */
  UNKNOWN_TOOL: true;
  /** `ToolArgumentError`. */
  TOOL_ARGUMENTS: true;
  /** `ToolDefinitionError`. */
  TOOL_DEFINITION: true;
  /** `ToolNotTransformedError`. */
  TOOL_NOT_TRANSFORMED: true;
  /** `DuplicateToolError`. */
  DUPLICATE_TOOL: true;
  /** `EndpointError`. */
  ENDPOINT: true;
  /** `ProtocolError`. */
  PROTOCOL: true;
  /** `ContextError`. */
  CONTEXT: true;
  /** `ContextJSONError`. */
  CONTEXT_JSON: true;
  /** `ApprovalError`. */
  APPROVAL: true;
  /** `AbortedError`. */
  ABORTED: true;
  /** `ToolTimeoutError`. */
  TOOL_TIMEOUT: true;
  /** `TransformerRequiredError`. */
  TRANSFORMER_REQUIRED: true;
  /** `OutputError`. */
  OUTPUT: true;
}

/** Stable machine-readable codes of the errors tooltype throws: core's and those of the packages installed. */
export type TooltypeErrorCode = keyof TooltypeErrorCodes;

/**
 * The base of every error tooltype throws. `code` is stable across versions. `isInstance` and
 * `instanceof` both work across two copies of the package (two installed versions, or the
 * CommonJS and ESM builds loaded side by side): they check a `Symbol.for` marker and the code,
 * not only the prototype.
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

  /**
   * `value instanceof X`: within this copy of the package, by the prototype as usual; for an
   * error of another copy, by `X.isInstance` (the marker and X's code), when X defines one. So
   * `EndpointError` matches another copy's `EndpointError`, never its `ProtocolError`.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (ordinaryInstanceOf.call(this, value)) return true;
    // One of this copy's errors, not of this class: the prototype has answered.
    if (ordinaryInstanceOf.call(TooltypeError, value)) return false;
    return Object.hasOwn(this, "isInstance") && this.isInstance(value);
  }
}

/** Builds the `isInstance` check of a subclass: a tooltype error carrying `code`. */
export function isTooltypeErrorWithCode<T extends TooltypeError>(value: unknown, code: TooltypeErrorCode): value is T {
  return TooltypeError.isInstance(value) && value.code === code;
}
