/** Any value that survives `JSON.stringify` → `JSON.parse` unchanged. */
export type JSONValue = string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue };

/** A JSON object: what tool arguments always are. */
export type JSONObject = { [key: string]: JSONValue };

/**
 * A JSON Schema (draft 2020-12 or draft-07), kept as plain data.
 * Typed loosely on purpose: schemas come from the transformer, from hand-written code and from MCP servers.
 */
export type JSONSchema = { [keyword: string]: unknown } | boolean;

/** Sets `key` as an own enumerable data property, even when it is `__proto__` (which `=` would treat as the prototype). */
export function setOwn(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

/** True for an object that is not an array (a JSON object, a schema object): what `{ … }` parses to. */
export function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A plain JSON object, or undefined (what readers of replies take apart). */
export function asObject(value: unknown): JSONObject | undefined {
  return isPlainObject(value) ? (value as JSONObject) : undefined;
}
