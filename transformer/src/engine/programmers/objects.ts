import type * as ts from "typescript";
import type { SchemaContext, VisitHint } from "../context.js";
import type { SchemaObject } from "../types.js";
import { applyPropertyDocs } from "./descriptions.js";
import { indexSignatureSchemas } from "./index-signatures.js";
import { setOwn } from "./own-keys.js";

/** True when a type is `undefined`/`void` or a union holding one: the value may be left out. */
export function includesUndefined(ctx: SchemaContext, type: ts.Type): boolean {
  const F = ctx.ts.TypeFlags;
  if (type.flags & (F.Undefined | F.Void)) return true;
  return (
    (type.flags & F.Union) !== 0 &&
    (type as ts.UnionType).types.some((member) => (member.flags & (F.Undefined | F.Void)) !== 0)
  );
}

/** True for the instance type of a class (its data properties are what crosses JSON). */
export function isClassInstance(ctx: SchemaContext, type: ts.Type): boolean {
  return (type.symbol?.flags ?? 0) & ctx.ts.SymbolFlags.Class ? true : false;
}

/**
 * Interfaces, type literals, class instances (data properties only), mapped types and the
 * utility types, in declared property order. Closed (`additionalProperties: false`) unless the
 * hint leaves it open or the type has an index signature (then `additionalProperties` or
 * `patternProperties` describe the extra keys).
 */
export function objectSchema(ctx: SchemaContext, type: ts.Type, hint: VisitHint): SchemaObject {
  const { ts: tsm, checker } = ctx;
  const isClass = isClassInstance(ctx, type);
  const properties: SchemaObject = {};
  const required: string[] = [];
  let count = 0;
  for (const property of checker.getPropertiesOfType(type)) {
    const name = property.getName();
    if (name.startsWith("__@") || name.startsWith("#")) continue; // symbol keys and #private: not JSON
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const isMethod = (property.flags & (tsm.SymbolFlags.Method | tsm.SymbolFlags.Accessor)) !== 0;
    if (isClass && (isMethod || (declaration && isHiddenMember(ctx, declaration)))) continue;
    const propertyType = checker.getTypeOfSymbol(property);
    if (isMethod) {
      ctx.at(name, () =>
        ctx.notJson(
          propertyType,
          "a method is code, not data",
          "describe the data instead, or use a class (its methods are skipped)",
        ),
      );
      continue;
    }
    const optional = (property.flags & tsm.SymbolFlags.Optional) !== 0 || includesUndefined(ctx, propertyType);
    if (optional && propertyType.flags & (tsm.TypeFlags.Undefined | tsm.TypeFlags.Void)) continue;
    const node =
      declaration && (tsm.isPropertySignature(declaration) || tsm.isPropertyDeclaration(declaration))
        ? declaration.type
        : undefined;
    const schema = ctx.at(name, () => {
      const built = ctx.visit(propertyType, { node });
      applyPropertyDocs(ctx, property, built);
      return built;
    });
    setOwn(properties, name, schema);
    if (!optional) required.push(name);
    count++;
  }
  const index = indexSignatureSchemas(ctx, type);
  if (isClass && count === 0 && !index.additionalProperties && !index.patternProperties) {
    return ctx.notJson(
      type,
      "a class with no data properties has nothing to send",
      "take the data its methods need as a plain object type",
    );
  }
  // `{}` (and mapped types left without keys): TypeScript checks no keys, so neither do we.
  if (count === 0 && index.additionalProperties === undefined && !index.patternProperties) return { type: "object" };
  const schema: SchemaObject = { type: "object" };
  if (count > 0 || index.additionalProperties === undefined) schema.properties = properties;
  if (required.length > 0) schema.required = required;
  if (index.patternProperties) schema.patternProperties = index.patternProperties;
  if (index.additionalProperties !== undefined) schema.additionalProperties = index.additionalProperties;
  else if (ctx.choices.closeObjects && !hint.open) schema.additionalProperties = false;
  return schema;
}

/** `private`/`protected` class members: not part of the data a caller passes. */
function isHiddenMember(ctx: SchemaContext, declaration: ts.Declaration): boolean {
  const flags = ctx.ts.getCombinedModifierFlags(declaration);
  return (flags & (ctx.ts.ModifierFlags.Private | ctx.ts.ModifierFlags.Protected)) !== 0;
}
