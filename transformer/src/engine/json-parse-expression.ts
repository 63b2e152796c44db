import type * as ts from "typescript";
import { jsonToExpression } from "./json-expression.js";
import type { TypeScript } from "./types.js";

/**
 * A JSON value as `JSON.parse('…')`: one string literal instead of a tree of object literals, so
 * a large metadata object costs one node to build and print, and V8 parses it faster than the
 * equivalent literal. Values that `JSON.parse` would not give back exactly (`-0`, anything not
 * plain JSON) are written by `jsonToExpression` instead.
 */
export function jsonParseExpression(tsm: TypeScript, value: unknown): ts.Expression {
  if (!isExactJson(value)) return jsonToExpression(tsm, value);
  const f = tsm.factory;
  // Single quotes: the JSON text's many double quotes stay unescaped.
  const text = f.createStringLiteral(JSON.stringify(value), true);
  return f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier("JSON"), "parse"), undefined, [
    text,
  ]);
}

/** True when `JSON.parse(JSON.stringify(value))` is a deep copy of `value` (no -0, NaN, undefined, functions, holes…). */
function isExactJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isExactJson(value[i])) return false;
    return true;
  }
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  return Object.values(value).every(isExactJson);
}
