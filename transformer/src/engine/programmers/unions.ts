import type * as ts from "typescript";
import type { SchemaContext } from "../context.js";
import { unionMemberNodes } from "../type-nodes.js";
import type { SchemaObject } from "../types.js";
import { findDiscriminant, isPlainObjectType } from "./discriminant.js";
import { isLiteralLike, literalGroupSchema, literalValue } from "./literals.js";

interface Member {
  type: ts.Type;
  node?: ts.TypeNode;
}

/**
 * A union: `undefined` members dropped (the caller makes the value optional), literals gathered
 * into one `enum`, `true | false` as boolean, bare types merged (`type: ["string", "null"]`), and
 * the rest as `anyOf`. A discriminated union of object types becomes `oneOf` with closed branches;
 * otherwise object branches stay open, so every value TypeScript accepts passes, and
 * each branch's `propertyNames` rejects the keys no branch declares (TypeScript's excess property check).
 */
export function unionSchema(ctx: SchemaContext, type: ts.UnionType, node: ts.TypeNode | undefined): SchemaObject {
  const F = ctx.ts.TypeFlags;
  const members = orderedMembers(ctx, type, node).filter((member) => !(member.type.flags & (F.Undefined | F.Void)));
  if (members.length === 0)
    return ctx.notJson(type, "JSON has no undefined", "make the parameter or property optional instead");
  // `T | undefined` (every optional parameter and property): no grouping, merging or discriminant
  // to find, so none of the analysis below, which would give this same schema.
  if (members.length === 1) return memberSchema(ctx, members[0]!);
  const booleans = members.filter((member) => member.type.flags & F.BooleanLiteral);
  const bothBooleans = booleans.length === 2;
  const literals = members.filter(
    (member) => isLiteralLike(ctx, member.type) && !(bothBooleans && member.type.flags & F.BooleanLiteral),
  );
  const groupLiterals = literals.some((member) => !(member.type.flags & F.Null)) ? literals : [];
  const objects = members.filter((member) => isPlainObjectType(ctx, member.type)).map((member) => member.type);
  const discriminant = findDiscriminant(ctx, objects);

  const parts: SchemaObject[] = [];
  let literalsPlaced = false;
  let booleanPlaced = false;
  for (const member of members) {
    if (groupLiterals.includes(member)) {
      if (!literalsPlaced)
        parts.push(
          literalGroupSchema(
            ctx,
            groupLiterals.map((m) => m.type),
          ),
        );
      literalsPlaced = true;
    } else if (bothBooleans && member.type.flags & F.BooleanLiteral) {
      if (!booleanPlaced) parts.push({ type: "boolean" });
      booleanPlaced = true;
    } else {
      // Several object branches without a discriminant: TypeScript accepts a value with the keys of
      // any branch, so a closed branch would reject values it accepts.
      const open = discriminant === undefined && objects.length > 1 && objects.includes(member.type);
      parts.push(ctx.visit(member.type, { node: member.node, open }));
    }
  }
  const unique = dedupe(parts);
  if (unique.length === 1) return unique[0]!;
  const merged = mergeBareTypes(unique);
  if (merged) return merged;
  const allObjects = discriminant !== undefined && objects.length === members.length;
  if (allObjects) return { oneOf: unique };
  const names = discriminant === undefined && objects.length > 1 ? keysOfOpenBranches(unique) : undefined;
  if (names) for (const part of unique) if (part.type === "object") part.propertyNames = { enum: names };
  return { anyOf: unique };
}

/**
 * The keys of the open object branches, when every object branch lists its keys (no index
 * signature, no `$ref`): TypeScript rejects a key that no branch declares, so the union does too.
 */
function keysOfOpenBranches(parts: SchemaObject[]): string[] | undefined {
  const names: string[] = [];
  for (const part of parts) {
    if (part.type !== "object" && part.$ref === undefined) continue;
    const properties = part.properties;
    if (
      part.$ref !== undefined ||
      part.additionalProperties !== undefined ||
      part.patternProperties !== undefined ||
      typeof properties !== "object" ||
      properties === null
    )
      return undefined;
    for (const name of Object.keys(properties)) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** `[{type:"string"}, {type:"null"}]` → `{type:["string","null"]}`; undefined unless every part is bare. */
function mergeBareTypes(parts: SchemaObject[]): SchemaObject | undefined {
  const names: string[] = [];
  for (const part of parts) {
    const keys = Object.keys(part);
    if (keys.length !== 1 || keys[0] !== "type") return undefined;
    for (const name of ([] as unknown[]).concat(part.type))
      if (typeof name === "string" && !names.includes(name)) names.push(name);
  }
  if (names.includes("number")) return { type: names.filter((name) => name !== "integer") };
  return { type: names };
}

/** The schema of a union's only member (besides `undefined`), as the general case writes it. */
function memberSchema(ctx: SchemaContext, member: Member): SchemaObject {
  const isGroupedLiteral = isLiteralLike(ctx, member.type) && !(member.type.flags & ctx.ts.TypeFlags.Null);
  return isGroupedLiteral
    ? literalGroupSchema(ctx, [member.type])
    : ctx.visit(member.type, { node: member.node, open: false });
}

function dedupe(parts: SchemaObject[]): SchemaObject[] {
  if (parts.length < 2) return parts;
  const seen = new Set<string>();
  return parts.filter((part) => {
    const key = JSON.stringify(part);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Union members in the order they were written (TypeScript orders them by creation), with their nodes. */
function orderedMembers(ctx: SchemaContext, type: ts.UnionType, node: ts.TypeNode | undefined): Member[] {
  const remaining = [...type.types];
  const ordered: Member[] = [];
  const take = (target: ts.Type, memberNode: ts.TypeNode | undefined): void => {
    const index = remaining.findIndex((candidate) => sameType(ctx, candidate, target));
    if (index < 0) return;
    ordered.push({ type: remaining[index]!, node: memberNode });
    remaining.splice(index, 1);
  };
  const memberNodes = unionMemberNodes(ctx, node, type) ?? (node ? [node] : []);
  for (const memberNode of memberNodes) {
    const written = ctx.checker.getTypeFromTypeNode(memberNode);
    if (written.flags & ctx.ts.TypeFlags.Union) {
      for (const inner of (written as ts.UnionType).types) take(inner, undefined);
    } else {
      take(written, memberNode);
    }
  }
  for (const rest of remaining) ordered.push({ type: rest });
  return ordered;
}

function sameType(ctx: SchemaContext, a: ts.Type, b: ts.Type): boolean {
  if (a === b) return true;
  if (!isLiteralLike(ctx, a) || !isLiteralLike(ctx, b)) return false;
  return a.flags === b.flags && literalValue(ctx, a) === literalValue(ctx, b);
}
