import type * as ts from "typescript";
import { diagnosticOn } from "../engine/diagnostics.js";

/**
 * Codes of the problems only the sidecar has (the engine's own are 92xx), printed as `TT<code>`
 * by the engine's `formatDiagnostic`.
 */
export const SidecarDiagnosticCode = {
  /** A decorated class or a registered function is not exported, so the sidecar cannot import it. */
  NotExported: 9301,
  /** A function passed to `registry.add` has no declaration the sidecar can key (`add(make())`). */
  NotKeyable: 9302,
  /** `defineTool<T>()` / `jsonSchema<T>()`: call-site macros need the transformer (a warning). */
  MacroNeedsTransformer: 9303,
  /** Two `jsonSchema<T>("id")` calls share a site id but describe different schemas. */
  OutputIdConflict: 9304,
} as const;

/** One of the codes above. */
export type SidecarDiagnosticCodeValue = (typeof SidecarDiagnosticCode)[keyof typeof SidecarDiagnosticCode];

/** A diagnostic located on `node`, in the same shape (and `source`) as the engine's. */
export function sidecarDiagnostic(
  tsModule: typeof ts,
  node: ts.Node,
  code: SidecarDiagnosticCodeValue,
  message: string,
  category: "error" | "warning" = "error",
): ts.Diagnostic {
  return diagnosticOn(
    node,
    code,
    message,
    category === "error" ? tsModule.DiagnosticCategory.Error : tsModule.DiagnosticCategory.Warning,
  );
}
