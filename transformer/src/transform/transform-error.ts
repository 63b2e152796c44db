import type * as ts from "typescript";
import { formatDiagnostic } from "../engine/diagnostics.js";
import type { TypeScript } from "../engine/types.js";

// The marker `TooltypeError.isInstance` of @tooltype/core checks (the transformer does not depend on core).
const marker = Symbol.for("tooltype.error");

/**
 * Thrown when a file has tooltype diagnostics and no one was listening for them (ts-jest, a
 * bare `createTransformer`). The message lists each as `file:line:col - error TTnnnn: message`.
 */
export class TransformDiagnosticsError extends Error {
  /** Stable code. */
  readonly code = "TRANSFORM_DIAGNOSTICS";
  /** The diagnostics, as the compiler API represents them. */
  readonly diagnostics: readonly ts.Diagnostic[];

  constructor(tsm: TypeScript, diagnostics: readonly ts.Diagnostic[], relativeTo?: string) {
    const lines = diagnostics.map((diagnostic) => formatDiagnostic(tsm, diagnostic, relativeTo));
    super(`tooltype: ${diagnostics.length === 1 ? "1 error" : `${diagnostics.length} errors`}\n${lines.join("\n")}`);
    this.name = "TransformDiagnosticsError";
    this.diagnostics = diagnostics;
    Object.defineProperty(this, marker, { value: this.code });
  }
}
