// A reply is parsed JSON from a server: anything it nests deeply enough (a 10,000-level array in a
// signature, a call's extra field, an arguments object) would overflow the stack of whatever walks
// it later (serialising the next request, storing the context), after tools may already have run.
// So a reply nested past this depth is refused whole, before any of it is used.
import { ProtocolError } from "../errors/protocol-error.js";

/**
 * Deepest nesting of objects and arrays accepted in a reply (the body is level 1). Arguments
 * nested past `maxDepth` but within this make only their call unusable.
 */
export const MAX_REPLY_DEPTH = 512;

/** Throws `ProtocolError` when the parsed reply `body` nests objects or arrays deeper than `MAX_REPLY_DEPTH`. */
export function checkReplyDepth(body: unknown): void {
  if (typeof body === "object" && body !== null && deeperThan(body, MAX_REPLY_DEPTH))
    throw new ProtocolError(
      `The reply nests objects or arrays deeper than ${MAX_REPLY_DEPTH} levels, which no model reply needs, and was not read: nothing was added to the conversation and no tool ran.`,
    );
}

// Parsed JSON shares no object between two places, so a plain walk needs no record of what it saw;
// it runs on every reply, so it allocates nothing and stops at the limit (no stack overflow).
function deeperThan(value: object, levelsLeft: number): boolean {
  if (levelsLeft === 0) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[])
      if (typeof item === "object" && item !== null && deeperThan(item, levelsLeft - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (typeof item === "object" && item !== null && deeperThan(item, levelsLeft - 1)) return true;
  }
  return false;
}
