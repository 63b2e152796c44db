import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { arrayElementNode } from "../type-nodes.js";
import type { SchemaObject } from "../types.js";

/** `T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>` → `{ type: "array", items }`. */
export function arraySchema(ctx: SchemaContext, type: ts.TypeReference, node: ts.TypeNode | undefined): SchemaObject {
  const [element] = ctx.checker.getTypeArguments(type);
  if (!element) return { type: "array" };
  const items = ctx.atEach(() => ctx.visit(element, { node: arrayElementNode(ctx, node) }));
  return { type: "array", items };
}
