import { setOwn } from "../json.js";
import { DateLocations, type DateState } from "./date-locations.js";
import { snapshotOf, type SnapshotFrame } from "./partial-snapshot.js";

// An incremental reader of one JSON object or array arriving in pieces (a streamed answer): each
// character is looked at once, so the total work is linear in the text's length however it is
// split. The value is built in place; strings grow as they arrive (V8 joins appended pieces lazily).

type Container = { [key: string]: unknown } | unknown[];

interface Frame {
  value: Container;
  /** Objects: the key whose value is being read (set once the key is complete). */
  key: string | undefined;
  /** Objects: their keys in the order they arrived, each once (what a snapshot copies). */
  keys: string[];
  /** What comes next: a key (or `}`), the colon, a value, or a comma (or the closing bracket). */
  expect: "key" | "colon" | "value" | "comma";
  /** Where the container sits among the date paths. */
  dates: DateState;
}

/** Options of a `PartialJSON`. */
export interface PartialJSONOptions {
  /**
   * Where the value's dates are, as `ToolMetadata.dates` writes them (property names, `"*"` for
   * any item or key, the `$defs` entries of recursive types): a string there is held back while it
   * arrives and placed as a `Date` once complete (left out if it is no date).
   */
  dates?: readonly (readonly string[])[];
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const escapes: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * Reads a JSON object or array piece by piece (`push`), giving at every point the part received so
 * far (`value`): complete properties and items, strings as far as they arrived, numbers and
 * literals once complete. Text before the first `{` or `[` (prose, a markdown fence) and after the
 * value is skipped. Invalid JSON or nesting past `maxDepth` stops it: `value` keeps what was read.
 * Keys such as `__proto__` are plain own properties.
 */
export class PartialJSON {
  readonly #maxDepth: number;
  readonly #stack: Frame[] = [];
  #root: Container | undefined;
  #state: "before" | "reading" | "done" | "failed" = "before";
  /** The string being read (a key or a value), or the number/literal token. */
  #token: string | undefined;
  #tokenKind: "key" | "string" | "scalar" | undefined;
  /** Inside a string: 0 none, 1 after a backslash, 2–5 reading `\u` hex digits. */
  #escape = 0;
  #hex = "";
  #changed = false;
  readonly #dates: DateLocations;
  /** The string being read is a date: held back until it is complete. */
  #heldDate = false;

  /** `maxDepth`: the deepest nesting read before it stops (default 64). */
  constructor(maxDepth = 64, options: PartialJSONOptions = {}) {
    this.#maxDepth = maxDepth;
    this.#dates = DateLocations.of(options.dates ?? []);
  }

  /** The value read so far (the same object, growing), or undefined before its first bracket. */
  get value(): unknown {
    return this.#root;
  }

