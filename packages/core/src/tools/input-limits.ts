/** Arguments larger than this (bytes of their JSON text) are refused before validation: 1 MiB. */
export const DEFAULT_MAX_TOOL_INPUT = 1024 * 1024;
/** Arguments nested deeper than this (objects and arrays) are refused before validation. */
export const DEFAULT_MAX_DEPTH = 64;

/** Limits applied to a call's input before anything else looks at it. */
export interface InputLimits {
  /** Largest accepted input, in bytes of its JSON text (of the raw text, for a custom tool). */
  maxToolInput: number;
  /** Deepest accepted nesting of objects and arrays (the arguments object itself is level 1). */
  maxDepth: number;
}

/** UTF-8 length of a string without allocating its encoding. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** True when `text`'s UTF-8 encoding is longer than `limit` bytes (counted only when it might be). */
export function utf8LongerThan(text: string, limit: number): boolean {
  return text.length * 3 > limit && utf8Length(text) > limit; // a UTF-16 unit is at most 3 bytes
}

/** True when `value` nests objects/arrays deeper than `maxDepth` (an explicit stack: no recursion to overflow). */
export function nestedDeeperThan(value: unknown, maxDepth: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  // Two parallel stacks (values, levels): no pair allocated per object.
  const values: object[] = [value];
  const levels: number[] = [1];
  const seen = new Set<object>();
  while (values.length > 0) {
    const current = values.pop()!;
    const level = levels.pop()!;
    if (seen.has(current)) continue;
    if (level > maxDepth) return true;
    seen.add(current);
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (typeof child === "object" && child !== null) {
        values.push(child);
        levels.push(level + 1);
      }
    }
  }
  return false;
}
