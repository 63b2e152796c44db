import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { isLiteralLike, literalValue, type LiteralValue } from "./literals.js";
import { isBuiltinType } from "./builtins.js";

/** True for an object type that becomes a JSON object (not an array, tuple, function or builtin). */
export function isPlainObjectType(ctx: SchemaContext, type: ts.Type): boolean {
  const F = ctx.ts.TypeFlags;
  if (type.flags & F.Intersection)
    return (type as ts.IntersectionType).types.every((member) => isPlainObjectType(ctx, member));
  if (!(type.flags & F.Object)) return false;
  if (ctx.checker.isArrayType(type) || ctx.checker.isTupleType(type) || isBuiltinType(type)) return false;
  return type.getCallSignatures().length === 0 && type.getConstructSignatures().length === 0;
}

/**
 * The property that tells the object members of a union apart: present and required in every
 * member, literal-typed, with no value shared by two members. Undefined when there is none (or
 * fewer than two object members).
 */
export function findDiscriminant(ctx: SchemaContext, objects: readonly ts.Type[]): string | undefined {
  if (objects.length < 2) return undefined;
  for (const candidate of ctx.checker.getPropertiesOfType(objects[0]!)) {
    const name = candidate.getName();
    const seen: LiteralValue[] = [];
    let ok = true;
    for (const member of objects) {
      const values = discriminantValues(ctx, member, name);
      if (!values || values.some((value) => seen.includes(value))) {
        ok = false;
        break;
      }
      seen.push(...values);
    }
    if (ok) return name;
  }
  return undefined;
}

function discriminantValues(ctx: SchemaContext, type: ts.Type, name: string): LiteralValue[] | undefined {
  const property = ctx.checker.getPropertyOfType(type, name);
  if (!property || property.flags & ctx.ts.SymbolFlags.Optional) return undefined;
  const propertyType = ctx.checker.getTypeOfSymbol(property);
  const parts = propertyType.flags & ctx.ts.TypeFlags.Union ? (propertyType as ts.UnionType).types : [propertyType];
  if (!parts.every((part) => isLiteralLike(ctx, part))) return undefined;
  return parts.map((part) => literalValue(ctx, part));
}
