import type { RepairCode } from "./repair-record.js";
import {
  OPEN_OBJECT,
  CLOSE_OBJECT,
  OPEN_ARRAY,
  CLOSE_ARRAY,
  DOUBLE,
  SINGLE,
  BACKSLASH,
  SLASH,
  LEFT_DOUBLE,
  RIGHT_DOUBLE,
  LEFT_SINGLE,
  RIGHT_SINGLE,
  number,
  isSpace,
  isIdentifierStart,
  isIdentifierPart,
  endsToken,
  followsString,
  literals,
  pythonLiterals,
  escapeControl,
} from "./scanner-characters.js";

// Why our own scanner and not a library: `jsonrepair` guesses (it closes truncated text and turns
// `{…}{…}` into an array), JSON5 accepts what we must refuse (hex, Infinity, NaN) and knows no Python
// literals or typographic quotes, jsonc-parser reads double-quoted strings only, and none of them
// reports what it changed. This scanner accepts exactly the recoverable mistakes, says which, and
// refuses everything else, in one pass.

/** One almost-JSON object read and rewritten as JSON, or why it cannot be. */
export type ScannedObject =
  { ok: true; json: string; end: number; codes: ReadonlySet<RepairCode> } | { ok: false; reason: string };

type Expect = "value" | "key" | "colon" | "next";

/**
 * Reads one object of almost-JSON from `text[start]` (a `{`) to its closing brace, rewriting it as
 * JSON: comments dropped, trailing commas dropped, single-quoted, typographic-quoted and unquoted
 * keys and strings re-quoted, Python's True/False/None and a leading `+` rewritten, raw control
 * characters in strings escaped. Anything else (an unclosed object or string, a word, a missing
 * comma, nesting past `maxDepth`) refuses. Every character is looked at a bounded number of times:
 * `work` counts them.
 */
export class TolerantScanner {
  /** Characters examined so far (for checking that scanning stays linear). */
  work = 0;
  readonly #text: string;
  readonly #maxDepth: number;
  readonly #curlyCloses: boolean;
  // Changes to the text, in order of position: the output is the text with these applied, so
  // an object that needs few changes costs a few slices, not a piece per token.
  // Three parallel arrays (start, end, replacement): no object allocated per edit.
  #from: number[] = [];
  #to: number[] = [];
  #with: string[] = [];
  #codes = new Set<RepairCode>();

  /**
   * `curlyCloses`: the second reading, tried only after the first failed: a `”` may close a string
   * opened by a straight `"` (see `#curlyCloser`).
   */
  constructor(text: string, maxDepth: number, curlyCloses = false) {
    this.#text = text;
    this.#maxDepth = maxDepth;
    this.#curlyCloses = curlyCloses;
  }

