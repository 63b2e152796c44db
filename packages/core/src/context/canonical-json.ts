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
      return Array.isArray(value) ? writeArray(value, depthLeft - 1) : writeObject(value as Record<string, unknown>, depthLeft - 1);
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
  const keys = Object.keys(object).sort();
  let text = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    text += (i > 0 ? "," : "") + JSON.stringify(key) + ":" + write(object[key], depthLeft);
  }
  return text + "}";
}
