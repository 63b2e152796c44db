/**
 * One text per JSON value, whatever the key order: keys sorted by code unit, no whitespace.
 * Used for hashes and signatures, so a store that reorders keys (a JSONB column) still verifies.
 * Throws a TypeError on anything that is not plain JSON (undefined, a function, a cycle, NaN).
 */
export function canonicalJSON(value: unknown, maxDepth = 1000): string {
  return write(value, maxDepth);
}

// Built by concatenation, one call per value: this runs on every decided call (its binding).
function write(value: unknown, depthLeft: number): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`${value} is not a JSON number.`);
      return JSON.stringify(value);
    case "object":
      if (value === null) return "null";
      if (depthLeft <= 0) throw new TypeError("The value is nested too deeply (or contains a cycle).");
      return Array.isArray(value)
        ? writeArray(value, depthLeft - 1)
        : writeObject(value as Record<string, unknown>, depthLeft - 1);
    default:
      throw new TypeError(`A ${typeof value} is not a JSON value.`);
  }
}

function writeArray(items: readonly unknown[], depthLeft: number): string {
  let text = "[";
  for (let i = 0; i < items.length; i++) {
    if (i in items) text += (i > 0 ? "," : "") + write(items[i], depthLeft); // holes are skipped, as they always were
  }
  return text + "]";
}

function writeObject(object: Record<string, unknown>, depthLeft: number): string {
  const keys = sortedKeys(object);
  let text = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    text += (i > 0 ? "," : "") + JSON.stringify(key) + ":" + write(object[key], depthLeft);
  }
  return text + "}";
}

// Object.keys in code-unit order, as Array.prototype.sort orders strings. Arguments objects have
// a handful of keys: an insertion sort spares the buffers the built-in sort allocates.
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}
