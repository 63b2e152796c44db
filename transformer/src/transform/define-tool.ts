import type * as ts from "typescript";
import { SchemaContext } from "../engine/context.js";
import { DiagnosticCode, diagnosticAt, displayPath } from "../engine/diagnostics.js";
import { finishRoot } from "../engine/schema-of-type.js";
import { returnSchema } from "../engine/tool/describe-tool.js";
import { isPlainObjectType } from "../engine/programmers/discriminant.js";
import { objectSchema } from "../engine/programmers/objects.js";
import { toolNamePattern } from "../engine/tool/declaration-info.js";
import type { SchemaObject, ToolMetadata, TypeScript } from "../engine/types.js";
import { visitType } from "../engine/visit.js";

/**
 * `defineTool<Args>({ name, description, impl })` → metadata whose schema is that of `Args`
 * (without a type argument: of `impl`'s first parameter; no parameter: no arguments).
 */
export function describeDefineTool(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  call: ts.CallExpression,
  sourceRoot?: string,
): { metadata?: ToolMetadata; diagnostics: ts.Diagnostic[] } {
  const spec = call.arguments[0];
  const literal = spec && tsm.isObjectLiteralExpression(spec) ? spec : undefined;
  const name = stringProperty(tsm, literal, "name");
  const description = stringProperty(tsm, literal, "description");
  const implementation = implOf(tsm, checker, literal);
  const typeArgument = call.typeArguments?.[0];
  const argsParameter = implementation?.parameters[0];
  const anchor: ts.Node = typeArgument ?? argsParameter ?? call;
  const label = name ?? "defineTool";
  const diagnostics: ts.Diagnostic[] = [];
  if (name !== undefined && !toolNamePattern.test(name)) {
    diagnostics.push(
      diagnosticAt(
        tsm,
        anchor,
        DiagnosticCode.InvalidToolName,
        `tool name "${name}" is not accepted by model providers (letters, digits, _ and -, at most 64)`,
      ),
    );
  }
  const ctx = new SchemaContext(
    tsm,
    checker,
    anchor,
    { tool: label, parameter: "args" },
    { closeObjects: true },
    visitType,
  );
  let schema: SchemaObject | undefined;
  const argsType = typeArgument
    ? checker.getTypeFromTypeNode(typeArgument)
    : argsParameter
      ? checker.getTypeAtLocation(argsParameter)
      : undefined;
  if (argsType === undefined) {
    schema = { type: "object", properties: {}, additionalProperties: false };
  } else if (argsType.flags & tsm.TypeFlags.TypeParameter) {
    visitType(ctx, argsType, {});
  } else if (!isPlainObjectType(ctx, argsType) || argsType.flags & tsm.TypeFlags.Union) {
    const text = checker.typeToString(argsType);
    ctx.fail(
      DiagnosticCode.ArgumentsNotObject,
      `tool arguments are always an object, not "${text}"; describe them as an interface or type literal`,
    );
  } else {
    const built = objectSchema(ctx, argsType, {});
    schema = Object.keys(built).length > 1 ? built : { type: "object", properties: {}, additionalProperties: false };
  }
  const root = finishRoot(ctx, schema ?? {});
  diagnostics.push(...root.diagnostics);
  if (diagnostics.length > 0 || schema === undefined || !root.schema) return { diagnostics };
  const returns = implementation ? returnSchema(tsm, checker, implementation) : undefined;
  const metadata: ToolMetadata = {
    v: 1,
    name: label,
    ...(description !== undefined ? { description } : {}),
    schema: root.schema,
    parameters: [{ kind: "arguments" }],
    ...(returns !== undefined ? { returns } : {}),
    ...(root.dates.length > 0 ? { dates: root.dates } : {}),
    source: `${displayPath(call.getSourceFile().fileName, sourceRoot)}#${label}`,
  };
  return { metadata, diagnostics };
}

function stringProperty(
  tsm: TypeScript,
  literal: ts.ObjectLiteralExpression | undefined,
  key: string,
): string | undefined {
  for (const property of literal?.properties ?? []) {
    if (
      tsm.isPropertyAssignment(property) &&
      (tsm.isIdentifier(property.name) || tsm.isStringLiteral(property.name)) &&
      property.name.text === key
    ) {
      const value = property.initializer;
      if (tsm.isStringLiteral(value) || tsm.isNoSubstitutionTemplateLiteral(value)) return value.text;
    }
  }
  return undefined;
}

/** The `impl` function of the spec literal: a method, an arrow/function expression, or a named function. */
function implOf(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  literal: ts.ObjectLiteralExpression | undefined,
): ts.SignatureDeclaration | undefined {
  for (const property of literal?.properties ?? []) {
    if (
      !property.name ||
      !(tsm.isIdentifier(property.name) || tsm.isStringLiteral(property.name)) ||
      property.name.text !== "impl"
    )
      continue;
    if (tsm.isMethodDeclaration(property)) return property;
    const expression = tsm.isPropertyAssignment(property)
      ? property.initializer
      : tsm.isShorthandPropertyAssignment(property)
        ? property.name
        : undefined;
    if (!expression) return undefined;
    if (tsm.isArrowFunction(expression) || tsm.isFunctionExpression(expression)) return expression;
    const signature = checker.getTypeAtLocation(expression).getCallSignatures()[0];
    return signature?.getDeclaration();
  }
  return undefined;
}
