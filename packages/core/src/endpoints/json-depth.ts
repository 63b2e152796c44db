/**
 * A nesting-depth check on JSON text that never recurses, so a hostile `[[[[…` of any length
 * cannot overflow the stack, and stops at the first level past the limit. (Parsed values:
 * `nestedDeeperThan` in tools/input-limits.ts.)
 */

/** True when the JSON text nests objects/arrays deeper than `maxDepth` (strings are skipped). */
export function jsonTextExceedsDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
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
