import { isPlainObject as isSchema, setOwn, type JSONSchema } from "../json.js";

/**
 * Where a strict schema made optional properties nullable, as a graph that follows the schema
 * (`$ref`s point at the same node, so recursive types are cyclic graphs; values are finite).
 */
export interface NullMap {
  /** Optional properties made `anyOf: [schema, null]`: a `null` there means "absent". */
  absent?: Set<string>;
  /** Properties whose own schema accepts `null`: a `null` there stays `null`. */
  nullable?: Set<string>;
  /** Maps of nested object properties. */
  properties?: Map<string, NullMap>;
  /** Map of array items. */
  items?: NullMap;
  /** Maps of union branches. */
  anyOf?: NullMap[];
}

/**
 * The outcome of converting a schema for strict structured outputs (part of the endpoint contract:
 * the built-in endpoints put it on `ChoiceOutput.strict`; an endpoint of your own leaves it out).
 */
export type StrictSchemaResult =
  | {
      strict: true;
      /** The schema to send with `strict: true`. */
      schema: { [keyword: string]: unknown };
      /** Human-readable paths made nullable (`/unit`, `/items/*\/note`, `#/$defs/Node/next`). */
      nullablePaths: string[];
      /** Where the `null`s the model sends for omitted properties are, to take them out again. */
      nulls: NullMap;
    }
  | {
      strict: false;
      /** The original schema, to send without `strict`. */
      schema: JSONSchema;
      /** Why the schema cannot be strict (for the warning). */
      reason: string;
    };

type Schema = { [keyword: string]: unknown };

class NotStrict extends Error {}

// Kept as they are (supported by structured outputs).
const kept = new Set([
  "type",
  "description",
  "enum",
  "const",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);
// Dropped: annotations, and constraints structured outputs rejects that the validator still enforces.
const dropped = new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "minLength",
  "maxLength",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "contentEncoding",
  "contentMediaType",
  "discriminator",
]);
// Handled structurally below.
const structural = new Set([
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "$ref",
  "$defs",
  "definitions",
  "format",
]);
const formats = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** True when the schema itself accepts `null` (so a `null` there is a real value). */
function acceptsNull(schema: unknown): boolean {
  if (!isSchema(schema)) return schema === true;
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if ("const" in schema && schema.const === null) return true;
  for (const key of ["anyOf", "oneOf"])
    if (Array.isArray(schema[key]) && (schema[key] as unknown[]).some(acceptsNull)) return true;
  return false;
}

class Converter {
  readonly paths: string[] = [];
  private readonly defMaps = new Map<string, NullMap>();

  defMap(name: string): NullMap {
    let map = this.defMaps.get(name);
    if (!map) this.defMaps.set(name, (map = {}));
    return map;
  }