  /** Scans the object starting at `start`. */
  scanObject(start: number): ScannedObject {
    const text = this.#text;
    this.#from = [];
    this.#to = [];
    this.#with = [];
    this.#codes = new Set();
    if (text.charCodeAt(start) !== OPEN_OBJECT) return { ok: false, reason: "There is no JSON object." };
    const stack: number[] = [];
    let expect: Expect = "value";
    let afterComma = false;
    let lastComma = -1;
    let justOpened = false;
    let i = start;
    while (i < text.length) {
      this.work++;
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (c === SLASH) {
        i = this.#comment(i);
        if (i < 0) return { ok: false, reason: "A comment is never closed, or a / stands outside a string." };
        continue;
      }
      let next = -1;
      if (expect === "colon") {
        if (c === 0x3a) {
          expect = "value";
          next = i + 1;
        }
      } else if (expect === "next") {
        const top = stack[stack.length - 1]!;
        if (c === 0x2c) {
          afterComma = true;
          lastComma = i;
          expect = top === OPEN_OBJECT ? "key" : "value";
          next = i + 1;
        } else if ((c === CLOSE_OBJECT && top === OPEN_OBJECT) || (c === CLOSE_ARRAY && top === OPEN_ARRAY)) {
          next = i + 1;
          stack.pop();
          if (stack.length === 0) return this.#done(start, next);
        }
      } else if (c === (expect === "key" ? CLOSE_OBJECT : CLOSE_ARRAY) && (justOpened || afterComma)) {
        // `{}` / `[]`, or a trailing comma before the closer (in "value" state, only arrays get here).
        if (afterComma) this.#dropComma(lastComma);
        stack.pop();
        next = i + 1;
        afterComma = justOpened = false;
        if (stack.length === 0) return this.#done(start, next);
        expect = "next";
      } else if (expect === "key") {
        next = isIdentifierStart(c) ? this.#unquotedKey(i) : this.#string(i);
        if (next >= 0) expect = "colon";
        afterComma = justOpened = false;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        stack.push(c);
        if (stack.length > this.#maxDepth) return { ok: false, reason: "The arguments nest too deep." };
        expect = c === OPEN_OBJECT ? "key" : "value";
        justOpened = true;
        afterComma = false;
        next = i + 1;
      } else {
        next = this.#scalar(i);
        if (next >= 0) expect = "next";
        afterComma = justOpened = false;
      }
      if (next < 0) return { ok: false, reason: `Unexpected ${JSON.stringify(text[i])} at character ${i}.` };
      i = next;
    }
    return { ok: false, reason: "The text ends before the object is closed (it may have been cut off)." };
  }

  #edit(from: number, to: number, replacement: string): void {
    this.#from.push(from);
    this.#to.push(to);
    this.#with.push(replacement);
  }

  /** Drops a trailing comma: its edit goes before those of the comments that follow it. */
  #dropComma(at: number): void {
    let k = this.#from.length;
    while (k > 0 && this.#from[k - 1]! > at) k--;
    this.#from.splice(k, 0, at);
    this.#to.splice(k, 0, at + 1);
    this.#with.splice(k, 0, "");
    this.#codes.add("trailing-comma");
  }

  #done(start: number, end: number): ScannedObject {
    const pieces: string[] = [];
    let copied = start;
    const count = this.#from.length;
    for (let k = 0; k < count; k++) {
      pieces.push(this.#text.slice(copied, this.#from[k]), this.#with[k]!);
      copied = this.#to[k]!;
    }
    pieces.push(this.#text.slice(copied, end));
    this.work += count;
    return { ok: true, json: pieces.join(""), end, codes: this.#codes };
  }

  /** After a `/`: the index after the comment, or -1. */
  #comment(i: number): number {
    const text = this.#text;
    const kind = text.charCodeAt(i + 1);
    let j = i + 2;
    if (kind === SLASH) {
      while (j < text.length && text.charCodeAt(j) !== 0x0a && text.charCodeAt(j) !== 0x0d) j++;
    } else if (kind === 0x2a) {
      while (j < text.length && !(text.charCodeAt(j) === 0x2a && text.charCodeAt(j + 1) === SLASH)) j++;
      if (j >= text.length) return -1;
      j += 2;
    } else return -1;
    this.work += j - i;
    this.#edit(i, j, " ");
    this.#codes.add("comment");
    return j;
  }

  #unquotedKey(i: number): number {
    const text = this.#text;
    let j = i + 1;
    while (j < text.length && isIdentifierPart(text.charCodeAt(j))) j++;
    this.work += j - i;
    this.#edit(i, i, '"');
    this.#edit(j, j, '"');
    this.#codes.add("unquoted-key");
    return j;
  }

