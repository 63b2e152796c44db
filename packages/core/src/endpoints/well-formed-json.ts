// JSON.stringify writes a lone UTF-16 surrogate as a `\udXXX` escape: valid to JavaScript, but
// llama.cpp and other strict servers refuse the whole request (HTTP 500). One such character in a
// model's text, a tool's result or a user's prompt would then block every later request of the
// conversation, so request bodies carry U+FFFD in its place (what a UTF-8 encoder writes for it).

import { loneSurrogate, surrogateEscape } from "./argument-values.js";

const loneSurrogates = new RegExp(loneSurrogate.source, "g");

/**
 * `JSON.stringify(value)` for a request body, with every lone surrogate in its strings (keys
 * included) written as U+FFFD. Text without one is serialised once and returned as is.
 */
export function wellFormedJSON(value: unknown): string {
  const json = JSON.stringify(value);
  if (!surrogateEscape.test(json)) return json;
  // Rare: mend the parsed copy (plain data, whatever `toJSON` the value had), then write it again.
  return JSON.stringify(mended(JSON.parse(json)));
}

function mended(value: unknown): unknown {
  if (typeof value === "string") return value.replace(loneSurrogates, "\uFFFD");
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(mended);
  // No prototype: a key named `__proto__` stays a key.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) out[key.replace(loneSurrogates, "\uFFFD")] = mended(item);
  return out;
}
