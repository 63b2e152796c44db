import { isPlainObject as isObject, type JSONSchema } from "../json.js";

// What value repairs need to know about a schema, and only what can be known for sure: where it
// cannot be told (a remote $ref, a keyword we do not follow), the answer is "any" or undefined, and
// nothing is repaired there.

/** A schema object (not `true`/`false`). */
export type SchemaObject = { [keyword: string]: unknown };

/** The JSON types a schema may accept, or "any" when that cannot be told. */
export type Types = ReadonlySet<string> | "any";

const maxHops = 16;

/** Follows local `$ref`s (`#`, `#/$defs/…`, `#/definitions/…`); undefined when it cannot be known. */
export function resolve(schema: JSONSchema | undefined, root: JSONSchema): SchemaObject | undefined {
  let node: unknown = schema;
  for (let hops = 0; hops < maxHops && isObject(node) && typeof node.$ref === "string"; hops++) {
    const ref = node.$ref;
    if (Object.keys(node).some((key) => key !== "$ref" && key !== "description" && key !== "title")) return undefined;
    const match = /^#(?:\/(\$defs|definitions)\/([^/]+))?$/.exec(ref);
    if (match === null) return undefined;
    node =
      match[1] === undefined
        ? root
        : isObject(root)
          ? (root[match[1]] as SchemaObject | undefined)?.[
              decodeURIComponent(match[2]!).replace(/~1/g, "/").replace(/~0/g, "~")
            ]
          : undefined;
  }
  return isObject(node) && typeof node.$ref !== "string" ? node : undefined;
}

/** The JSON type of a value, "integer" for whole numbers. */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function branchesOf(node: SchemaObject): unknown[] | undefined {
  return Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
}

/** Every type the schema may accept (a superset), or "any" when that cannot be told. */
export function typesOf(node: SchemaObject, root: JSONSchema, depth = 0): Types {
  if (depth > maxHops) return "any";
  if ("const" in node) return new Set([jsonType(node.const)]);
  if (Array.isArray(node.enum)) return new Set(node.enum.map(jsonType));
  if (typeof node.type === "string") return new Set([node.type]);
  if (Array.isArray(node.type)) return new Set(node.type.filter((t): t is string => typeof t === "string"));
  const branches = branchesOf(node);
  if (branches === undefined) return "any";
  const union = new Set<string>();
  for (const branch of branches) {
    if (branch === false) continue;
    const resolved = resolve(branch as JSONSchema, root);
    if (resolved === undefined) return "any";
    const types = typesOf(resolved, root, depth + 1);
    if (types === "any") return "any";
    for (const type of types) union.add(type);
  }
  return union;
}

/** Whether a value of JSON type `type` may be accepted where `types` are. */
export function accepts(types: Types, type: string): boolean {
  return types === "any" || types.has(type) || (type === "integer" && types.has("number"));
}

/** The one schema (itself, or its only union branch accepting that kind) that describes an object or array value. */
export function branchFor(node: SchemaObject, root: JSONSchema, kind: "object" | "array"): SchemaObject | undefined {
  const branches = branchesOf(node);
  if (branches === undefined || node.type !== undefined || "const" in node || Array.isArray(node.enum)) {
    const types = typesOf(node, root);
    return types !== "any" && types.has(kind) ? node : undefined;
  }
  const matching: SchemaObject[] = [];
  for (const branch of branches) {
    if (branch === false) continue;
    const resolved = resolve(branch as JSONSchema, root);
    if (resolved === undefined) return undefined;
    const types = typesOf(resolved, root);
    if (types === "any") return undefined;
    if (types.has(kind)) matching.push(resolved);
  }
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * The strings a schema accepts when it accepts only listed ones (`enum`, `const`, or a union of
 * those), else undefined: a place that takes free text has no members to match against.
 */
export function stringMembers(node: SchemaObject, root: JSONSchema, depth = 0): string[] | undefined {
  if (depth > maxHops) return undefined;
  if ("const" in node) return typeof node.const === "string" ? [node.const] : [];
  if (Array.isArray(node.enum)) return node.enum.filter((m): m is string => typeof m === "string");
  const branches = branchesOf(node);
  if (branches === undefined) {
    const types = typesOf(node, root);
    return types !== "any" && !types.has("string") ? [] : undefined;
  }
  const members: string[] = [];
  for (const branch of branches) {
    if (branch === false) continue;
    const resolved = resolve(branch as JSONSchema, root);
    if (resolved === undefined) return undefined;
    const found = stringMembers(resolved, root, depth + 1);
    if (found === undefined) return undefined;
    for (const member of found) members.push(member);
  }
  return members;
}

/** The schema of property `key` of an object schema, when known. */
export function propertySchema(node: SchemaObject, key: string): JSONSchema | undefined {
  const properties = isObject(node.properties) ? node.properties : undefined;
  if (properties !== undefined && Object.hasOwn(properties, key)) return properties[key] as JSONSchema;
  if (node.patternProperties !== undefined) return undefined;
  return isObject(node.additionalProperties) ? (node.additionalProperties as JSONSchema) : undefined;
}

/** Whether an object schema declares property `key`. */
export function declaresProperty(node: SchemaObject | undefined, key: string): boolean {
  return node !== undefined && isObject(node.properties) && Object.hasOwn(node.properties, key);
}

/** The schema of item `index` of an array schema, when known. */
export function itemSchema(node: SchemaObject, index: number): JSONSchema | undefined {
  if (Array.isArray(node.prefixItems)) {
    if (index < node.prefixItems.length) return node.prefixItems[index] as JSONSchema;
    return isObject(node.items) ? (node.items as JSONSchema) : undefined;
  }
  if (Array.isArray(node.items)) return index < node.items.length ? (node.items[index] as JSONSchema) : undefined;
  return isObject(node.items) ? (node.items as JSONSchema) : undefined;
}

/** The one schema every item of an array schema has (`items`, no tuple), when known. */
export function uniformItems(node: SchemaObject): JSONSchema | undefined {
  if (Array.isArray(node.prefixItems) || Array.isArray(node.items)) return undefined;
  return isObject(node.items) || node.items === true ? (node.items as JSONSchema) : undefined;
}
