/**
 * Nesting-depth checks that never recurse, so a hostile `[[[[…` of any length cannot
 * overflow the stack, and that stop at the first level past the limit.
 */

/** True when the JSON text nests objects/arrays deeper than `maxDepth` (strings are skipped). */
export function jsonTextExceedsDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** True when a parsed value nests objects/arrays deeper than `maxDepth` (the value itself is level 1). */
export function valueExceedsDepth(value: unknown, maxDepth: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth > maxDepth) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
