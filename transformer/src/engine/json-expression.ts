import type * as ts from "typescript";
import type { TypeScript } from "./types.js";

const identifierName = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JSON value as a TypeScript expression (object and array literals), for injection into the
 * emitted JavaScript. Keys that are not identifiers are quoted; `__proto__` becomes a computed key
 * (`["__proto__"]`) so the literal defines a property instead of setting the prototype.
 */
export function jsonToExpression(tsm: TypeScript, value: unknown): ts.Expression {
  const f = tsm.factory;
  if (value === null) return f.createNull();
  if (value === true) return f.createTrue();
  if (value === false) return f.createFalse();
  if (typeof value === "string") return f.createStringLiteral(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} as JSON`);
    const literal = f.createNumericLiteral(Math.abs(value));
    return value < 0 || Object.is(value, -0)
      ? f.createPrefixUnaryExpression(tsm.SyntaxKind.MinusToken, literal)
      : literal;
  }
  if (Array.isArray(value))
    return f.createArrayLiteralExpression(
      value.map((item) => jsonToExpression(tsm, item)),
      false,
    );
  if (typeof value === "object") {
    const properties = Object.keys(value).map((key) => {
      const initializer = jsonToExpression(tsm, (value as Record<string, unknown>)[key]);
      const name =
        key === "__proto__"
          ? f.createComputedPropertyName(f.createStringLiteral(key))
          : identifierName.test(key)
            ? f.createIdentifier(key)
            : f.createStringLiteral(key);
      return f.createPropertyAssignment(name, initializer);
    });
    return f.createObjectLiteralExpression(properties, false);
  }
  throw new TypeError(`cannot write a ${typeof value} as JSON`);
}
