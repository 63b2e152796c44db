/**
 * One text per JSON value, whatever the key order: keys sorted by code unit, no whitespace.
 * Used for hashes and signatures, so a store that reorders keys (a JSONB column) still verifies.
 * Throws a TypeError on anything that is not plain JSON (undefined, a function, a cycle, NaN).
 */
export function canonicalJSON(value: unknown, maxDepth = 1000): string {
  const parts: string[] = [];
  write(value, parts, maxDepth);
  return parts.join("");
}

function write(value: unknown, out: string[], depthLeft: number): void {
  if (value === null || typeof value === "boolean" || typeof value === "string") {
    out.push(JSON.stringify(value));
    return;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${value} is not a JSON number.`);
    out.push(JSON.stringify(value));
    return;
  }
  if (typeof value !== "object") throw new TypeError(`A ${typeof value} is not a JSON value.`);
  if (depthLeft <= 0) throw new TypeError("The value is nested too deeply (or contains a cycle).");
  if (Array.isArray(value)) {
    out.push("[");
    value.forEach((item, i) => {
      if (i > 0) out.push(",");
      write(item, out, depthLeft - 1);
    });
    out.push("]");
    return;
  }
  const keys = Object.keys(value).sort();
  out.push("{");
  keys.forEach((key, i) => {
    if (i > 0) out.push(",");
    out.push(JSON.stringify(key), ":");
    write((value as Record<string, unknown>)[key], out, depthLeft - 1);
  });
  out.push("}");
}
