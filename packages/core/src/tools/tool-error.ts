const marker = Symbol.for("tooltype.toolError");

/** What `toolError(message)` returns: a tool's way to report failure without throwing. */
export interface ToolErrorValue {
  /** The text the model reads, sent back as `{"error": message}`. */
  readonly message: string;
}

/**
 * Return this from a tool to report a failure the model should read (an error result,
 * `{"error": message}`) without throwing: `return toolError("No such city: Atlantis")`.
 */
export function toolError(message: string): ToolErrorValue {
  const value = { message: String(message) };
  Object.defineProperty(value, marker, { value: true });
  return Object.freeze(value);
}

/** True for a value made by `toolError` (from any installed copy of the package). */
export function isToolError(value: unknown): value is ToolErrorValue {
  if (typeof value !== "object" || value === null) return false;
  try {
    return marker in value;
  } catch {
    return false; // a Proxy whose `has` trap throws is no toolError value
  }
}
