import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import type { SchemaObject } from "../types.js";

/** What `${number}` accepts, as a regular expression (decimal and exponent forms). */
const numberPattern = "-?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?";

/** `` `user-${number}` `` → `{ type: "string", pattern: "^user-(…)$" }`. */
export function templateLiteralSchema(ctx: SchemaContext, type: ts.TemplateLiteralType): SchemaObject {
  return { type: "string", pattern: `^${templatePattern(ctx, type)}$` };
}

/** The unanchored regular expression of a template literal type. */
export function templatePattern(ctx: SchemaContext, type: ts.TemplateLiteralType): string {
  let pattern = escapeRegExp(type.texts[0] ?? "");
  type.types.forEach((placeholder, index) => {
    pattern += placeholderPattern(ctx, placeholder) + escapeRegExp(type.texts[index + 1] ?? "");
  });
  return pattern;
}

function placeholderPattern(ctx: SchemaContext, type: ts.Type): string {
  const F = ctx.ts.TypeFlags;
  if (type.flags & F.StringLiteral) return escapeRegExp((type as ts.StringLiteralType).value);
  if (type.flags & F.NumberLiteral) return escapeRegExp(String((type as ts.NumberLiteralType).value));
  if (type.flags & F.BigIntLiteral) return escapeRegExp(ctx.checker.typeToString(type).replace(/n$/, ""));
  if (type.flags & F.BooleanLiteral) return ctx.checker.typeToString(type);
  if (type.flags & F.Boolean) return "(?:true|false)";
  if (type.flags & F.Number) return `(?:${numberPattern})`;
  if (type.flags & F.BigInt) return "(?:-?[0-9]+)";
  if (type.flags & F.Null) return "null";
  if (type.flags & F.Undefined) return "undefined";
  if (type.flags & F.TemplateLiteral) return `(?:${templatePattern(ctx, type as ts.TemplateLiteralType)})`;
  if (type.flags & F.Union)
    return `(?:${(type as ts.UnionType).types.map((member) => placeholderPattern(ctx, member)).join("|")})`;
  // string, string mappings (Uppercase<string>, …) and anything else: any text.
  return "[\\s\\S]*";
}

/** Escapes the characters a regular expression gives meaning to (valid under the `u` flag Ajv uses). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
