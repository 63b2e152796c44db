import type { JSONSchema } from "../json.js";
import type { ToolCallContext } from "./tool-call-context.js";
import type { ToolResult } from "./tool-result.js";

// The shapes around a Tool (what it is made of, how a run went), apart from the class itself.

/** Where a tool comes from: your code (decorated, a function, `define`d) or an MCP server. */
export type ToolSource = "native" | "mcp";

/**
 * What a tool's function receives: the validated arguments object (for a custom tool, the raw
 * text) and the call's context. Typed loosely so that any function fits; `define<Args>` types it.
 */
export type ToolFunction = (args: never, context: ToolCallContext) => unknown;

/** Why a call did not produce the function's own result. */
export type ToolFailure = "arguments" | "input" | "conversion" | "thrown" | "timeout" | "aborted";

/**
 * The result of `tool.execute`: always a `ToolResult`, and `failure` when the function did not
 * run to a return (`failure` absent: it ran and returned, possibly `toolError(…)`, `isError: true`).
 */
export interface ToolOutcome {
  /** What the model reads. */
  result: ToolResult;
  /** Why it failed: bad `arguments`, unusable `input` (too large, too deep, not JSON), a failed `conversion` (of a date argument or of the return value), a `thrown` error, a `timeout`, or `aborted` by the caller. */
  failure?: ToolFailure;
  /** The failure's (or the returned `toolError`'s) message, without the JSON wrapping. */
  message?: string;
  /** The value the function threw, for `thrown`. */
  error?: unknown;
}

/** Options of one execution: who is calling and within which limits. */
export interface ToolExecuteOptions {
  /** The call's id, passed on in the `ToolCallContext`. */
  callId: string;
  /** Cancels the call: it settles as `aborted` at once, whether or not the function listens. */
  signal?: AbortSignal;
  /** Overrides the tool's own `timeoutMs` for this call. */
  timeoutMs?: number;
  /** The application value (`completions(…, { toolContext })`). */
  toolContext?: unknown;
  /** The conversation the call belongs to. */
  context?: unknown;
  /** Largest accepted input in bytes of JSON (default 1 MiB). */
  maxToolInput?: number;
  /** Deepest accepted nesting (default 64). */
  maxDepth?: number;
}

/** Options of `call` and `impl`: like `execute`'s, with a generated `callId` when none is given. */
export type ToolCallOptions = Partial<ToolExecuteOptions>;

/** Everything a `Tool` is made of. */
export interface ToolInit {
  /** Tool name (`^[A-Za-z0-9_-]{1,64}$`). */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** Parameters schema; default `emptySchema()` (no arguments), `{ type: "string" }` for a custom tool. */
  schema?: JSONSchema;
  /** Schema of the result (docs, MCP `outputSchema`). */
  returns?: JSONSchema;
  /** Receives the validated arguments object (a custom tool: the raw text) and the context. */
  impl: ToolFunction;
  /** A free-text tool: its input is the model's raw text, not JSON arguments. */
  custom?: boolean;
  /** Default `"native"`. */
  source?: ToolSource;
  /** Per-call timeout in milliseconds (none by default). */
  timeoutMs?: number;
  /** Ask providers for strict schema adherence (OpenAI `strict: true`). */
  strict?: boolean;
  /** Argument paths revived from `date-time` strings into `Date`s (see `ToolMetadata.dates`). */
  dates?: readonly (readonly string[])[];
}
