import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { isCoreSymbol, symbolOfTypeName } from "../core-symbols.js";
import { unwrapTypeNode } from "../type-nodes.js";

/**
 * True for `JSONValue` of `@tooltype/core` (as written, or as the type's alias): any JSON value,
 * so no constraint (`{}`) rather than the recursive union spelled out.
 */
export function isCoreJsonValue(ctx: SchemaContext, type: ts.Type, node: ts.TypeNode | undefined): boolean {
  const { ts: tsm, checker } = ctx;
  const written = unwrapTypeNode(ctx, node);
  if (written && tsm.isTypeReferenceNode(written)) {
    if (isCoreSymbol(tsm, symbolOfTypeName(tsm, checker, written.typeName), "JSONValue")) return true;
  }
  return isCoreSymbol(tsm, type.aliasSymbol, "JSONValue");
}
