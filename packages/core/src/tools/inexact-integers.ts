import type { ArgumentIssue } from "../errors/tool-argument-error.js";
import type { SchemaValidator } from "../schema/validation.js";

// An integer past ±(2^53 − 1) parses to the nearest double: 9007199254740993 becomes
// 9007199254740992, and an `integer` parameter would receive a number nobody sent. Such values
// are refused where the schema asks for an integer (a `number` parameter keeps them).

const message = "must be an integer within ±9007199254740991 (2^53 − 1): a larger one cannot be held exactly";

function pointerSegment(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** JSON pointers of the integers past 2^53 − 1 in `value`, and a copy with each replaced by 0.5. */
function inexactIntegers(value: unknown, path: string, found: string[], depth = 0): unknown {
  if (typeof value === "number") {
    if (!Number.isInteger(value) || Number.isSafeInteger(value)) return value;
    found.push(path);
    return 0.5; // not an integer: a schema that wants one here says so
  }
  if (typeof value !== "object" || value === null || depth > 512) return value;
  if (Array.isArray(value)) return value.map((item, i) => inexactIntegers(item, `${path}/${i}`, found, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const replaced = inexactIntegers(item, `${path}/${pointerSegment(key)}`, found, depth + 1);
    Object.defineProperty(copy, key, { value: replaced, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** True when `value` holds a number that is an integer past 2^53 − 1 (no copy, no paths). */
function hasInexactInteger(value: unknown, depth = 0): boolean {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (typeof value !== "object" || value === null || depth > 512) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasInexactInteger(item, depth + 1)) return true;
    return false;
  }
  for (const key in value)
    if (Object.hasOwn(value, key) && hasInexactInteger((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/**
 * The issues of integers past 2^53 − 1 standing where the schema wants an integer, for arguments
 * the schema already accepted; empty when there are none (the common case costs one walk that
 * copies nothing).
 */
export function inexactIntegerIssues(value: unknown, validate: SchemaValidator): ArgumentIssue[] {
  if (!hasInexactInteger(value)) return [];
  const found: string[] = [];
  const probe = inexactIntegers(value, "", found);
  if (found.length === 0) return [];
  const where = new Set(found);
  const issues: ArgumentIssue[] = [];
  for (const error of validate(probe) ?? []) {
    if (error.keyword !== "type" || !where.has(error.instancePath)) continue;
    const type = (error.params as { type?: unknown }).type;
    if (type !== "integer" && !(Array.isArray(type) && type.includes("integer"))) continue;
    where.delete(error.instancePath);
    issues.push({ path: error.instancePath, message });
  }
  return issues;
}
