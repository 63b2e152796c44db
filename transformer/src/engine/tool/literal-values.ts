import type * as ts from "typescript";
import type { TypeScript } from "../types.js";

/** Result of reading an expression as a JSON literal. */
export type LiteralResult = { ok: true; value: unknown } | { ok: false };

/**
 * Reads a default value written as a JSON literal: strings, numbers (signed), booleans, null,
 * enum members, and arrays/objects of those (`as const`, `satisfies` and parentheses looked
 * through). Anything computed is not a literal.
 */
export function readLiteral(tsm: TypeScript, checker: ts.TypeChecker, expression: ts.Expression): LiteralResult {
  const fail = { ok: false } as const;
  let node = expression;
  while (
    tsm.isParenthesizedExpression(node) ||
    tsm.isAsExpression(node) ||
    tsm.isSatisfiesExpression(node) ||
    tsm.isTypeAssertionExpression(node)
  ) {
    node = node.expression;
  }
  if (tsm.isStringLiteral(node) || tsm.isNoSubstitutionTemplateLiteral(node)) return { ok: true, value: node.text };
  if (tsm.isNumericLiteral(node)) return { ok: true, value: Number(node.text) };
  if (node.kind === tsm.SyntaxKind.TrueKeyword) return { ok: true, value: true };
  if (node.kind === tsm.SyntaxKind.FalseKeyword) return { ok: true, value: false };
  if (node.kind === tsm.SyntaxKind.NullKeyword) return { ok: true, value: null };
  if (tsm.isPrefixUnaryExpression(node) && tsm.isNumericLiteral(node.operand)) {
    if (node.operator === tsm.SyntaxKind.MinusToken) return { ok: true, value: -Number(node.operand.text) };
    if (node.operator === tsm.SyntaxKind.PlusToken) return { ok: true, value: Number(node.operand.text) };
    return fail;
  }
  if (tsm.isPropertyAccessExpression(node) || tsm.isElementAccessExpression(node)) {
    const value = checker.getConstantValue(node);
    return value === undefined ? fail : { ok: true, value };
  }
  if (tsm.isArrayLiteralExpression(node)) {
    const items: unknown[] = [];
    for (const element of node.elements) {
      const item = readLiteral(tsm, checker, element);
      if (!item.ok) return fail;
      items.push(item.value);
    }
    return { ok: true, value: items };
  }
  if (tsm.isObjectLiteralExpression(node)) {
    const object: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!tsm.isPropertyAssignment(property)) return fail;
      const key =
        tsm.isIdentifier(property.name) || tsm.isStringLiteral(property.name) || tsm.isNumericLiteral(property.name)
          ? property.name.text
          : undefined;
      const value = readLiteral(tsm, checker, property.initializer);
      if (key === undefined || !value.ok) return fail;
      Object.defineProperty(object, key, { value: value.value, enumerable: true, writable: true, configurable: true });
    }
    return { ok: true, value: object };
  }
  return fail;
}
