import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { DiagnosticCode } from "../diagnostics.js";
import { unwrapTypeNode } from "../type-nodes.js";
import type { SchemaObject } from "../types.js";

/**
 * Tuples: `prefixItems` for the leading fixed elements, `minItems` for the required ones, and
 * either `items: false` + `maxItems` (no rest element) or `items` for the rest element, so lengths
 * are checked. Elements after a rest (`[A, ...B[], C]`) widen the rest to `B | C` (JSON Schema has
 * no suffix items).
 */
export function tupleSchema(ctx: SchemaContext, type: ts.TypeReference, node: ts.TypeNode | undefined): SchemaObject {
  const E = ctx.ts.ElementFlags;
  const target = type.target as ts.TupleType;
  const elements = ctx.checker.getTypeArguments(type);
  const flags = target.elementFlags;
  const writtenNodes = writtenElements(ctx, node);
  const written = writtenNodes?.length === elements.length ? writtenNodes : undefined;
  if (flags.some((flag) => flag & E.Variadic)) {
    return ctx.fail(
      DiagnosticCode.UnresolvedGeneric,
      `tuple "${ctx.checker.typeToString(type)}" spreads an unresolved generic; give it a concrete type`,
    );
  }
  const prefixItems: SchemaObject[] = [];
  const rest: SchemaObject[] = [];
  let minItems = 0;
  let sawRest = false;
  elements.forEach((element, index) => {
    const flag = flags[index] ?? E.Required;
    if (flag & E.Rest) {
      sawRest = true;
      rest.push(ctx.atEach(() => ctx.visit(element, { node: restElementNode(ctx, written?.[index]) })));
      return;
    }
    if (flag & E.Required) minItems++;
    if (sawRest) {
      rest.push(ctx.atEach(() => ctx.visit(element, { node: elementNode(ctx, written?.[index]) })));
    } else {
      prefixItems.push(ctx.at(String(index), () => ctx.visit(element, { node: elementNode(ctx, written?.[index]) })));
    }
  });
  const schema: SchemaObject = { type: "array" };
  if (prefixItems.length > 0) schema.prefixItems = prefixItems;
  if (sawRest) {
    schema.items = rest.length === 1 ? rest[0] : { anyOf: rest };
    if (minItems > 0) schema.minItems = minItems;
  } else {
    schema.items = false;
    schema.minItems = minItems;
    schema.maxItems = prefixItems.length;
  }
  return schema;
}

function writtenElements(ctx: SchemaContext, node: ts.TypeNode | undefined): readonly ts.TypeNode[] | undefined {
  let current = unwrapTypeNode(ctx, node);
  if (current && ctx.ts.isTypeOperatorNode(current)) current = unwrapTypeNode(ctx, current.type);
  return current && ctx.ts.isTupleTypeNode(current) ? current.elements : undefined;
}

function elementNode(ctx: SchemaContext, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (!node) return undefined;
  if (ctx.ts.isNamedTupleMember(node)) return node.type;
  if (ctx.ts.isOptionalTypeNode(node)) return node.type;
  return node;
}

function restElementNode(ctx: SchemaContext, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  const inner = elementNode(ctx, node);
  if (!inner) return undefined;
  const spread = ctx.ts.isRestTypeNode(inner) ? inner.type : inner;
  const array = unwrapTypeNode(ctx, spread);
  return array && ctx.ts.isArrayTypeNode(array) ? array.elementType : undefined;
}
