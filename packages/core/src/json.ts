/** Any value that survives `JSON.stringify` → `JSON.parse` unchanged. */
export type JSONValue = string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue };

/** A JSON object: what tool arguments always are. */
export type JSONObject = { [key: string]: JSONValue };

/**
 * A JSON Schema (draft 2020-12 or draft-07), kept as plain data.
 * Typed loosely on purpose: schemas come from the transformer, from hand-written code and from MCP servers.
 */
export type JSONSchema = { [keyword: string]: unknown } | boolean;
