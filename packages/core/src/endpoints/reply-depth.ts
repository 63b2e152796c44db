// A reply is parsed JSON from a server: anything it nests deeply enough (a 10,000-level array in a
// signature, a call's extra field, an arguments object) would overflow the stack of whatever walks
// it later (serialising the next request, storing the context), after tools may already have run.
// So a reply nested past this depth is refused whole, before any of it is used.
import { ProtocolError } from "../errors/protocol-error.js";
import { nestedDeeperThan } from "../tools/input-limits.js";

/**
 * Deepest nesting of objects and arrays accepted in a reply (the body is level 1). Arguments
 * nested past `maxDepth` but within this make only their call unusable.
 */
export const MAX_REPLY_DEPTH = 512;

/** Throws `ProtocolError` when the parsed reply `body` nests objects or arrays deeper than `MAX_REPLY_DEPTH`. */
export function checkReplyDepth(body: unknown): void {
  if (nestedDeeperThan(body, MAX_REPLY_DEPTH))
    throw new ProtocolError(
      `The reply nests objects or arrays deeper than ${MAX_REPLY_DEPTH} levels, which no model reply needs, and was not read: nothing was added to the conversation and no tool ran.`,
    );
}
