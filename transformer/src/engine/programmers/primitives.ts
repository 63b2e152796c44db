import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { isIntegerAlias } from "../type-nodes.js";
import type { SchemaObject } from "../types.js";

/**
 * Schemas of the intrinsic types: `string`, `number` (`integer` when written through an alias of
 * that name), `boolean`, `null`, `any`/`unknown` (no constraint), `never` (nothing passes), `object`.
 * `undefined`, `void`, `bigint` and `symbol` cannot cross JSON. Returns undefined for other types.
 */
export function primitiveSchema(
  ctx: SchemaContext,
  type: ts.Type,
  node: ts.TypeNode | undefined,
): SchemaObject | undefined {
  const F = ctx.ts.TypeFlags;
  const flags = type.flags;
  if (flags & (F.Any | F.Unknown)) return {};
  if (flags & F.Never) return { not: {} };
  if (flags & F.String) return { type: "string" };
  if (flags & F.Number) return { type: isIntegerAlias(ctx, node) ? "integer" : "number" };
  if (flags & F.Boolean) return { type: "boolean" };
  if (flags & F.Null) return { type: "null" };
  if (flags & F.NonPrimitive) return { type: ["object", "array"] };
  if (flags & (F.Undefined | F.Void)) {
    return ctx.notJson(type, "JSON has no undefined", "make the parameter or property optional instead");
  }
  if (flags & (F.BigInt | F.BigIntLiteral)) {
    return ctx.notJson(type, "JSON numbers are not bigints", "take a string of digits (or a number) and convert it");
  }
  if (flags & (F.ESSymbol | F.UniqueESSymbol)) {
    return ctx.notJson(type, "symbols do not serialise", "take a string name instead");
  }
  return undefined;
}