  convert(node: unknown, path: string): { schema: Schema; nulls: NullMap } {
    if (!isSchema(node)) throw new NotStrict(`${path || "/"} accepts any value (an unknown or any type)`);
    for (const key of Object.keys(node)) {
      if (!kept.has(key) && !dropped.has(key) && !structural.has(key))
        throw new NotStrict(`${path || "/"} uses "${key}", which structured outputs do not support`);
    }
    if (typeof node.$ref === "string") {
      const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(node.$ref);
      if (!match) throw new NotStrict(`${path || "/"} refers to ${node.$ref}, outside the schema's $defs`);
      return { schema: { $ref: node.$ref }, nulls: this.defMap(decodeURIComponent(match[2]!)) };
    }
    const out: Schema = {};
    for (const key of Object.keys(node)) if (kept.has(key)) out[key] = node[key];
    if (typeof node.format === "string" && formats.has(node.format)) out.format = node.format;
    const union = node.anyOf ?? node.oneOf;
    if (union !== undefined) {
      if (!Array.isArray(union) || union.length === 0) throw new NotStrict(`${path || "/"} has an empty union`);
      const branches = union.map((branch) => this.convert(branch, path));
      return {
        schema: {
          ...(typeof node.description === "string" ? { description: node.description } : {}),
          anyOf: branches.map((b) => b.schema),
        },
        nulls: { anyOf: branches.map((b) => b.nulls) },
      };
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (node.type === undefined && node.enum === undefined && node.const === undefined)
      throw new NotStrict(`${path || "/"} has no type: it accepts any value`);
    const nulls: NullMap = {};
    if (types.includes("object")) this.object(node, out, nulls, path);
    if (types.includes("array")) {
      if (!isSchema(node.items))
        throw new NotStrict(`${path || "/"} is an array whose items have no schema (a tuple or any[])`);
      const items = this.convert(node.items, `${path}/*`);
      out.items = items.schema;
      nulls.items = items.nulls;
    }
    return { schema: out, nulls };
  }

  private object(node: Schema, out: Schema, nulls: NullMap, path: string): void {
    const properties = isSchema(node.properties) ? node.properties : {};
    const names = Object.keys(properties);
    if (node.additionalProperties !== false && (node.additionalProperties !== undefined || names.length === 0)) {
      throw new NotStrict(
        `${path || "/"} is an object with arbitrary keys (a Record, an index signature or an open object)`,
      );
    }
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const converted: Schema = {};
    for (const name of names) {
      const child = this.convert(properties[name], `${path}/${name}`);
      (nulls.properties ??= new Map()).set(name, child.nulls);
      setOwn(converted, name, child.schema);
      if (acceptsNull(properties[name])) {
        (nulls.nullable ??= new Set()).add(name);
      } else if (!required.has(name)) {
        const { description, ...inner } = child.schema;
        converted[name] = {
          ...(description !== undefined ? { description } : {}),
          anyOf: [
            ...(Array.isArray(inner.anyOf) && Object.keys(inner).length === 1 ? inner.anyOf : [inner]),
            { type: "null" },
          ],
        };
        (nulls.absent ??= new Set()).add(name);
        this.paths.push(`${path}/${name}`);
      }
    }
    out.properties = converted;
    out.required = names;
    out.additionalProperties = false;
  }

  defs(root: Schema, out: Schema): void {
    for (const key of ["$defs", "definitions"]) {
      const defs = root[key];
      if (defs === undefined) continue;
      if (!isSchema(defs)) throw new NotStrict(`${key} is not an object`);
      const converted: Schema = {};
      for (const name of Object.keys(defs)) {
        const def = this.convert(defs[name], `#/${key}/${name}`);
        Object.assign(this.defMap(name), def.nulls);
        setOwn(converted, name, def.schema);
      }
      out[key] = converted;
    }
  }
}

const cache = new WeakMap<object, StrictSchemaResult>();

/**
 * Converts a tool's parameters schema for OpenAI structured outputs (`strict: true`): every
 * property required, optional ones as `anyOf: [schema, { type: "null" }]`, `additionalProperties:
 * false` everywhere, unsupported annotations dropped (the validator still checks the original).
 * A schema that cannot be strict (open objects, any-typed values, tuples, allOf/not/if, …) comes
 * back unchanged with `strict: false` and the reason. Results are cached per schema object.
 */
export function toStrictSchema(schema: JSONSchema): StrictSchemaResult {
  if (!isSchema(schema)) return { strict: false, schema, reason: "the schema is a boolean, not an object schema" };
  const cached = cache.get(schema);
  if (cached) return cached;
  let result: StrictSchemaResult;
  try {
    if (schema.type !== "object") throw new NotStrict("the root is not an object schema");
    const converter = new Converter();
    const { schema: out, nulls } = converter.convert(schema, "");
    converter.defs(schema, out);
    result = { strict: true, schema: out, nullablePaths: converter.paths, nulls };
  } catch (error) {
    if (!(error instanceof NotStrict)) throw error;
    result = { strict: false, schema, reason: error.message };
  }
  cache.set(schema, result);
  return result;
}
