import type * as ts from "typescript";
import { DiagnosticCode, diagnosticAt } from "../engine/diagnostics.js";
import { schemaOfType } from "../engine/schema-of-type.js";
import type { JSONSchema, TypeScript } from "../engine/types.js";

/**
 * `jsonSchema<T>()` → the schema of `T` and the paths of its `Date`s (which the schema cannot tell
 * from strings with `format: date-time`), or a diagnostic (no type argument, unresolved generic,
 * not JSON).
 */
export function describeJsonSchema(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  call: ts.CallExpression,
): { schema?: JSONSchema; dates: string[][]; diagnostics: ts.Diagnostic[] } {
  const typeArgument = call.typeArguments?.[0];
  if (!typeArgument) {
    return {
      dates: [],
      diagnostics: [
        diagnosticAt(
          tsm,
          call,
          DiagnosticCode.MissingTypeArgument,
          "jsonSchema() needs the type to describe: write jsonSchema<YourType>()",
        ),
      ],
    };
  }
  const type = checker.getTypeFromTypeNode(typeArgument);
  const what = `jsonSchema<${typeArgument.getText()}>()`;
  const result = schemaOfType(tsm, checker, type, typeArgument, { subject: { what } });
  return { schema: result.schema, dates: result.dates, diagnostics: result.diagnostics };
}