  /** A string, number or literal value at `i`: the index after it, or -1. */
  #scalar(i: number): number {
    const text = this.#text;
    const c = text.charCodeAt(i);
    if (c === 0x2d || c === 0x2b || (c >= 0x30 && c <= 0x39)) return this.#number(i);
    if (!isIdentifierStart(c)) return this.#string(i);
    let j = i + 1;
    while (j < text.length && isIdentifierPart(text.charCodeAt(j))) j++;
    this.work += j - i;
    const word = text.slice(i, j);
    const python = Object.hasOwn(pythonLiterals, word);
    const literal = Object.hasOwn(literals, word) ? literals[word] : python ? pythonLiterals[word] : undefined;
    if (literal === undefined) return -1;
    if (python) {
      this.#codes.add("python-literal");
      this.#edit(i, j, literal);
    }
    return endsToken(text.charCodeAt(j)) ? j : -1;
  }

  #number(i: number): number {
    const text = this.#text;
    let start = i;
    if (text.charCodeAt(i) === 0x2b) {
      start = i + 1;
      if (text.charCodeAt(start) === 0x2d) return -1;
      this.#codes.add("plus-sign");
      this.#edit(i, start, "");
    }
    number.lastIndex = start;
    const match = number.exec(text);
    if (match === null) return -1;
    const end = start + match[0].length;
    this.work += end - i;
    if (!endsToken(text.charCodeAt(end))) return -1;
    return end;
  }

  /**
   * Whether the `”` at `j`, in a string opened by a straight `"` with no `“` before it, closes
   * it: only when what follows it is what follows a string (`,` `:` `}` `]`), and "ambiguous"
   * when the next straight quote could close the string as well (it too is followed by one of
   * those, or ends the text): the straight reading may be the one meant, so neither is taken.
   */
  #curlyCloser(j: number): boolean | "ambiguous" {
    const text = this.#text;
    if (!followsString(text, j + 1)) return false;
    let q = j + 1;
    while (q < text.length && text.charCodeAt(q) !== DOUBLE) q += text.charCodeAt(q) === BACKSLASH ? 2 : 1;
    this.work += q - j;
    if (q >= text.length) return true;
    let after = q + 1;
    while (after < text.length && isSpace(text.charCodeAt(after))) after++;
    return after === text.length || followsString(text, after) ? "ambiguous" : true;
  }

  /** A quoted string at `i` ("…", '…', “…”, ‘…’), edited into a JSON string: the index after it, or -1. */
  #string(i: number): number {
    const text = this.#text;
    const open = text.charCodeAt(i);
    const typographicDouble = open === LEFT_DOUBLE || open === RIGHT_DOUBLE;
    const typographicSingle = open === LEFT_SINGLE || open === RIGHT_SINGLE;
    if (open !== DOUBLE && open !== SINGLE && !typographicDouble && !typographicSingle) return -1;
    const closes = (c: number) =>
      typographicDouble
        ? c === LEFT_DOUBLE || c === RIGHT_DOUBLE
        : typographicSingle
          ? c === LEFT_SINGLE || c === RIGHT_SINGLE
          : c === open;
    const requoted = open !== DOUBLE;
    if (open === SINGLE) this.#codes.add("single-quotes");
    else if (requoted) this.#codes.add("typographic-quotes");
    // Edits are only recorded once the string is known to close, so a refusal leaves none behind.
    const edits = this.#from.length;
    if (requoted) this.#edit(i, i + 1, '"');
    let opensCurly = false;
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (closes(c)) {
        if (requoted) this.#edit(j, j + 1, '"');
        this.work += j - i;
        return j + 1;
      }
      if (c === LEFT_DOUBLE) opensCurly = true;
      else if (c === RIGHT_DOUBLE && open === DOUBLE && this.#curlyCloses && !opensCurly) {
        const closer = this.#curlyCloser(j);
        if (closer === "ambiguous") break;
        if (closer) {
          this.#edit(j, j + 1, '"');
          this.#codes.add("typographic-quotes");
          this.work += j - i;
          return j + 1;
        }
      }
      if (c === BACKSLASH) {
        if (j + 1 >= text.length) break;
        // \' in a single-quoted string is a plain '; every other escape is kept for JSON.parse to judge.
        if (open === SINGLE && text.charCodeAt(j + 1) === SINGLE) this.#edit(j, j + 1, "");
        j++;
      } else if (c === DOUBLE) {
        this.#edit(j, j, "\\");
      } else if (c < 0x20) {
        this.#edit(j, j + 1, escapeControl(c));
        this.#codes.add("control-character");
      }
    }
    this.#from.length = this.#to.length = this.#with.length = edits;
    this.work += text.length - i;
    return -1;
  }
}
