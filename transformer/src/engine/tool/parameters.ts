import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { isCoreSymbol, resolveSymbol } from "../core-symbols.js";
import { DiagnosticCode } from "../diagnostics.js";
import { applyTags } from "../programmers/jsdoc-tags.js";
import { nodeTags } from "../programmers/descriptions.js";
import { isPlainObjectType } from "../programmers/discriminant.js";
import { includesUndefined, objectSchema } from "../programmers/objects.js";
import { isCoreJsonValue } from "../programmers/json-value.js";
import { setOwn } from "../programmers/own-keys.js";
import type { ParameterBinding, SchemaObject } from "../types.js";
import { visitType } from "../visit.js";
import { nodeTagTexts } from "../jsdoc.js";
import { readLiteral } from "./literal-values.js";

/** The parameters object schema and how each declared parameter is bound. */
export interface ParametersResult {
  schema: SchemaObject;
  bindings: ParameterBinding[];
}

/**
 * Maps a tool's parameters to the arguments object: one property per parameter, or (options-object
 * convention) the properties of a lone plain object parameter, or the whole object for a lone
 * `JSONValue`; `ToolCallContext` parameters are bound to the call's context and left out.
 */
export function parametersSchema(
  ctx: SchemaContext,
  tool: string,
  parameters: readonly ts.ParameterDeclaration[],
): ParametersResult {
  const { ts: tsm, checker } = ctx;
  const declared = parameters.filter((p) => !(tsm.isIdentifier(p.name) && p.name.text === "this"));
  const isContext = declared.map((p) => isToolCallContext(ctx, checker.getTypeAtLocation(p)));
  const data = declared.filter((_, i) => !isContext[i]);
  const bindings: ParameterBinding[] = [];
  const closed: SchemaObject = { type: "object", properties: {}, additionalProperties: false };

  if (data.length === 1) {
    const lone = data[0]!;
    const type = withoutUndefined(ctx, checker.getTypeAtLocation(lone));
    const whole = !lone.dotDotDotToken && isCoreJsonValue(ctx, type, lone.type);
    const options = !whole && !lone.dotDotDotToken && isOptionsObject(ctx, lone, type);
    if (whole || options) {
      for (const context of isContext) bindings.push(context ? { kind: "context" } : { kind: "arguments" });
      if (whole) return { schema: { type: "object" }, bindings };
      const built = ctx.about(lone, { tool, parameter: parameterName(ctx, lone, declared.indexOf(lone)) }, () =>
        objectSchema(ctx, type, {}),
      );
      // `{}` (no keys at all) as the parameters object: a tool without arguments.
      const schema = Object.keys(built).length > 1 ? built : closed;
      applyBindingDefaults(ctx, lone, schema);
      applyQualifiedParamDocs(ctx, lone, schema);
      return { schema, bindings };
    }
  }

  const properties: SchemaObject = {};
  const required: string[] = [];
  declared.forEach((parameter, index) => {
    if (isContext[index]) {
      bindings.push({ kind: "context" });
      return;
    }
    const name = parameterName(ctx, parameter, index);
    bindings.push({ kind: "named", name });
    ctx.about(parameter, { tool, parameter: name }, () => {
      if (parameter.dotDotDotToken) {
        ctx.fail(
          DiagnosticCode.RestParameter,
          "a rest parameter cannot be filled from one arguments object; take an array parameter instead",
        );
        return;
      }
      const type = checker.getTypeAtLocation(parameter);
      const schema = ctx.at(name, () => visitType(ctx, type, { node: parameter.type }));
      const description = ctx.ts.isIdentifier(parameter.name) ? parameterDescription(ctx, parameter) : undefined;
      if (description) schema.description = description;
      applyTags(ctx, schema, nodeTags(ctx, parameter));
      const fallback = parameter.initializer ? readLiteral(tsm, checker, parameter.initializer) : undefined;
      if (fallback?.ok) schema.default = fallback.value;
      setOwn(properties, name, schema);
      if (!parameter.questionToken && !parameter.initializer && !includesUndefined(ctx, type)) required.push(name);
    });
  });
  if (Object.keys(properties).length === 0) return { schema: closed, bindings };
  const schema: SchemaObject = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  return { schema, bindings };
}

