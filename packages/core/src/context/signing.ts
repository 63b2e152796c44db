import { createHmac, hash, timingSafeEqual } from "node:crypto";
import type { ToolCall } from "../policy/tool-call.js";
import { canonicalJSON } from "./canonical-json.js";

/** A key for signing stored contexts: keep it out of what is stored (an environment variable, a vault). */
export type ContextSecret = string | Uint8Array;

const prefix = "hmac-sha256:";

/**
 * The hash an approval is bound to: the call's id, type, tool name and arguments (SHA-256 of
 * their canonical JSON). A call whose binding no longer matches was changed after the decision.
 */
export function callBinding(call: Pick<ToolCall, "id" | "type" | "name" | "arguments" | "rawArguments">): string {
  const text = canonicalJSON([call.id, call.type, call.name, call.arguments, call.rawArguments]);
  // One-shot (no Hash object per call), joined into one flat string: a concatenation would keep
  // a 32-byte pair of pieces per call for as long as the conversation.
  return ["sha256:", hash("sha256", text, "hex")].join("");
}

/** HMAC-SHA256 of a JSON value's canonical form, as `hmac-sha256:<hex>`. */
export function signValue(value: unknown, secret: ContextSecret): string {
  return prefix + createHmac("sha256", checkedSecret(secret)).update(canonicalJSON(value), "utf8").digest("hex");
}

/** True when `signature` is the HMAC of `value` under `secret` (compared in constant time). */
export function verifyValue(value: unknown, signature: string, secret: ContextSecret): boolean {
  const expected = Buffer.from(signValue(value, secret), "utf8");
  const given = Buffer.from(signature, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function checkedSecret(secret: ContextSecret): string | Uint8Array {
  if (typeof secret === "string" ? secret.length === 0 : !(secret instanceof Uint8Array) || secret.length === 0) {
    throw new TypeError("The context secret must be a non-empty string or Uint8Array.");
  }
  return secret;
}
