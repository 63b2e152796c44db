import { isPlainObject as isObject, setOwn, type JSONObject, type JSONSchema, type JSONValue } from "../json.js";
import { pointerSegment } from "./argument-issues.js";

/** Values converted to the type the schema wants, and what was converted. */
export interface ValueRepair {
  value: JSONObject;
  repaired: string[];
}

type Types = ReadonlySet<string> | "any";

// Plain decimal notation only: no hex, no leading +, no spaces, no "Infinity", no units.
const decimal = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Converts strings to what the schema wants where the schema accepts no string there: a string
 * in strict decimal notation to a number (an integer only when it is one), `"true"`/`"false"` to
 * a boolean. A place whose schema allows a string, or whose type cannot be known for sure, is
 * left alone, so a value that was valid is never changed. Returns undefined when nothing changed.
 */
export function repairArgumentValues(args: JSONObject, schema: JSONSchema): ValueRepair | undefined {
  const repaired: string[] = [];
  const value = walk(args, schema, schema, "", repaired, 0) as JSONObject;
  return repaired.length === 0 ? undefined : { value, repaired };
}

function walk(
  value: JSONValue,
  schema: JSONSchema | undefined,
  root: JSONSchema,
  path: string,
  repaired: string[],
  depth: number,
): JSONValue {
  const node = resolve(schema, root);
  if (node === undefined || depth > 64) return value;
  if (typeof value === "string") return convertString(value, typesOf(node, root, 0), path, repaired);
  if (typeof value !== "object" || value === null) return value;
  const shape = objectOrArrayBranch(node, root, Array.isArray(value) ? "array" : "object");
  if (shape === undefined) return value;
  if (Array.isArray(value)) {
    let copy: JSONValue[] | undefined;
    value.forEach((item, i) => {
      const next = walk(item, itemSchema(shape, i), root, `${path}/${i}`, repaired, depth + 1);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return copy ?? value;
  }
  let copy: JSONObject | undefined;
  for (const key of Object.keys(value)) {
    const child = value[key]!;
    const next = walk(child, propertySchema(shape, key), root, `${path}/${pointerSegment(key)}`, repaired, depth + 1);
    if (next !== child) {
      copy ??= { ...value };
      setOwn(copy, key, next);
    }
  }
  return copy ?? value;
}

function convertString(text: string, types: Types, path: string, repaired: string[]): JSONValue {
  if (types === "any" || types.has("string")) return text;
  const where = path === "" ? "the arguments" : path;
  if ((types.has("number") || types.has("integer")) && decimal.test(text)) {
    const number = Number(text);
    if (Number.isFinite(number) && (types.has("number") || Number.isInteger(number))) {
      repaired.push(`${where}: the string ${JSON.stringify(text)} became the number ${number}`);
      return number;
    }
  }
  if (types.has("boolean") && (text === "true" || text === "false")) {
    repaired.push(`${where}: the string "${text}" became the boolean ${text}`);
    return text === "true";
  }
  return text;
}

type SchemaObject = { [keyword: string]: unknown };

/** Follows local `$ref`s (`#`, `#/$defs/…`, `#/definitions/…`); undefined when it cannot be known. */
function resolve(schema: JSONSchema | undefined, root: JSONSchema): SchemaObject | undefined {
  let node: unknown = schema;
  for (let hops = 0; hops < 16 && isObject(node) && typeof node.$ref === "string"; hops++) {
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

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Every type the schema may accept (a superset), or "any" when that cannot be told. */
function typesOf(node: SchemaObject, root: JSONSchema, depth: number): Types {
  if (depth > 16) return "any";
  if ("const" in node) return new Set([jsonType(node.const)]);
  if (Array.isArray(node.enum)) return new Set(node.enum.map(jsonType));
  if (typeof node.type === "string") return new Set([node.type]);
  if (Array.isArray(node.type)) return new Set(node.type.filter((t): t is string => typeof t === "string"));
  const branches = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
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

/** The one schema (itself, or its only union branch accepting that kind) that describes an object or array value. */
function objectOrArrayBranch(node: SchemaObject, root: JSONSchema, kind: "object" | "array"): SchemaObject | undefined {
  const branches = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (branches === undefined || node.type !== undefined || "const" in node || Array.isArray(node.enum)) {
    const types = typesOf(node, root, 0);
    return types !== "any" && types.has(kind) ? node : undefined;
  }
  const matching: SchemaObject[] = [];
  for (const branch of branches) {
    if (branch === false) continue;
    const resolved = resolve(branch as JSONSchema, root);
    if (resolved === undefined) return undefined;
    const types = typesOf(resolved, root, 0);
    if (types === "any") return undefined;
    if (types.has(kind)) matching.push(resolved);
  }
  return matching.length === 1 ? matching[0] : undefined;
}

function propertySchema(node: SchemaObject, key: string): JSONSchema | undefined {
  const properties = isObject(node.properties) ? node.properties : undefined;
  if (properties !== undefined && Object.prototype.hasOwnProperty.call(properties, key))
    return properties[key] as JSONSchema;
  if (node.patternProperties !== undefined) return undefined;
  return isObject(node.additionalProperties) ? (node.additionalProperties as JSONSchema) : undefined;
}

function itemSchema(node: SchemaObject, index: number): JSONSchema | undefined {
  if (Array.isArray(node.prefixItems)) {
    if (index < node.prefixItems.length) return node.prefixItems[index] as JSONSchema;
    return isObject(node.items) ? (node.items as JSONSchema) : undefined;
  }
  if (Array.isArray(node.items)) return index < node.items.length ? (node.items[index] as JSONSchema) : undefined;
  return isObject(node.items) ? (node.items as JSONSchema) : undefined;
}
