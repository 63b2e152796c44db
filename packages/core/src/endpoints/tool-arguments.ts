import { isPlainObject, type JSONObject } from "../json.js";
import { nestedDeeperThan } from "../tools/input-limits.js";
import { mayHoldUnusable, unusableValue } from "./argument-values.js";
import { jsonTextExceedsDepth } from "./json-depth.js";

/** Limits on what a model may send as one call's arguments (`EndpointRequest.maxToolInput`/`maxDepth`). */
export interface ArgumentLimits {
  /** Longest arguments accepted, in UTF-8 bytes; longer ones are not parsed. */
  maxToolInput: number;
  /** Deepest nesting of objects and arrays accepted (the arguments object is level 1). */
  maxDepth: number;
}

/** The arguments of one call, read per docs/wire-format.md ("Arguments"). */
export interface ParsedArguments {
  /** The arguments object, or `null` when unusable (see `argumentError`). */
  arguments: JSONObject | null;
  /** The arguments as received: the string itself, or the JSON text of an object sent as an object. */
  rawArguments: string;
  /** Why `arguments` is `null`, addressed to the model so it can send the call again. */
  argumentError?: string;
}

const example = 'Send the arguments as one JSON object, for example {"name": "value"}, or {} when the tool takes none.';

// Parsed JSON: an object that is not an array is a JSON object.
const isJSONObject = (value: unknown): value is JSONObject => isPlainObject(value);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "a plain string";
  return `a ${typeof value}`;
}

function unusable(rawArguments: string, argumentError: string): ParsedArguments {
  return { arguments: null, rawArguments, argumentError };
}

// Checked before anything else reads the text: a UTF-16 unit is 1 to 3 UTF-8 bytes, so the length
// alone settles most texts and the bytes are counted only in between (never for a huge text).
function tooLarge(rawArguments: string, limits: ArgumentLimits): ParsedArguments | undefined {
  const limit = limits.maxToolInput;
  if (rawArguments.length * 3 <= limit) return undefined;
  const counted = rawArguments.length <= limit;
  const bytes = counted ? Buffer.byteLength(rawArguments) : rawArguments.length;
  if (bytes <= limit) return undefined;
  return unusable(
    rawArguments,
    `The arguments were ${counted ? "" : "at least "}${bytes} bytes, over the limit of ${limit} bytes, and were not read. Send shorter arguments.`,
  );
}

function tooDeep(rawArguments: string, limits: ArgumentLimits): ParsedArguments {
  return unusable(
    rawArguments,
    `The arguments nest objects or arrays deeper than ${limits.maxDepth} levels and were not read. Send flatter arguments.`,
  );
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function unreadable(rawArguments: string, why: string): ParsedArguments {
  return unusable(
    rawArguments,
    `The arguments hold ${why}, which cannot be used. Send the call again with ordinary values (numbers within ±1.7e308, well-formed text).`,
  );
}

/** `value` as the arguments, unless its JSON `text` holds a value that cannot be used or sent back. */
function checkedValues(value: JSONObject, text: string, rawArguments: string): ParsedArguments {
  if (!mayHoldUnusable(text)) return { arguments: value, rawArguments };
  const why = unusableValue(value);
  return why === undefined ? { arguments: value, rawArguments } : unreadable(rawArguments, why);
}

/**
 * Reads one call's arguments as a server sent them:
 * an object is used as is; `""` or whitespace is `{}`; a string holding a JSON object is that object;
 * a string holding a JSON string that holds an object (double encoding) is unwrapped once;
 * anything else is unusable (`arguments: null` with an `argumentError`), and so are arguments holding
 * a number past a double or a lone surrogate. Over
 * `maxToolInput` bytes or nested past `maxDepth`, the text is not parsed at all.
 */
export function parseToolArguments(received: unknown, limits: ArgumentLimits): ParsedArguments {
  if (received === undefined || received === null) return { arguments: {}, rawArguments: "" };
  if (typeof received !== "string") {
    const rawArguments = JSON.stringify(received) ?? "";
    const large = tooLarge(rawArguments, limits);
    if (large) return large;
    if (!isJSONObject(received))
      return unusable(rawArguments, `The arguments were ${describe(received)}, not a JSON object. ${example}`);
    if (nestedDeeperThan(received, limits.maxDepth)) return tooDeep(rawArguments, limits);
    const why = unusableValue(received);
    if (why !== undefined) return unreadable(rawArguments, why);
    return { arguments: received, rawArguments };
  }
  const rawArguments = received;
  const large = tooLarge(rawArguments, limits);
  if (large) return large;
  if (rawArguments.trim() === "") return { arguments: {}, rawArguments };
  if (jsonTextExceedsDepth(rawArguments, limits.maxDepth)) return tooDeep(rawArguments, limits);
  const first = tryParse(rawArguments);
  if (!first.ok)
    return unusable(
      rawArguments,
      `The arguments were not valid JSON (${first.message}); they may have been cut off. ${example}`,
    );
  if (isJSONObject(first.value)) return checkedValues(first.value, rawArguments, rawArguments);
  if (typeof first.value === "string") {
    // Double encoding (a JSON string holding the JSON object): unwrap exactly once.
    const inner = first.value;
    if (jsonTextExceedsDepth(inner, limits.maxDepth)) return tooDeep(rawArguments, limits);
    const second = tryParse(inner);
    if (second.ok && isJSONObject(second.value)) return checkedValues(second.value, inner, rawArguments);
  }
  return unusable(rawArguments, `The arguments were ${describe(first.value)}, not a JSON object. ${example}`);
}
