import type * as ts from "typescript";
import type { SchemaContext, VisitHint } from "../context.js";
import { DiagnosticCode } from "../diagnostics.js";
import type { SchemaObject } from "../types.js";
import { objectSchema } from "./objects.js";

/**
 * Intersections. Of object types: one merged object, each property typed as the checker
 * intersects it (`{ x: string } & { x: "a" }` has `x: "a"`). With a primitive member (a branded
 * type such as `string & { __brand: "Id" }`): the primitive's schema, the brand being compile-time only.
 */
export function intersectionSchema(ctx: SchemaContext, type: ts.IntersectionType, hint: VisitHint): SchemaObject {
  const F = ctx.ts.TypeFlags;
  const members = type.types;
  const generic = members.find((member) => member.flags & F.TypeParameter);
  if (generic) {
    return ctx.fail(
      DiagnosticCode.UnresolvedGeneric,
      `type "${ctx.checker.typeToString(type)}" depends on an unresolved generic; give it a concrete type`,
    );
  }
  const primitiveFlags = F.StringLike | F.NumberLike | F.BooleanLike | F.Null;
  const primitives = members.filter((member) => member.flags & primitiveFlags);
  if (primitives.length === 1) return ctx.visit(primitives[0]!, {});
  if (primitives.length > 1) return { allOf: primitives.map((member) => ctx.visit(member, {})) };
  if (type.getCallSignatures().length > 0) {
    return ctx.notJson(type, "a function is code, not data", "take the data the function would need instead");
  }
  const list = members.find((member) => ctx.checker.isArrayType(member) || ctx.checker.isTupleType(member));
  if (list) return ctx.visit(list, {});
  return objectSchema(ctx, type, hint);
}