  /**
   * The value as read so far, kept as it is now whatever arrives later: a function that builds it
   * when first called (the same object on every call). Taking one costs a step per open object or
   * array, whatever their size; building it copies the open ones, and shares the parts that are
   * complete (they never change: treat them as read-only).
   */
  snapshot(): () => unknown {
    const frames: SnapshotFrame[] = this.#stack.map((frame) => ({
      value: frame.value,
      keys: frame.keys,
      count: Array.isArray(frame.value) ? frame.value.length : frame.keys.length,
      key: frame.key,
    }));
    const pending = this.#tokenKind === "string" && !this.#heldDate ? this.#token : undefined;
    const root = this.#root;
    let built: { value: unknown } | undefined;
    return () => (built ??= { value: frames.length === 0 ? root : snapshotOf(frames, pending) }).value;
  }

  /** True once the whole value has arrived. */
  get complete(): boolean {
    return this.#state === "done";
  }

  /** Reads the next piece; true when `value` changed. */
  push(text: string): boolean {
    this.#changed = false;
    let i = 0;
    const n = text.length;
    while (i < n && (this.#state === "before" || this.#state === "reading")) {
      if (this.#state === "before") {
        const brace = text.indexOf("{", i);
        const bracket = text.indexOf("[", i);
        const at = brace < 0 ? bracket : bracket < 0 ? brace : Math.min(brace, bracket);
        if (at < 0) return false;
        this.#state = "reading";
        this.#open(text.charCodeAt(at) === 0x7b ? {} : []);
        i = at + 1;
        continue;
      }
      if (this.#tokenKind === "key" || this.#tokenKind === "string") i = this.#string(text, i);
      else i = this.#structure(text, i);
    }
    return this.#changed;
  }

  #fail(): number {
    this.#state = "failed";
    return Number.MAX_SAFE_INTEGER;
  }

  #open(container: Container): void {
    if (this.#stack.length >= this.#maxDepth) {
      this.#fail();
      return;
    }
    const dates = this.#root === undefined ? this.#dates.start : this.#nextDates();
    if (this.#root === undefined) this.#root = container;
    else this.#place(container);
    const expect = Array.isArray(container) ? "value" : "key";
    this.#stack.push({ value: container, key: undefined, keys: [], expect, dates });
    this.#changed = true;
  }

  // Puts a value at the current position of the innermost container (an array's next item, an
  // object's key); a string growing replaces itself.
  #place(value: unknown): void {
    const frame = this.#stack[this.#stack.length - 1]!;
    const growing = this.#tokenKind === "string" && frame.expect === "comma";
    if (Array.isArray(frame.value)) {
      if (growing) frame.value[frame.value.length - 1] = value;
      else frame.value.push(value);
    } else {
      const key = frame.key!;
      if (!Object.hasOwn(frame.value, key)) frame.keys.push(key);
      else if (!growing) this.#copyFrame(frame); // a repeated key: earlier snapshots keep the first value
      setOwn(frame.value, key, value);
    }
    frame.expect = "comma";
    this.#changed = true;
  }

  // Objects and arrays change only by growing, except when a key comes again: the object is then
  // copied (in its parent too), so the one earlier snapshots hold never changes.
  #copyFrame(frame: Frame): void {
    const copy: Record<string, unknown> = {};
    for (const key of frame.keys) setOwn(copy, key, (frame.value as Record<string, unknown>)[key]);
    frame.value = copy;
    const parent = this.#stack[this.#stack.length - 2];
    if (parent === undefined) this.#root = copy;
    else if (Array.isArray(parent.value)) parent.value[parent.value.length - 1] = copy;
    else setOwn(parent.value, parent.key!, copy);
  }

  /** Where the value about to be read in the innermost container sits among the date paths. */
  #nextDates(): DateState {
    const frame = this.#top();
    if (frame.dates.length === 0) return frame.dates;
    return this.#dates.step(frame.dates, Array.isArray(frame.value) ? String(frame.value.length) : frame.key!);
  }

  #top(): Frame {
    return this.#stack[this.#stack.length - 1]!;
  }

  #close(): void {
    this.#stack.pop();
    this.#changed = true;
    if (this.#stack.length === 0) this.#state = "done";
  }

  // Between tokens: brackets, colons, commas, whitespace, and the start of strings, numbers and literals.
  #structure(text: string, start: number): number {
    let i = start;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.#tokenKind === "scalar") {
        if (WS.has(c) || c === 0x2c || c === 0x7d || c === 0x5d) {
          if (!this.#endScalar()) return this.#fail();
        } else {
          this.#token += text[i]!;
          continue;
        }
      }
      if (WS.has(c)) continue;
      const frame = this.#stack[this.#stack.length - 1]!;
      if (c === 0x22) {
        if (frame.expect === "key") this.#tokenKind = "key";
        else if (frame.expect === "value") {
          this.#tokenKind = "string";
          this.#heldDate = this.#dates.isDate(this.#nextDates());
          if (!this.#heldDate) this.#place("");
        } else return this.#fail();
        this.#token = "";
        return i + 1;
      }
      if (c === 0x2c) {
        if (frame.expect !== "comma") return this.#fail();
        frame.expect = Array.isArray(frame.value) ? "value" : "key";
      } else if (c === 0x3a) {
        if (frame.expect !== "colon") return this.#fail();
        frame.expect = "value";
      } else if (c === 0x7d || c === 0x5d) {
        const isArray = Array.isArray(frame.value);
        if ((c === 0x5d) !== isArray) return this.#fail();
        const empty = isArray ? frame.value.length === 0 : Object.keys(frame.value).length === 0;
        if (!(frame.expect === "comma" || (empty && frame.expect === (isArray ? "value" : "key")))) return this.#fail();
        this.#close();
        if (this.#state === "done") return text.length;
      } else if (frame.expect !== "value") {
        return this.#fail();
      } else if (c === 0x7b || c === 0x5b) {
        this.#open(c === 0x7b ? {} : []);
        if (this.#state === "failed") return text.length;
      } else {
        this.#tokenKind = "scalar";
        this.#token = text[i]!;
      }
    }
    return i;
  }

  #endScalar(): boolean {
    const token = this.#token!;
    this.#tokenKind = undefined;
    this.#token = undefined;
    if (!/^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/.test(token)) return false;
    this.#place(JSON.parse(token));
    return true;
  }

  // Inside a string: copies runs of plain characters at once, decodes escapes.
  #string(text: string, start: number): number {
    let i = start;
    let piece = "";
    while (i < text.length) {
      if (this.#escape === 1) {
        const ch = text[i++]!;
        if (ch === "u") {
          this.#escape = 2;
          this.#hex = "";
        } else if (escapes[ch] !== undefined) {
          piece += escapes[ch];
          this.#escape = 0;
        } else return this.#fail();
        continue;
      }
      if (this.#escape >= 2) {
        const ch = text[i++]!;
        if (!/[0-9a-fA-F]/.test(ch)) return this.#fail();
        this.#hex += ch;
        if (this.#hex.length === 4) {
          piece += String.fromCharCode(parseInt(this.#hex, 16));
          this.#escape = 0;
        }
        continue;
      }
      let end = i;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c === 0x22 || c === 0x5c) break;
        if (c < 0x20) return this.#fail();
        end++;
      }
      piece += text.slice(i, end);
      i = end;
      if (i >= text.length) break;
      if (text.charCodeAt(i) === 0x5c) {
        this.#escape = 1;
        i++;
        continue;
      }
      // The closing quote.
      this.#grow(piece);
      const frame = this.#stack[this.#stack.length - 1]!;
      if (this.#tokenKind === "key") {
        frame.key = this.#token;
        frame.expect = "colon";
      } else if (this.#heldDate) {
        const date = new Date(this.#token!);
        if (Number.isNaN(date.getTime())) frame.expect = "comma";
        else this.#place(date);
        this.#heldDate = false;
      }
      this.#tokenKind = undefined;
      this.#token = undefined;
      return i + 1;
    }
    this.#grow(piece);
    return i;
  }

  #grow(piece: string): void {
    if (piece === "") return;
    this.#token += piece;
    if (this.#tokenKind === "string" && !this.#heldDate) this.#place(this.#token);
  }
}
