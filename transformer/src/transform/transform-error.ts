import type * as ts from "typescript";
import { formatDiagnostic } from "../engine/diagnostics.js";

// The marker `TooltypeError.isInstance` of @tooltype/core checks (the transformer does not depend on core).
const marker = Symbol.for("tooltype.error");
const code = "TRANSFORM_DIAGNOSTICS";
const ordinaryInstanceOf = Function.prototype[Symbol.hasInstance];

/**
 * Thrown when a file has tooltype diagnostics and no one was listening for them (ts-jest, the
 * ts-patch plugin called without ts-patch's `addDiagnostic`). The message lists each as
 * `file:line:col - error TTnnnn: message`.
 */
export class TransformDiagnosticsError extends Error {
  /** Stable code. */
  readonly code = code;
  /** The diagnostics, as the compiler API represents them. */
  readonly diagnostics: readonly ts.Diagnostic[];

  constructor(tsm: typeof ts, diagnostics: readonly ts.Diagnostic[], relativeTo?: string) {
    const lines = diagnostics.map((diagnostic) => formatDiagnostic(tsm, diagnostic, relativeTo));
    super(`tooltype: ${diagnostics.length === 1 ? "1 error" : `${diagnostics.length} errors`}\n${lines.join("\n")}`);
    this.name = "TransformDiagnosticsError";
    this.diagnostics = diagnostics;
    Object.defineProperty(this, marker, { value: this.code });
  }

  /** True for any `TransformDiagnosticsError`, even one thrown by another installed copy of the package. */
  static isInstance(value: unknown): value is TransformDiagnosticsError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === code;
  }

  /** `value instanceof TransformDiagnosticsError`: by the prototype, or by the marker for another copy's error. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return ordinaryInstanceOf.call(this, value) || (this === TransformDiagnosticsError && this.isInstance(value));
  }
}
