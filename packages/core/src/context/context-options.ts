import type { JSONObject } from "../json.js";
import type { ToolPolicy } from "../policy/tool-policy.js";
import type { ContextSecret } from "./signing.js";

/** Settings of a new context. */
export interface ContextOptions {
  /** The policy deciding which calls run (default: no rules, so every call waits for approval). */
  toolPolicy?: ToolPolicy;
  /** Signs `toJSON()` (HMAC-SHA256) without passing the secret each time; never serialised. */
  secret?: ContextSecret;
}

/** Options of `Context.fromJSON`. */
export interface RestoreOptions extends ContextOptions {
  /** The secret it was signed with: a stored context without a valid signature is refused. */
  secret?: ContextSecret;
}

/** Options of `toJSON`. */
export interface ToJSONOptions {
  /** Sign the stored calls and decisions with this secret (HMAC-SHA256). */
  secret?: ContextSecret;
}

/** A tool call given to `ctx.assistant(...)` when building a history by hand. */
export interface ToolCallInit {
  /** The call id, as the model would have sent it. */
  id: string;
  /** The tool called. */
  name: string;
  /** The arguments, already parsed. */
  arguments: JSONObject;
  /** `function` for JSON-argument tools (the default), `custom` for free-text tools. */
  type?: "function" | "custom";
}
