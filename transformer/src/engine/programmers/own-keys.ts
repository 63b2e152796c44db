import type { SchemaObject } from "../types.js";

/**
 * Sets `object[key]` as an own enumerable property, even for `__proto__` (plain assignment would
 * replace the prototype and lose the key).
 */
export function setOwn(object: SchemaObject, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
