// The characters and tokens the tolerant scanner (repair-scanner.ts) tells apart: JSON's own,
// the quotes models type instead of straight ones, and what may end a number or a literal.

export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const DOUBLE = 0x22;
export const SINGLE = 0x27;
export const BACKSLASH = 0x5c;
export const SLASH = 0x2f;
export const LEFT_DOUBLE = 0x201c;
export const RIGHT_DOUBLE = 0x201d;
export const LEFT_SINGLE = 0x2018;
export const RIGHT_SINGLE = 0x2019;

// A JSON number without its sign handling: a leading "+" is read (and dropped) before it.
export const number = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

export const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
export const isIdentifierStart = (c: number) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24;
export const isIdentifierPart = (c: number) => isIdentifierStart(c) || (c >= 0x30 && c <= 0x39);
// What may follow a number or a literal: a space, a separator, a closer, a comment, or the end.
export const endsToken = (c: number) =>
  Number.isNaN(c) || isSpace(c) || c === 0x2c || c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === SLASH;

/** True when the first character at or after `i` that is not a space may follow a string: `,` `:` `}` `]`. */
export function followsString(text: string, i: number): boolean {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  return c === 0x2c || c === 0x3a || c === CLOSE_OBJECT || c === CLOSE_ARRAY;
}

export const literals: Record<string, string> = { true: "true", false: "false", null: "null" };
export const pythonLiterals: Record<string, string> = { True: "true", False: "false", None: "null" };

export function escapeControl(c: number): string {
  if (c === 0x0a) return "\\n";
  if (c === 0x0d) return "\\r";
  if (c === 0x09) return "\\t";
  return `\\u${c.toString(16).padStart(4, "0")}`;
}
