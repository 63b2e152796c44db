import type * as ts from "typescript";
import type { SchemaContext } from "./context.js";
import { symbolOfTypeName } from "./core-symbols.js";

/** `node` without parentheses (`(A | B)` → `A | B`). */
export function unwrapTypeNode(ctx: SchemaContext, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  let current = node;
  while (current && ctx.ts.isParenthesizedTypeNode(current)) current = current.type;
  return current;
}

/** The type alias a type reference names (imports followed), when it names one. */
export function aliasOfTypeNode(
  ctx: SchemaContext,
  node: ts.TypeNode | undefined,
): ts.TypeAliasDeclaration | undefined {
  const { ts: tsm, checker } = ctx;
  const reference = unwrapTypeNode(ctx, node);
  if (!reference || !tsm.isTypeReferenceNode(reference)) return undefined;
  const symbol = symbolOfTypeName(tsm, checker, reference.typeName);
  return symbol?.declarations?.find((declaration) => tsm.isTypeAliasDeclaration(declaration));
}

/** True when the node is written as a type alias named `integer` (`type integer = number`). */
export function isIntegerAlias(ctx: SchemaContext, node: ts.TypeNode | undefined): boolean {
  return aliasOfTypeNode(ctx, node)?.name.text === "integer";
}

/** The element type node of an array type node (`T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>`). */
export function arrayElementNode(ctx: SchemaContext, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  const { ts: tsm } = ctx;
  let current = unwrapTypeNode(ctx, node);
  if (current && tsm.isTypeOperatorNode(current)) current = unwrapTypeNode(ctx, current.type);
  if (!current) return undefined;
  if (tsm.isArrayTypeNode(current)) return current.elementType;
  if (tsm.isTypeReferenceNode(current) && tsm.isIdentifier(current.typeName) && current.typeArguments?.length === 1) {
    const name = current.typeName.text;
    if (name === "Array" || name === "ReadonlyArray") return current.typeArguments[0];
  }
  return undefined;
}

/** The member nodes of a union as written, looking through one alias (`type U = A | B`). */
export function unionMemberNodes(
  ctx: SchemaContext,
  node: ts.TypeNode | undefined,
  type: ts.Type,
): readonly ts.TypeNode[] | undefined {
  const { ts: tsm } = ctx;
  const direct = unwrapTypeNode(ctx, node);
  if (direct && tsm.isUnionTypeNode(direct)) return direct.types;
  const alias = aliasOfTypeNode(ctx, direct) ?? aliasDeclarationOf(ctx, type);
  if (alias && alias.typeParameters === undefined) {
    const body = unwrapTypeNode(ctx, alias.type);
    if (body && tsm.isUnionTypeNode(body)) return body.types;
  }
  return undefined;
}

/** The declaration of the alias a type was written through (`type.aliasSymbol`). */
export function aliasDeclarationOf(ctx: SchemaContext, type: ts.Type): ts.TypeAliasDeclaration | undefined {
  return type.aliasSymbol?.declarations?.find((declaration) => ctx.ts.isTypeAliasDeclaration(declaration));
}
