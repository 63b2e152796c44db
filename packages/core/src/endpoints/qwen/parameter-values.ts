import { isPlainObject, type JSONSchema, type JSONValue } from "../../json.js";
import { jsonTextExceedsDepth } from "../json-depth.js";

// Qwen XML parameter values are text; the tool's schema says which are JSON (docs/wire-format.md): integer,
// number, boolean, object and array values are decoded, strings are kept as written. A value
// that does not decode to a type the schema allows stays a string, so validation answers the
// model instead of tooltype guessing what it meant.

/** JSON types a schema accepts (`integer` as its own type). */
export type JSONTypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

const typeNames = new Set<string>(["string", "number", "integer", "boolean", "object", "array", "null"]);
const maxSchemaHops = 16;

/** An own property of a schema object (never one inherited from `Object.prototype`). */
function own(schema: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(schema, key) ? schema[key] : undefined;
}

function typeOfValue(value: unknown): JSONTypeName | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string" || typeof value === "boolean") return typeof value as "string" | "boolean";
  return isPlainObject(value) ? "object" : undefined;
}

/** Follows a local `$ref` (`#/$defs/X`, `#/definitions/X`, any JSON pointer into the root). */
function resolveRef(ref: string, root: unknown): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!isPlainObject(node)) return undefined;
    node = own(node, key);
  }
  return node;
}

/**
 * The JSON types `schema` accepts, from `type`, `enum`/`const`, `anyOf`/`oneOf`/`allOf` branches
 * and local `$ref`s (`properties` alone means an object, `items` an array); `undefined` when
 * the schema does not say.
 */
function schemaTypes(schema: unknown, root: unknown): Set<JSONTypeName> | undefined {
  const types = new Set<JSONTypeName>();
  const visit = (node: unknown, hops: number): void => {
    if (!isPlainObject(node) || hops > maxSchemaHops) return;
    const ref = own(node, "$ref");
    if (typeof ref === "string") visit(resolveRef(ref, root), hops + 1);
    const type = own(node, "type");
    for (const name of Array.isArray(type) ? type : [type])
      if (typeof name === "string" && typeNames.has(name)) types.add(name as JSONTypeName);
    const values = own(node, "enum");
    for (const value of Array.isArray(values) ? values : []) addType(types, typeOfValue(value));
    if (Object.hasOwn(node, "const")) addType(types, typeOfValue(node.const));
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      const branches = own(node, key);
      if (Array.isArray(branches)) for (const branch of branches) visit(branch, hops + 1);
    }
    if (type === undefined && own(node, "properties") !== undefined) types.add("object");
    if (type === undefined && own(node, "items") !== undefined) types.add("array");
  };
  visit(schema, 0);
  return types.size > 0 ? types : undefined;
}

function addType(types: Set<JSONTypeName>, type: JSONTypeName | undefined): void {
  if (type !== undefined) types.add(type);
}

/** The schema of parameter `name` in a tool's parameters schema, when it declares one. */
function parameterSchema(toolSchema: JSONSchema | undefined, name: string): unknown {
  if (!isPlainObject(toolSchema)) return undefined;
  let node: unknown = toolSchema;
  const ref = own(toolSchema, "$ref");
  if (typeof ref === "string") node = resolveRef(ref, toolSchema);
  const properties = isPlainObject(node) ? own(node, "properties") : undefined;
  return isPlainObject(properties) ? own(properties, name) : undefined;
}

function accepts(types: ReadonlySet<JSONTypeName>, value: unknown): boolean {
  const type = typeOfValue(value);
  if (type === "integer") return Number.isSafeInteger(value) && (types.has("integer") || types.has("number"));
  if (type === "number") return Number.isFinite(value) && types.has("number");
  return type !== undefined && types.has(type);
}

/** What a parameter value became: a value, or too deep to decode. */
export type TypedValue = { value: JSONValue } | { tooDeep: true };

/**
 * Types one parameter value: a parameter the schema does not declare stays a string; a declared
 * one written as the literal `null` is `null`; a string-typed (or untyped) one is kept as written
 * (`"02134"` stays a string); otherwise the text is JSON-decoded, and kept only when the result
 * has a type the schema allows (an integer also within the safe range), else it stays a string.
 * `maxDepth` counts the arguments object as level 1, so a value may nest `maxDepth - 1` levels.
 */
export function typedParameterValue(
  raw: string,
  toolSchema: JSONSchema | undefined,
  name: string,
  maxDepth: number,
): TypedValue {
  const schema = parameterSchema(toolSchema, name);
  if (schema === undefined) return { value: raw };
  if (raw === "null") return { value: null };
  const types = schemaTypes(schema, toolSchema);
  if (types === undefined || types.has("string")) return { value: raw };
  if (jsonTextExceedsDepth(raw, maxDepth - 1)) return { tooDeep: true };
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    return { value: raw };
  }
  return { value: accepts(types, decoded) ? (decoded as JSONValue) : raw };
}
