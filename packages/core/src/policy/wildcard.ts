/**
 * Tool-name patterns for `ToolPolicy.allow` / `deny`: a name, or a pattern where `*` stands for
 * any run of characters (also none): `get*`, `*_admin`, `fs.*.write`, `*`. Every other character
 * is literal and matching is case-sensitive, like tool names themselves.
 */
export interface NamePattern {
  /** The pattern as written. */
  readonly source: string;
  /** True when `name` matches the whole pattern. */
  matches(name: string): boolean;
}

/**
 * Compiles a pattern. Matching is linear in the name's length times the number of `*` runs
 * (no regular expression, so no backtracking blow-up on hostile names).
 */
export function compileNamePattern(source: string): NamePattern {
  if (typeof source !== "string" || source.length === 0) {
    throw new TypeError(
      `A tool policy pattern must be a non-empty string (a tool name or a "*" pattern), got ${describe(source)}.`,
    );
  }
  const parts = source.split("*");
  if (parts.length === 1) return { source, matches: (name) => name === source };
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1).filter((part) => part.length > 0);
  const minimum = first.length + last.length + middle.reduce((sum, part) => sum + part.length, 0);
  return {
    source,
    matches(name) {
      if (name.length < minimum || !name.startsWith(first) || !name.endsWith(last)) return false;
      // Each middle piece is taken at its leftmost place: any later place only leaves less room.
      let at = first.length;
      const end = name.length - last.length;
      for (const part of middle) {
        const found = name.indexOf(part, at);
        if (found < 0 || found + part.length > end) return false;
        at = found + part.length;
      }
      return true;
    },
  };
}

// Policies are made per conversation and say the same few patterns ("*", "get*") again and again:
// each distinct pattern is compiled once per process. Bounded, so patterns built from data cannot grow it forever.
const shared = new Map<string, NamePattern>();
const sharedLimit = 256;

/** `compileNamePattern`, its result frozen and shared by every caller that passes the same text. */
export function sharedNamePattern(source: string): NamePattern {
  let pattern = shared.get(source);
  if (pattern === undefined) {
    pattern = Object.freeze(compileNamePattern(source));
    if (shared.size >= sharedLimit) shared.clear();
    shared.set(source, pattern);
  }
  return pattern;
}

/** True when `name` matches `pattern` (see `compileNamePattern`). */
export function matchesNamePattern(pattern: string, name: string): boolean {
  return sharedNamePattern(pattern).matches(name);
}

function describe(value: unknown): string {
  return typeof value === "string" ? '""' : typeof value;
}
