import { randomBytes } from "node:crypto";

/**
 * A new call id: `call_` and 24 random hex digits. The one scheme of the library, for calls a
 * server sent without a usable id and for calls made outside a completion.
 */
export function newCallId(): string {
  return `call_${randomBytes(12).toString("hex")}`;
}
