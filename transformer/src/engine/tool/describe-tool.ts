import type * as ts from "typescript";
import { visitType } from "../visit.js";
import { SchemaContext } from "../context.js";
import { DiagnosticCode, diagnosticAt } from "../diagnostics.js";
import { finishRoot, schemaOfType } from "../schema-of-type.js";
import type { ToolDeclaration, ToolMetadata, TypeScript } from "../types.js";
import { declaredName, jsDocSummary, nameNodeOf, sourceOf, toolNamePattern } from "./declaration-info.js";
import { parametersSchema } from "./parameters.js";

/** Options of `describeTool`. */
export interface DescribeToolOptions {
  /** The `@Description` text (or `add` option) when known at compile time; else the JSDoc summary is used. */
  description?: string;
  /** A name given explicitly (`{ name }` option): checked instead of the identifier. */
  name?: string;
  /** Directory `source` paths are relative to (the project directory). Absolute paths otherwise. */
  sourceRoot?: string;
}

/** A tool's metadata, or the diagnostics that explain why it has none. */
export interface DescribeToolResult {
  /** Present when no error diagnostic was produced. */
  metadata?: ToolMetadata;
  /** Errors located on the offending node, naming the tool and the parameter. */
  diagnostics: ts.Diagnostic[];
}

/**
 * Describes a method, function declaration, or function/arrow expression as a tool: its name,
 * description, parameters object schema, parameter bindings, awaited return schema and `Date` paths.
 */
export function describeTool(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  declaration: ToolDeclaration,
  options: DescribeToolOptions = {},
): DescribeToolResult {
  const identifier = declaredName(tsm, declaration);
  const name = options.name ?? identifier;
  const nameNode = nameNodeOf(tsm, declaration) ?? declaration;
  const diagnostics: ts.Diagnostic[] = [];
  if (name === undefined) {
    diagnostics.push(
      diagnosticAt(
        tsm,
        declaration,
        DiagnosticCode.InvalidToolName,
        'this tool has no name; declare it as a named function or pass { name: "…" }',
      ),
    );
  } else if (!toolNamePattern.test(name)) {
    diagnostics.push(
      diagnosticAt(
        tsm,
        nameNode,
        DiagnosticCode.InvalidToolName,
        `tool name "${name}" is not accepted by model providers (letters, digits, _ and -, at most 64); rename it or pass { name: "…" }`,
      ),
    );
  }
  const toolName = name ?? "(anonymous)";
  const ctx = new SchemaContext(tsm, checker, declaration, { tool: toolName }, { closeObjects: true }, visitType);
  const { schema, bindings } = parametersSchema(ctx, toolName, declaration.parameters);
  const root = finishRoot(ctx, schema);
  diagnostics.push(...root.diagnostics);
  if (diagnostics.some((d) => d.category === tsm.DiagnosticCategory.Error) || !root.schema) return { diagnostics };

  // An empty @Description("") falls back to the JSDoc summary, as no @Description text would.
  const description = options.description || jsDocSummary(tsm, declaration);
  const returns = returnSchema(tsm, checker, declaration);
  const metadata: ToolMetadata = {
    v: 1,
    name: toolName,
    ...(description ? { description } : {}),
    schema: root.schema,
    parameters: bindings,
    ...(returns !== undefined ? { returns } : {}),
    ...(root.dates.length > 0 ? { dates: root.dates } : {}),
    source: sourceOf(tsm, declaration, identifier, options.sourceRoot),
  };
  return { metadata, diagnostics };
}

/** The schema of the awaited return type (objects left open); undefined when nothing useful (void, any) or not JSON. */
export function returnSchema(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  declaration: ts.SignatureDeclaration,
): ToolMetadata["returns"] {
  const signature = checker.getSignatureFromDeclaration(declaration);
  if (!signature) return undefined;
  const declared = checker.getReturnTypeOfSignature(signature);
  const type = checker.getAwaitedType(declared) ?? declared;
  const F = tsm.TypeFlags;
  if (type.flags & (F.Void | F.Undefined | F.Never | F.Any | F.Unknown)) return undefined;
  const result = schemaOfType(tsm, checker, type, declaration, {
    open: true,
    typeNode: declaration.type && !isPromiseNode(tsm, declaration.type) ? declaration.type : undefined,
  });
  return result.diagnostics.length === 0 ? result.schema : undefined;
}

function isPromiseNode(tsm: TypeScript, node: ts.TypeNode): boolean {
  return tsm.isTypeReferenceNode(node) && tsm.isIdentifier(node.typeName) && node.typeName.text === "Promise";
}
