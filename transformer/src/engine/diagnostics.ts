import type * as ts from "typescript";
import type { TypeScript } from "./types.js";

/**
 * Stable codes of the transformer's diagnostics, printed as `TT<code>`. The 92xx range keeps clear
 * of the compiler's own codes, since ts-patch prints ours beside them.
 */
export const DiagnosticCode = {
  /** The tool name does not match `^[A-Za-z0-9_-]{1,64}$`. */
  InvalidToolName: 9201,
  /** A type that cannot cross JSON (function, symbol, Map, Set, Promise, bigint, void, …). */
  NotJson: 9202,
  /** A generic type parameter left unresolved where a schema is needed. */
  UnresolvedGeneric: 9203,
  /** `ToolRegistry.add` used other than as a direct call (`list.forEach(reg.add)`). */
  IndirectRegistryAdd: 9204,
  /** The function passed to `registry.add` has no declaration the transformer can read. */
  UnresolvedFunction: 9205,
  /** A rest parameter on a tool (a tool receives one arguments object). */
  RestParameter: 9206,
  /** `jsonSchema()` without a type argument. */
  MissingTypeArgument: 9207,
  /** `defineTool` arguments that are not an object type. */
  ArgumentsNotObject: 9208,
  /** A JSDoc constraint tag whose value cannot be read (`@minimum abc`). */
  InvalidTag: 9209,
} as const;

/** One of the codes above. */
export type DiagnosticCodeValue = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];

/** A diagnostic of `category` located on `node` (file, line and column come from the node), with the engine's `source`. */
export function diagnosticOn(
  node: ts.Node,
  code: number,
  message: string,
  category: ts.DiagnosticCategory,
): ts.Diagnostic {
  const file = node.getSourceFile();
  const start = node.getStart(file);
  return {
    file,
    start,
    length: Math.max(0, node.getEnd() - start),
    category,
    code,
    messageText: message,
    source: "tooltype",
  };
}

/** An error diagnostic located on `node` (file, line and column come from the node). */
export function diagnosticAt(
  tsm: TypeScript,
  node: ts.Node,
  code: DiagnosticCodeValue,
  message: string,
): ts.Diagnostic {
  return diagnosticOn(node, code, message, tsm.DiagnosticCategory.Error);
}

/** True for a diagnostic this engine produced. */
export function isTooltypeDiagnostic(diagnostic: ts.Diagnostic): boolean {
  return diagnostic.source === "tooltype";
}

/**
 * `file:line:col - error TTnnnn: message` (TS codes keep their `TS` prefix). `relativeTo` shortens
 * file names to paths relative to that directory.
 */
export function formatDiagnostic(tsm: TypeScript, diagnostic: ts.Diagnostic, relativeTo?: string): string {
  const category = tsm.DiagnosticCategory[diagnostic.category].toLowerCase();
  const prefix = isTooltypeDiagnostic(diagnostic) ? "TT" : "TS";
  const message = tsm.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  if (!diagnostic.file || diagnostic.start === undefined) return `${category} ${prefix}${diagnostic.code}: ${message}`;
  const { line, character } = tsm.getLineAndCharacterOfPosition(diagnostic.file, diagnostic.start);
  return `${displayPath(diagnostic.file.fileName, relativeTo)}:${line + 1}:${character + 1} - ${category} ${prefix}${diagnostic.code}: ${message}`;
}

/** `file` relative to `directory` when it lies inside it, with `/` separators. */
export function displayPath(file: string, directory?: string): string {
  const normal = file.replace(/\\/g, "/");
  if (!directory) return normal;
  const base = directory.replace(/\\/g, "/").replace(/\/?$/, "/");
  return normal.startsWith(base) ? normal.slice(base.length) : normal;
}
