import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import type { SchemaObject } from "../types.js";

/** A literal value a schema can list: what string, number, boolean and enum literal types hold. */
export type LiteralValue = string | number | boolean | null;

/** True for string, number, boolean and enum literal types, and `null`. */
export function isLiteralLike(ctx: SchemaContext, type: ts.Type): boolean {
  const F = ctx.ts.TypeFlags;
  return (type.flags & (F.StringLiteral | F.NumberLiteral | F.BooleanLiteral | F.Null)) !== 0;
}

/** The value of a literal type (see `isLiteralLike`). */
export function literalValue(ctx: SchemaContext, type: ts.Type): LiteralValue {
  const F = ctx.ts.TypeFlags;
  if (type.flags & F.Null) return null;
  if (type.flags & F.BooleanLiteral) return ctx.checker.typeToString(type) === "true";
  return (type as ts.LiteralType).value as string | number;
}

/** JSON Schema `type` name of a literal value (`integer` for whole numbers). */
function typeName(value: LiteralValue): string {
  if (value === null) return "null";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/**
 * Literal types (and enum members) as `const` (one value) or `enum`, with the JSON `type`s they
 * span, e.g. `"c" | "f"` → `{ type: "string", enum: ["c", "f"] }`. Values keep the given order.
 */
export function literalGroupSchema(ctx: SchemaContext, types: readonly ts.Type[]): SchemaObject {
  const values: LiteralValue[] = [];
  for (const type of types) {
    const value = literalValue(ctx, type);
    if (!values.includes(value)) values.push(value);
  }
  const names: string[] = [];
  for (const value of values) {
    const name = typeName(value);
    if (!names.includes(name)) names.push(name);
  }
  // A mix of whole and fractional numbers is simply "number".
  const merged = names.includes("number") ? names.filter((name) => name !== "integer") : names;
  const type = merged.length === 1 ? merged[0] : merged;
  return values.length === 1 ? { type, const: values[0] } : { type, enum: values };
}
