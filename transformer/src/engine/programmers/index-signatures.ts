import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import type { JSONSchema, SchemaObject } from "../types.js";
import { setOwn } from "./own-keys.js";
import { templatePattern } from "./template-literals.js";

/** Keys a `number` index signature accepts: JSON object keys that read as numbers. */
export const numericKeyPattern = "^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$";

/** What an object's index signatures allow beyond its named properties. */
export interface IndexSchemas {
  /** From a `string` index signature (`Record<string, T>`); `false` for `Record<string, never>`. */
  additionalProperties?: JSONSchema;
  /** From `number` and template literal index signatures. */
  patternProperties?: SchemaObject;
}

/** Index signatures → `additionalProperties` (string keys) and `patternProperties` (number, `` `x-${string}` ``). */
export function indexSignatureSchemas(ctx: SchemaContext, type: ts.Type): IndexSchemas {
  const F = ctx.ts.TypeFlags;
  const result: IndexSchemas = {};
  for (const info of ctx.checker.getIndexInfosOfType(type)) {
    const value = (): JSONSchema => {
      if (info.type.flags & F.Never) return false;
      return ctx.atEach(() => ctx.visit(info.type, { node: info.declaration?.type }));
    };
    if (info.keyType.flags & F.String) {
      result.additionalProperties = value();
    } else if (info.keyType.flags & F.Number) {
      result.patternProperties ??= {};
      setOwn(result.patternProperties, numericKeyPattern, value());
    } else if (info.keyType.flags & F.TemplateLiteral) {
      result.patternProperties ??= {};
      setOwn(result.patternProperties, `^${templatePattern(ctx, info.keyType as ts.TemplateLiteralType)}$`, value());
    }
  }
  return result;
}
