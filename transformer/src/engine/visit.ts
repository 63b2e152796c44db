import type * as ts from "typescript";
import type { SchemaContext, VisitHint } from "./context.js";
import { DiagnosticCode } from "./diagnostics.js";
import { noteGlobalDependence } from "./global-dependence.js";
import { arraySchema } from "./programmers/arrays.js";
import { builtinSchema } from "./programmers/builtins.js";
import { intersectionSchema } from "./programmers/intersections.js";
import { literalGroupSchema, isLiteralLike } from "./programmers/literals.js";
import { namedTypeDocs } from "./programmers/descriptions.js";
import { objectSchema } from "./programmers/objects.js";
import { primitiveSchema } from "./programmers/primitives.js";
import { templateLiteralSchema } from "./programmers/template-literals.js";
import { tupleSchema } from "./programmers/tuples.js";
import { unionSchema } from "./programmers/unions.js";
import { isCoreJsonValue } from "./programmers/json-value.js";
import type { SchemaObject } from "./types.js";

/** The JSON Schema of `type`: dispatches to the programmer of its kind. */
export function visitType(ctx: SchemaContext, type: ts.Type, hint: VisitHint = {}): SchemaObject {
  if (isCoreJsonValue(ctx, type, hint.node)) return {};
  noteGlobalDependence(ctx.ts, ctx.checker, type, false);
  const schema = dispatch(ctx, type, hint);
  namedTypeDocs(ctx, type, hint.node, schema);
  return schema;
}

function dispatch(ctx: SchemaContext, type: ts.Type, hint: VisitHint): SchemaObject {
  const { ts: tsm } = ctx;
  const flags = type.flags;

  if (flags & tsm.TypeFlags.TypeParameter) {
    const text = ctx.checker.typeToString(type);
    return ctx.fail(
      DiagnosticCode.UnresolvedGeneric,
      `generic type "${text}" is not resolved here; call it with a concrete type (a schema is built at compile time)`,
    );
  }
  const primitive = primitiveSchema(ctx, type, hint.node);
  if (primitive) return primitive;
  if (isLiteralLike(ctx, type)) return literalGroupSchema(ctx, [type]);
  if (flags & tsm.TypeFlags.TemplateLiteral) return templateLiteralSchema(ctx, type as ts.TemplateLiteralType);
  if (flags & tsm.TypeFlags.StringMapping) return { type: "string" };
  if (flags & tsm.TypeFlags.Union) return ctx.structured(type, () => unionSchema(ctx, type as ts.UnionType, hint.node));
  if (flags & tsm.TypeFlags.Intersection)
    return ctx.structured(type, () => intersectionSchema(ctx, type as ts.IntersectionType, hint));
  if (flags & tsm.TypeFlags.Object) {
    const builtin = builtinSchema(ctx, type);
    if (builtin) return builtin;
    if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
      return ctx.notJson(type, "a function is code, not data", "take the data the function would need instead");
    }
    if (ctx.checker.isTupleType(type))
      return ctx.structured(type, () => tupleSchema(ctx, type as ts.TypeReference, hint.node));
    if (ctx.checker.isArrayType(type))
      return ctx.structured(type, () => arraySchema(ctx, type as ts.TypeReference, hint.node));
    noteGlobalDependence(ctx.ts, ctx.checker, type, true);
    return ctx.structured(type, () => objectSchema(ctx, type, hint));
  }
  if (
    flags &
    (tsm.TypeFlags.Index | tsm.TypeFlags.IndexedAccess | tsm.TypeFlags.Conditional | tsm.TypeFlags.Substitution)
  ) {
    const text = ctx.checker.typeToString(type);
    return ctx.fail(
      DiagnosticCode.UnresolvedGeneric,
      `type "${text}" depends on an unresolved generic; give it a concrete type`,
    );
  }
  return ctx.notJson(type, "it has no JSON form", "use strings, numbers, booleans, null, arrays and plain objects");
}
