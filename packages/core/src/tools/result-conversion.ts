import { setOwn } from "../json.js";

/** The text a tool's return value becomes, or why it could not become one. */
export type ConvertedResult = { ok: true; output: string } | { ok: false; message: string };

class NotJSONError extends Error {}

// Values JSON.stringify does not handle the way a model needs: Map → object, Set → array,
// bigint → refused with a clear message (JSON.stringify's own is "Do not know how to serialize").
function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === "bigint")
    throw new NotJSONError("it contains a bigint (convert it to a string or number first)");
  if (value instanceof Map) {
    const object: Record<string, unknown> = {};
    for (const [key, item] of value) setOwn(object, String(key), item);
    return object;
  }
  if (value instanceof Set) return [...value];
  return value;
}

/**
 * Converts what a tool returned into the text the model reads: a string as is; `undefined`
 * (a `void` function) as `{}`; anything else as JSON, with `toJSON` honoured, `Date` as its ISO
 * string, `Map` as an object and `Set` as an array. A cycle, a bigint, or a function or symbol
 * returned as the result is a failure, not a crash.
 */
export function convertResult(value: unknown): ConvertedResult {
  if (typeof value === "string") return { ok: true, output: value };
  if (value === undefined) return { ok: true, output: "{}" };
  // JSON.stringify gives undefined for these, which would read as an empty success.
  if (typeof value === "function") return { ok: false, message: "it is a function (return what it computes instead)" };
  if (typeof value === "symbol") return { ok: false, message: "it is a symbol (return a string instead)" };
  try {
    const output = JSON.stringify(value, replacer);
    return { ok: true, output: output === undefined ? "{}" : output };
  } catch (error) {
    if (error instanceof NotJSONError) return { ok: false, message: error.message };
    const text = thrownMessage(error);
    if (/circular|cyclic/i.test(text))
      return { ok: false, message: "it contains a cycle (an object that refers to itself)" };
    if (error instanceof RangeError) return { ok: false, message: "it is nested too deeply or contains a cycle" };
    return { ok: false, message: text };
  }
}

/** The error result text the model reads: `{"error": message}`. */
export function errorOutput(message: string): string {
  return JSON.stringify({ error: message });
}

/** What a thrown value that cannot be read (a throwing getter, a hostile Proxy) is reported as. */
export const unreadableThrownMessage = "The tool threw a value whose message could not be read.";

function readThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message !== "" ? thrown.message : thrown.name;
  if (typeof thrown === "object" && thrown !== null && typeof (thrown as { message?: unknown }).message === "string") {
    return (thrown as { message: string }).message;
  }
  return String(thrown);
}

/**
 * The readable message of anything thrown: an Error's message (or name), else its string form.
 * Never throws: a value whose message cannot be read (a getter or Proxy trap that throws, an
 * object without a string form) gives `unreadableThrownMessage`.
 */
export function thrownMessage(thrown: unknown): string {
  try {
    const message = readThrown(thrown);
    return typeof message === "string" ? message : unreadableThrownMessage;
  } catch {
    return unreadableThrownMessage;
  }
}
