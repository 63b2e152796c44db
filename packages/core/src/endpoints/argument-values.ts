// Values that parse but cannot be used or sent back: numbers past a double (`1e400` parses to
// Infinity, which JSON cannot carry) and strings with a lone UTF-16 surrogate (`"\ud800"`). A server that
// generated one (llama.cpp under a grammar wrote `5E549`) answers HTTP 500 to every later request
// whose history holds it, so such arguments make the call unusable instead.

/** A UTF-16 surrogate without its other half. */
export const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a parsed value holds something unusable, or undefined when it holds nothing of the kind. */
export function unusableValue(value: unknown, depth = 0): string | undefined {
  if (typeof value === "number")
    return Number.isFinite(value) ? undefined : "a number too large for a 64-bit floating-point value";
  if (typeof value === "string")
    return loneSurrogate.test(value) ? "a string with an unpaired UTF-16 surrogate" : undefined;
  if (typeof value !== "object" || value === null || depth > 512) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const why = unusableValue(item, depth + 1);
      if (why !== undefined) return why;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const why = unusableValue(key, depth + 1) ?? unusableValue(item, depth + 1);
    if (why !== undefined) return why;
  }
  return undefined;
}

// Cheap guards: most arguments hold no long digit run, no large exponent and no surrogate escape,
// and then need no second look.
const longNumber = /\d{309,}|[eE][+-]?\d{3,}/;
/** A `\uD800`–`\uDFFF` escape in JSON text: how JSON.stringify writes a lone surrogate. */
export const surrogateEscape = /\\u[dD][89a-fA-F]/;

/** Whether the JSON text may hold a value `unusableValue` would find. */
export function mayHoldUnusable(text: string): boolean {
  return longNumber.test(text) || surrogateEscape.test(text);
}