/** The parameter's name, or `param<position>` for a destructured one. */
function parameterName(ctx: SchemaContext, parameter: ts.ParameterDeclaration, index: number): string {
  return ctx.ts.isIdentifier(parameter.name) ? parameter.name.text : `param${index}`;
}

/** The text of `@param name text` for this parameter. */
function parameterDescription(ctx: SchemaContext, parameter: ts.ParameterDeclaration): string | undefined {
  for (const { tag, text } of nodeTagTexts(ctx.ts, parameter)) {
    if (!ctx.ts.isJSDocParameterTag(tag)) continue;
    const cleaned = text.replace(/^\s*-\s*/, "").trim();
    if (cleaned) return cleaned;
  }
  return undefined;
}

/** True for a parameter typed `ToolCallContext` (of `@tooltype/core`), optional or not. */
function isToolCallContext(ctx: SchemaContext, type: ts.Type): boolean {
  const bare = withoutUndefined(ctx, type);
  return isCoreSymbol(ctx.ts, resolveSymbol(ctx.ts, ctx.checker, bare.symbol ?? bare.aliasSymbol), "ToolCallContext");
}

/** `T | undefined` → `T` (other unions unchanged). */
function withoutUndefined(ctx: SchemaContext, type: ts.Type): ts.Type {
  const F = ctx.ts.TypeFlags;
  if (!(type.flags & F.Union)) return type;
  const rest = (type as ts.UnionType).types.filter((member) => !(member.flags & (F.Undefined | F.Void)));
  return rest.length === 1 ? rest[0]! : type;
}

/**
 * A lone parameter of plain object type (interface, type literal, class, destructured `{ a, b }`;
 * not an array, Date, union or Record) receives the whole arguments object. An optional one
 * qualifies only when all its properties are optional (`{}` then stands for "left out").
 */
function isOptionsObject(ctx: SchemaContext, parameter: ts.ParameterDeclaration, type: ts.Type): boolean {
  if (type.flags & ctx.ts.TypeFlags.Union || !isPlainObjectType(ctx, type)) return false;
  if (ctx.checker.getIndexInfosOfType(type).length > 0) return false;
  const optional = parameter.questionToken !== undefined || parameter.initializer !== undefined;
  if (!optional) return true;
  return ctx.checker.getPropertiesOfType(type).every((p) => (p.flags & ctx.ts.SymbolFlags.Optional) !== 0);
}

/**
 * `@param options.city the city` describes property `city` of a lone options object (when the
 * property has no JSDoc of its own). For a destructured parameter any qualifier is accepted.
 */
function applyQualifiedParamDocs(ctx: SchemaContext, parameter: ts.ParameterDeclaration, schema: SchemaObject): void {
  const { ts: tsm } = ctx;
  const properties = schema.properties as Record<string, SchemaObject> | undefined;
  if (!properties) return;
  const owner = tsm.isIdentifier(parameter.name) ? parameter.name.text : undefined;
  for (const { tag, text } of nodeTagTexts(tsm, parameter.parent)) {
    if (!tsm.isJSDocParameterTag(tag) || !tsm.isQualifiedName(tag.name) || !tsm.isIdentifier(tag.name.left)) continue;
    if (owner !== undefined && tag.name.left.text !== owner) continue;
    const target = Object.hasOwn(properties, tag.name.right.text) ? properties[tag.name.right.text] : undefined;
    const description = text.replace(/^\s*-\s*/, "").trim();
    if (target && typeof target === "object" && description && target.description === undefined)
      target.description = description;
  }
}

/** `{ a = 1 }: Options` records `default: 1` on property `a`. */
function applyBindingDefaults(ctx: SchemaContext, parameter: ts.ParameterDeclaration, schema: SchemaObject): void {
  const { ts: tsm } = ctx;
  if (!tsm.isObjectBindingPattern(parameter.name)) return;
  const properties = schema.properties as SchemaObject | undefined;
  for (const element of parameter.name.elements) {
    if (!element.initializer) continue;
    const key = element.propertyName ?? element.name;
    const name = tsm.isIdentifier(key) || tsm.isStringLiteral(key) ? key.text : undefined;
    const target =
      name !== undefined && properties && Object.hasOwn(properties, name)
        ? (properties[name] as SchemaObject)
        : undefined;
    const value = readLiteral(tsm, ctx.checker, element.initializer);
    if (target && typeof target === "object" && value.ok) target.default = value.value;
  }
}
