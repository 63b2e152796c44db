import type { JSONSchema } from "../json.js";

// What is sent to a server must be a schema its converter accepts: llama.cpp's `llama-server
// --jinja` turns every offered tool's schema into a grammar and answers 400 ("Unrecognized
// schema: false") to a boolean subschema, so a tuple written `prefixItems` + `items: false` makes
// every request offering that tool fail. `items: false` there says "no more items", which
// `maxItems` says as well: the sent schema uses that form, while validation keeps the exact schema.

/** Keywords whose value is one subschema. */
const single = [
  "additionalProperties",
  "items",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
] as const;
/** Keywords whose value is an array of subschemas. */
const lists = ["prefixItems", "anyOf", "oneOf", "allOf"] as const;
/** Keywords whose value maps names to subschemas. */
const maps = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"] as const;

type SchemaObject = { [keyword: string]: unknown };

const isObject = (value: unknown): value is SchemaObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// Copy-on-write: the same object comes back when nothing below it changed.
function portable(schema: unknown, depth: number): unknown {
  if (!isObject(schema) || depth > 256) return schema;
  let out: SchemaObject | undefined;
  const set = (key: string, value: unknown): void => {
    out ??= { ...schema };
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const key of single) {
    if (!Object.hasOwn(schema, key)) continue;
    const next = portable(schema[key], depth + 1);
    if (next !== schema[key]) set(key, next);
  }
  for (const key of lists) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const next = list.map((item) => portable(item, depth + 1));
    if (next.some((item, i) => item !== list[i])) set(key, next);
  }
  for (const key of maps) {
    const map = schema[key];
    if (!isObject(map)) continue;
    let copy: SchemaObject | undefined;
    for (const [name, item] of Object.entries(map)) {
      const next = portable(item, depth + 1);
      if (next === item) continue;
      copy ??= { ...map };
      Object.defineProperty(copy, name, { value: next, enumerable: true, writable: true, configurable: true });
    }
    if (copy !== undefined) set(key, copy);
  }
  const tuple = schema.prefixItems;
  if (Array.isArray(tuple) && schema.items === false) {
    const current = out ?? schema;
    const max = typeof current.maxItems === "number" ? Math.min(current.maxItems, tuple.length) : tuple.length;
    out ??= { ...schema };
    delete out.items;
    out.maxItems = max;
  }
  return out ?? schema;
}

/**
 * The schema as sent to servers: the same constraints in forms every major server's schema
 * converter accepts (`items: false` beside `prefixItems` becomes `maxItems`). The input is not
 * changed; without anything to rewrite, it is returned as it is.
 */
export function portableSchema(schema: JSONSchema): JSONSchema {
  return portable(schema, 0) as JSONSchema;
}
