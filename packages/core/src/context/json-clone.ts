import type { JSONObject, JSONValue } from "../json.js";
import { ContextJSONError } from "./context-errors.js";

/**
 * A deep copy of untrusted data that must be plain JSON, or a `ContextJSONError` naming where
 * it is not. Keys are copied as own data properties, so `__proto__` stays an ordinary key and
 * pollutes nothing; getters are not run past their first read; depth is bounded.
 */
export function cloneJSON(value: unknown, path: string, depthLeft = 512): JSONValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value;
    throw new ContextJSONError(path, `expected a finite number, got ${value}.`);
  }
  if (typeof value !== "object") throw new ContextJSONError(path, `expected a JSON value, got ${typeof value}.`);
  if (depthLeft <= 0) throw new ContextJSONError(path, "nested too deeply (or a cycle).");
  if (Array.isArray(value)) return value.map((item, i) => cloneJSON(item, `${path}[${i}]`, depthLeft - 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new ContextJSONError(path, "expected a plain JSON object.");
  const out: JSONObject = {};
  for (const key of Object.keys(value)) {
    const item = cloneJSON((value as Record<string, unknown>)[key], `${path}.${key}`, depthLeft - 1);
    Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** `cloneJSON` for a value that must be an object. */
export function cloneJSONObject(value: unknown, path: string): JSONObject {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ContextJSONError(path, "expected an object.");
  return cloneJSON(value, path) as JSONObject;
}

/** A JSON copy of trusted data on its way into a stored context (JSON.stringify semantics: `toJSON`, dates). */
export function toJSONCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
