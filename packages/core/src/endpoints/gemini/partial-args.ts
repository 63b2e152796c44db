import { asObject, isPlainObject, setOwn, type JSONObject, type JSONValue } from "../../json.js";
import { MAX_REPLY_DEPTH } from "../reply-depth.js";

// Vertex AI can stream one call's arguments in pieces (`streamFunctionCallArguments`): each piece
// is a `partialArgs` entry naming an argument by a JSON path (RFC 9535, e.g. `$.trip.stops[0].city`)
// with a string, number, boolean or null value; a string piece with `willContinue: true` is
// followed by more of the same string.

/** Path segments: property names and array positions. */
type Segment = string | number;

// An array position past this is not a streamed argument but a broken (or hostile) path.
const maxIndex = 100_000;

// Sticky patterns, matched where the last segment ended (no copy of the rest of the path per segment).
const dotted = /\.([^.[\]'"]+)/y;
const quoted = /\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/y;
const indexed = /\[(\d+)\]/y;

/**
 * The segments of a JSON path of the forms `$`, `.name`, `['name']`, `["name"]` and `[n]`;
 * undefined when it is not one, or when it is deeper than a reply may nest (`MAX_REPLY_DEPTH`).
 */
export function pathSegments(path: string): Segment[] | undefined {
  if (!path.startsWith("$")) return undefined;
  const segments: Segment[] = [];
  let at = 1;
  while (at < path.length) {
    if (segments.length >= MAX_REPLY_DEPTH) return undefined;
    dotted.lastIndex = quoted.lastIndex = indexed.lastIndex = at;
    const name = dotted.exec(path);
    const quote = name ? null : quoted.exec(path);
    const index = name || quote ? null : indexed.exec(path);
    if (name) segments.push(name[1]!);
    else if (quote) segments.push((quote[1] ?? quote[2]!).replace(/\\(.)/g, "$1"));
    else if (index && Number(index[1]) <= maxIndex) segments.push(Number(index[1]));
    else return undefined;
    at += (name ?? quote ?? index)![0].length;
  }
  return segments;
}

function valueOf(piece: JSONObject): { value: JSONValue } | undefined {
  if (typeof piece.stringValue === "string") return { value: piece.stringValue };
  if (typeof piece.numberValue === "number") return { value: piece.numberValue };
  if (typeof piece.boolValue === "boolean") return { value: piece.boolValue };
  if (piece.nullValue !== undefined) return { value: null };
  return undefined;
}

/** One call's arguments, assembled from its `partialArgs` pieces in arrival order. */
export class PartialArgs {
  readonly #args: JSONObject = {};
  // Paths whose last string piece said more of it follows.
  readonly #continuing = new Set<string>();
  #broken: string | undefined;

  /** Why the pieces cannot be assembled (a path that is not one, a value where an object was), if so. */
  get broken(): string | undefined {
    return this.#broken;
  }

  /** The arguments so far. */
  get value(): JSONObject {
    return this.#args;
  }

  /** Adds the pieces of one `partialArgs` array. */
  add(pieces: readonly unknown[]): void {
    for (const item of pieces) {
      const piece = asObject(item);
      if (piece === undefined || this.#broken !== undefined) continue;
      const path = typeof piece.jsonPath === "string" ? piece.jsonPath : "";
      const segments = pathSegments(path);
      if (segments === undefined || segments.length === 0) {
        this.#broken = `a streamed argument's path ${JSON.stringify(path)} is not a JSON path to a property`;
        continue;
      }
      const found = valueOf(piece);
      if (found !== undefined) this.#set(path, segments, found.value);
      if (piece.willContinue === true) this.#continuing.add(path);
      else this.#continuing.delete(path);
    }
  }

  /** Takes whole arguments sent beside the pieces (`args`): each property replaces what the pieces built. */
  assign(args: JSONObject): void {
    for (const [key, value] of Object.entries(args)) setOwn(this.#args, key, value);
  }

  #set(path: string, segments: readonly Segment[], value: JSONValue): void {
    let node: JSONObject | JSONValue[] = this.#args;
    for (let i = 0; i < segments.length - 1; i++) {
      const key = segments[i]!;
      const nextIsIndex = typeof segments[i + 1] === "number";
      const existing: JSONValue | undefined = readAt(node, key);
      if (existing === undefined || existing === null) {
        const made: JSONObject | JSONValue[] = nextIsIndex ? [] : {};
        if (!writeAt(node, key, made)) return this.#fail(path);
        node = made;
      } else if (Array.isArray(existing) || isPlainObject(existing)) node = existing as JSONObject | JSONValue[];
      else return this.#fail(path);
    }
    const last = segments[segments.length - 1]!;
    const previous = readAt(node, last);
    const joined =
      typeof value === "string" && typeof previous === "string" && this.#continuing.has(path)
        ? previous + value
        : value;
    if (!writeAt(node, last, joined)) this.#fail(path);
  }

  #fail(path: string): void {
    this.#broken = `the streamed argument ${JSON.stringify(path)} does not fit the arguments sent before it`;
  }
}

function readAt(node: JSONObject | JSONValue[], key: Segment): JSONValue | undefined {
  if (Array.isArray(node)) return typeof key === "number" ? node[key] : undefined;
  return typeof key === "string" && Object.hasOwn(node, key) ? node[key] : undefined;
}

function writeAt(node: JSONObject | JSONValue[], key: Segment, value: JSONValue): boolean {
  if (Array.isArray(node)) {
    if (typeof key !== "number") return false;
    while (node.length < key) node.push(null);
    node[key] = value;
    return true;
  }
  if (typeof key !== "string") return false;
  setOwn(node, key, value);
  return true;
}
